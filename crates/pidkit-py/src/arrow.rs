//! Arrow-native batch functions: any Arrow string data in (`Utf8`, `LargeUtf8`, `Utf8View`; an
//! array, or a stream of them through the C stream interface), the same family of string type
//! out, one row per row, nulls kept, order kept, the GIL released while the rows are worked on.
//! Every row goes through [`crate::record`], so the answers are the CLI's.

use std::cell::Cell;
use std::sync::Arc;

use arrow_array::builder::{LargeStringBuilder, StringBuilder, StringViewBuilder};
use arrow_array::{
    Array, ArrayRef, BooleanArray, GenericStringArray, Int64Array, LargeStringArray, ListArray,
    OffsetSizeTrait, StringArray, StringViewArray, StructArray,
};
use arrow_buffer::{
    BooleanBuffer, BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer,
};
use arrow_schema::{DataType, Field, Fields};
use pidkit::{Iri, ReferenceResolution};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

use crate::options::{self, Codes};
use crate::record::{Op, Record, Request, with_record};
use pidkit::scheme::{FieldType, Value};
use pidkit::{Details, Identifier, Kind};
use pidkit_record::grouped::Grouped;
use pidkit_record::{Function, Spec};

/// The family of string type of the input, kept for the output.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Utf8,
    Large,
    View,
}

impl Family {
    fn of(t: &DataType) -> Result<Family, String> {
        match t {
            DataType::Utf8 | DataType::Null => Ok(Family::Utf8),
            DataType::LargeUtf8 => Ok(Family::Large),
            DataType::Utf8View => Ok(Family::View),
            t => Err(format!(
                "expected Arrow string data (utf8, large_utf8 or utf8_view), got {t}; cast it first"
            )),
        }
    }
}

/// The strings of one input array, whatever their Arrow type.
struct Strings<'a> {
    rows: Typed<'a>,
    /// Why the rows are not valid Arrow string data, found while they were read
    /// ([`Strings::for_each`]): [`run`] refuses the answer then.
    invalid: Cell<Option<String>>,
}

/// The array of [`Strings`], by Arrow type.
enum Typed<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
    Null(usize),
}

impl<'a> Strings<'a> {
    /// Typed access to an array whose buffers [`validated`] checked.
    fn of(a: &'a dyn Array) -> Result<Strings<'a>, String> {
        let any = a.as_any();
        let bad = || format!("unexpected Arrow array for {}", a.data_type());
        let rows = match a.data_type() {
            DataType::Utf8 => Typed::Utf8(any.downcast_ref().ok_or_else(bad)?),
            DataType::LargeUtf8 => Typed::Large(any.downcast_ref().ok_or_else(bad)?),
            DataType::Utf8View => Typed::View(any.downcast_ref().ok_or_else(bad)?),
            DataType::Null => Typed::Null(a.len()),
            t => Family::of(t).map(|_| Typed::Null(0))?,
        };
        Ok(Strings::new(rows))
    }

    fn new(rows: Typed<'a>) -> Strings<'a> {
        Strings {
            rows,
            invalid: Cell::new(None),
        }
    }

    /// No rows at all.
    fn none() -> Strings<'static> {
        Strings::new(Typed::Null(0))
    }

    fn len(&self) -> usize {
        match self.rows {
            Typed::Utf8(a) => a.len(),
            Typed::Large(a) => a.len(),
            Typed::View(a) => a.len(),
            Typed::Null(n) => n,
        }
    }

    /// The bytes of text of these rows, to size the output (an estimate for views). Not the
    /// values buffer's length: a slice shares the whole buffer of the array it was cut from.
    fn bytes(&self) -> usize {
        fn span<O: OffsetSizeTrait>(o: &[O]) -> usize {
            match (o.first(), o.last()) {
                (Some(first), Some(last)) => last.as_usize() - first.as_usize(),
                _ => 0,
            }
        }
        match self.rows {
            Typed::Utf8(a) => span(a.value_offsets()),
            Typed::Large(a) => span(a.value_offsets()),
            Typed::View(a) => a.len() * 32,
            Typed::Null(_) => 0,
        }
    }

    /// `f` on every row in order (`None` for a null). The loop is compiled for each Arrow
    /// type, not a dispatch on the type per row. `Utf8` and `LargeUtf8` rows are checked as
    /// they are read ([`checked_rows`]); where they are not valid, the rest of the rows are
    /// handed as nulls and [`Strings::invalid`] says why.
    fn for_each(&self, mut f: impl FnMut(Option<&'a str>)) {
        let found = match self.rows {
            Typed::Utf8(a) => checked_rows(a, f),
            Typed::Large(a) => checked_rows(a, f),
            Typed::View(a) => {
                a.iter().for_each(f);
                Ok(())
            }
            Typed::Null(n) => {
                (0..n).for_each(|_| f(None));
                Ok(())
            }
        };
        if let Err(e) = found {
            self.invalid.set(Some(e));
        }
    }

    /// Each row's answer, in the rows' order, worked out in groups of alike values
    /// ([`Grouped`]: a third faster on a column that mixes kinds): `answer` gives a value of
    /// its own and may append text to the buffer it is handed; `f` gets both (`None` for a
    /// null row).
    fn for_each_answer<A: Copy>(
        &self,
        answer: impl FnMut(&str, &mut String) -> A,
        f: impl FnMut(Option<(A, &str)>),
    ) {
        Grouped::new().run_all(|each| self.for_each(each), answer, f);
    }
}

/// `a` checked before any row is read (buffers that come through the C data interface: offsets
/// in bounds and in order, UTF-8). A `Utf8`/`LargeUtf8` array's buffers are checked here, and
/// its rows as they are read ([`checked_rows`]), whose error is [`own_rows`]'s; the other
/// types wholly here. (arrow-rs's `validate_full` reads the values buffer from its start,
/// which made every chunk of a chunked array of slices cost as much as all the chunks before
/// it.)
fn validated(a: &ArrayRef) -> Result<(), String> {
    let check = match a.data_type() {
        DataType::Utf8 => string_array::<i32>(a).and_then(|a| own_buffers(a).map(drop)),
        DataType::LargeUtf8 => string_array::<i64>(a).and_then(|a| own_buffers(a).map(drop)),
        _ => a.to_data().validate_full(),
    };
    check.map_err(invalid)
}

/// `a` as the `Utf8` (`O` = `i32`) or `LargeUtf8` (`i64`) array its type says it is.
fn string_array<O: OffsetSizeTrait>(
    a: &ArrayRef,
) -> Result<&GenericStringArray<O>, arrow_schema::ArrowError> {
    a.as_any().downcast_ref().ok_or_else(|| {
        arrow_schema::ArrowError::InvalidArgumentError(format!(
            "unexpected Arrow array for {}",
            a.data_type()
        ))
    })
}

/// The error of invalid Arrow data.
fn invalid(e: arrow_schema::ArrowError) -> String {
    format!("invalid Arrow data: {e}")
}

/// The rows a `Utf8` or `LargeUtf8` array hands at a time to [`checked_rows`]: their text is
/// checked as UTF-8 in one call, and is still in the processor's cache when the rows are read.
const CHECKED_ROWS: usize = 1024;

/// `f` on every row of `a` (whose buffers [`validated`] checked), in blocks of
/// [`CHECKED_ROWS`]: a block's text checked as UTF-8, then each row's offsets within that text
/// (in order, on character boundaries) as it is cut from it, the null rows' too. This is
/// [`own_rows`]'s check, made in the pass that reads the rows rather than in a pass of its own
/// over the column (which, as the first to read the text from memory, took a tenth of
/// `doi_name`'s time). At the first fault the rest of the rows are handed as nulls, and the
/// error is [`own_rows`]'s, worded over the whole array.
fn checked_rows<'a, O: OffsetSizeTrait>(
    a: &'a GenericStringArray<O>,
    mut f: impl FnMut(Option<&'a str>),
) -> Result<(), String> {
    let n = a.len();
    if n == 0 {
        return Ok(());
    }
    let (offsets, values, nulls) = (a.value_offsets(), a.value_data(), a.nulls());
    let mut from = 0;
    while from < n {
        let to = n.min(from + CHECKED_ROWS);
        let block = offsets.get(from..=to).and_then(|ends| {
            let (lo, hi) = (ends.first()?.as_usize(), ends.last()?.as_usize());
            let text = simdutf8::basic::from_utf8(values.get(lo..hi)?).ok()?;
            Some((ends, lo, text))
        });
        let Some((ends, lo, text)) = block else {
            return Err(fault(a, from, f));
        };
        for (r, ends) in ends.windows(2).enumerate() {
            let row =
                text.get(ends[0].as_usize().wrapping_sub(lo)..ends[1].as_usize().wrapping_sub(lo));
            match row {
                Some(_) if nulls.is_some_and(|v| v.is_null(from + r)) => f(None),
                Some(row) => f(Some(row)),
                None => return Err(fault(a, from + r, f)),
            }
        }
        from = to;
    }
    Ok(())
}

/// [`checked_rows`]' answer at a fault found at row `from`: the rows from there handed as
/// nulls, and [`own_rows`]'s error.
fn fault<'a, O: OffsetSizeTrait>(
    a: &GenericStringArray<O>,
    from: usize,
    mut f: impl FnMut(Option<&'a str>),
) -> String {
    (from..a.len()).for_each(|_| f(None));
    match own_rows(a) {
        Err(e) => invalid(e),
        Ok(()) => "invalid Arrow data: a row's offsets do not fall within the text".to_owned(),
    }
}

/// The offsets of `a`'s rows and the bytes of text between the first row's start and the last
/// row's end, once the buffers' sizes are checked and those two offsets found within the
/// values (no per-row work); `None` for an array of no rows.
#[allow(clippy::type_complexity)]
fn own_buffers<O: OffsetSizeTrait>(
    a: &GenericStringArray<O>,
) -> Result<Option<(&[O], &[u8])>, arrow_schema::ArrowError> {
    let bad = |what: &str| arrow_schema::ArrowError::InvalidArgumentError(what.to_owned());
    let data = a.to_data();
    if data.is_empty() {
        // No rows, so nothing is read: an empty slice at an offset (`a[3:]`, `slice(2, 0)`)
        // keeps its parent's offset past an empty values buffer, which arrow-rs's `validate`
        // refuses, and the format allows no offsets at all.
        return Ok(None);
    }
    data.validate()?;
    let (offsets, values) = (a.value_offsets(), a.value_data());
    let (Some(first), Some(last)) = (offsets.first(), offsets.get(a.len())) else {
        return Err(bad("string offsets shorter than the array"));
    };
    let text = values
        .get(first.as_usize()..last.as_usize())
        .ok_or_else(|| bad("string offsets out of order or past the text"))?;
    Ok(Some((&offsets[..=a.len()], text)))
}

/// The whole check of a `Utf8` (`O` = `i32`) or `LargeUtf8` (`i64`) array, in passes of its
/// own: the buffers' sizes, the text between the first row's start and the last row's end as
/// UTF-8 in one call, and in one pass over the rows' offsets that they go forward and fall on
/// character boundaries. [`checked_rows`] makes the same check as it reads the rows, and words
/// its error with this one.
fn own_rows<O: OffsetSizeTrait>(a: &GenericStringArray<O>) -> Result<(), arrow_schema::ArrowError> {
    let bad = |what: &str| arrow_schema::ArrowError::InvalidArgumentError(what.to_owned());
    let Some((offsets, text)) = own_buffers(a)? else {
        return Ok(());
    };
    let first = offsets[0].as_usize();
    // The fast check first (a few bytes a cycle more than the standard library's on ASCII);
    // the standard library's for the message where it fails.
    let text = match simdutf8::basic::from_utf8(text) {
        Ok(text) => text,
        Err(_) => std::str::from_utf8(text).map_err(|e| bad(&format!("text is not UTF-8: {e}")))?,
    };
    let mut previous = first;
    for o in offsets {
        let o = o.as_usize();
        if o < previous {
            return Err(bad("string offsets out of order"));
        }
        if !text.is_char_boundary(o - first) {
            return Err(bad("a row starts or ends inside a UTF-8 character"));
        }
        previous = o;
    }
    Ok(())
}

/// A string column being built straight into an Arrow builder of the output family (offsets of
/// the family's width, validity as a bitmap made only once a null comes), so that finishing it
/// neither converts offsets nor checks again the UTF-8 it was given as `&str`.
trait Sink {
    fn push(&mut self, s: Option<&str>);
    fn into_array(self) -> Result<ArrayRef, String>;
}

/// A `Utf8` column. Its null rows are kept apart ([`NullRows`]) and given to Arrow once, when
/// the column is finished; the builder writes an empty value for them and keeps no validity
/// bitmap of its own (its bit a row, written a byte at a time into a buffer grown a byte at a
/// time, was a fifth of its time).
struct Utf8Col {
    b: StringBuilder,
    nulls: NullRows,
    /// A row that would have put more than `i32::MAX` bytes in the array (the builder would
    /// panic): the column is refused when finished.
    too_big: bool,
}

impl Utf8Col {
    fn with_capacity(rows: usize, bytes: usize) -> Utf8Col {
        Utf8Col {
            b: StringBuilder::with_capacity(rows, bytes),
            nulls: NullRows::with_capacity(rows),
            too_big: false,
        }
    }

    /// `n` null rows.
    fn push_nulls(&mut self, n: usize) {
        (0..n).for_each(|_| self.push(None));
    }
}

impl Sink for Utf8Col {
    #[inline]
    fn push(&mut self, s: Option<&str>) {
        let value = match s {
            Some(s) if self.b.values_slice().len() + s.len() <= i32::MAX as usize => Some(s),
            Some(_) => {
                self.too_big = true;
                None
            }
            None => None,
        };
        self.nulls.push(value.is_none());
        self.b.append_value(value.unwrap_or_default());
    }

    fn into_array(mut self) -> Result<ArrayRef, String> {
        if self.too_big {
            return Err("the result has more than 2 GiB of text in one array: pass large_string (LargeUtf8) data or smaller chunks".to_owned());
        }
        self.nulls.apply(Arc::new(self.b.finish()))
    }
}

/// The null rows of a column being built, a bit a row in words of 64 (set: null), handed to
/// Arrow when the column is finished ([`NullRows::apply`]).
struct NullRows {
    words: Vec<u64>,
    /// The rows after the last whole word.
    word: u64,
    rows: usize,
    any: bool,
}

impl NullRows {
    fn with_capacity(rows: usize) -> NullRows {
        NullRows {
            words: Vec::with_capacity(rows / 64 + 1),
            word: 0,
            rows: 0,
            any: false,
        }
    }

    #[inline]
    fn push(&mut self, null: bool) {
        self.word |= u64::from(null) << (self.rows % 64);
        self.any |= null;
        self.rows += 1;
        if self.rows.is_multiple_of(64) {
            self.words.push(std::mem::take(&mut self.word));
        }
    }

    /// `a` (of [`NullRows::push`]'s rows, none of them null) with these rows null: its
    /// validity replaced, its offsets and text shared as they are.
    fn apply(mut self, a: ArrayRef) -> Result<ArrayRef, String> {
        if !self.any {
            return Ok(a);
        }
        if !self.rows.is_multiple_of(64) {
            self.words.push(self.word);
        }
        let bits = BooleanBuffer::new(Buffer::from_vec(self.words), 0, self.rows);
        arrow_select::nullif::nullif(a.as_ref(), &BooleanArray::new(bits, None))
            .map_err(|e| e.to_string())
    }
}

impl Sink for LargeStringBuilder {
    #[inline]
    fn push(&mut self, s: Option<&str>) {
        self.append_option(s);
    }
    fn into_array(mut self) -> Result<ArrayRef, String> {
        Ok(Arc::new(self.finish()))
    }
}

impl Sink for StringViewBuilder {
    #[inline]
    fn push(&mut self, s: Option<&str>) {
        self.append_option(s);
    }
    fn into_array(mut self) -> Result<ArrayRef, String> {
        Ok(Arc::new(self.finish()))
    }
}

/// A string column of the family chosen at run time: for the many columns of `parse` and
/// `extract` (a column of one value per row is built by [`string_column`] without this
/// dispatch).
enum StrCol {
    Utf8(Utf8Col),
    Large(LargeStringBuilder),
    View(StringViewBuilder),
}

impl StrCol {
    /// A column of `family` for `rows` rows of about `bytes` bytes of text in all.
    fn new(family: Family, rows: usize, bytes: usize) -> StrCol {
        match family {
            Family::Utf8 => StrCol::Utf8(Utf8Col::with_capacity(rows, bytes)),
            Family::Large => StrCol::Large(LargeStringBuilder::with_capacity(rows, bytes)),
            Family::View => StrCol::View(StringViewBuilder::with_capacity(rows)),
        }
    }

    /// `N` empty columns of `family`, each with room for `rows` rows.
    fn many<const N: usize>(family: Family, rows: usize) -> [StrCol; N] {
        std::array::from_fn(|_| StrCol::new(family, rows, 0))
    }

    fn push(&mut self, s: Option<&str>) {
        match self {
            StrCol::Utf8(c) => c.push(s),
            StrCol::Large(c) => c.push(s),
            StrCol::View(c) => c.push(s),
        }
    }

    /// `n` nulls at once: the offsets and validity of `Utf8` and `LargeUtf8` filled in bulk.
    fn push_nulls(&mut self, n: usize) {
        match self {
            StrCol::Utf8(c) => c.push_nulls(n),
            StrCol::Large(c) => c.append_nulls(n),
            StrCol::View(c) => (0..n).for_each(|_| c.append_null()),
        }
    }

    fn nulls(valid: Vec<bool>) -> Option<NullBuffer> {
        let n = NullBuffer::from(valid);
        (n.null_count() > 0).then_some(n)
    }

    fn finish(self) -> Result<ArrayRef, String> {
        match self {
            StrCol::Utf8(c) => c.into_array(),
            StrCol::Large(c) => c.into_array(),
            StrCol::View(c) => c.into_array(),
        }
    }
}

/// An Int64 column.
#[derive(Default)]
struct IntCol(Vec<Option<i64>>);

impl IntCol {
    fn push(&mut self, v: Option<usize>) {
        self.0.push(v.and_then(|v| i64::try_from(v).ok()));
    }
    fn finish(self) -> ArrayRef {
        Arc::new(Int64Array::from(self.0))
    }
}

/// A Boolean column.
#[derive(Default)]
struct BoolCol(Vec<Option<bool>>);

impl BoolCol {
    fn push_nulls(&mut self, n: usize) {
        self.0.resize(self.0.len() + n, None);
    }
    fn finish(self) -> ArrayRef {
        Arc::new(BooleanArray::from(self.0))
    }
}

/// A struct column of named children.
fn struct_array(
    fields: Vec<(&str, ArrayRef)>,
    valid: Option<Vec<bool>>,
) -> Result<ArrayRef, String> {
    let (fields, arrays): (Vec<Field>, Vec<ArrayRef>) = fields
        .into_iter()
        .map(|(name, a)| (Field::new(name, a.data_type().clone(), true), a))
        .unzip();
    let nulls = valid.and_then(StrCol::nulls);
    StructArray::try_new(Fields::from(fields), arrays, nulls)
        .map(|a| Arc::new(a) as ArrayRef)
        .map_err(|e| e.to_string())
}

/// A list column from the number of items per row and the flattened items.
fn list_array(counts: &[Option<usize>], items: ArrayRef) -> Result<ArrayRef, String> {
    let mut offsets = Vec::with_capacity(counts.len() + 1);
    let mut total: usize = 0;
    offsets.push(0i32);
    for c in counts {
        total += c.unwrap_or(0);
        offsets.push(
            i32::try_from(total).map_err(|_| "more than 2^31 items in one array".to_owned())?,
        );
    }
    let field = Arc::new(Field::new("item", items.data_type().clone(), true));
    let valid = counts.iter().map(Option::is_some).collect::<Vec<_>>();
    ListArray::try_new(
        field,
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        items,
        StrCol::nulls(valid),
    )
    .map(|a| Arc::new(a) as ArrayRef)
    .map_err(|e| e.to_string())
}

/// One batch function: from the strings of an input array to an output array.
type Kernel<'k> = dyn Fn(&Strings<'_>, Family) -> Result<ArrayRef, String> + Sync + 'k;

/// Apply `kernel` to every array of `data` with the GIL released; an array gives an array, a
/// stream a chunked array (an arro3 object, which the Python side hands to pyarrow).
fn run(py: Python<'_>, data: AnyArray, kernel: &Kernel<'_>) -> PyResult<Py<PyAny>> {
    let apply = |a: &ArrayRef| -> Result<ArrayRef, String> {
        if !a.is_empty() && a.logical_null_count() == a.len() {
            // Every row null: every row of the answer is null too, made in one allocation of
            // zeroed (untouched) pages instead of a push per row into every output column
            // (`parse` on 10 M nulls took 13.7 s and 2.9 GB that way).
            let dtype = kernel(&Strings::none(), Family::of(a.data_type())?)?
                .data_type()
                .clone();
            return Ok(arrow_array::new_null_array(&dtype, a.len()));
        }
        validated(a)?;
        let s = Strings::of(a.as_ref())?;
        let out = kernel(&s, Family::of(a.data_type())?)?;
        // Rows found invalid as they were read: no answer.
        match s.invalid.take() {
            Some(e) => Err(e),
            None => Ok(out),
        }
    };
    match data {
        AnyArray::Array(arr) => {
            let (array, _) = arr.into_inner();
            Family::of(array.data_type()).map_err(PyTypeError::new_err)?;
            let out = py.detach(|| apply(&array)).map_err(PyValueError::new_err)?;
            Ok(PyArray::from_array_ref(out)
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
        AnyArray::Stream(_) => {
            let chunked = data.into_chunked_array()?;
            let (chunks, field) = chunked.into_inner();
            let family = Family::of(field.data_type()).map_err(PyTypeError::new_err)?;
            let out: Vec<ArrayRef> = py
                .detach(|| chunks.iter().map(apply).collect::<Result<_, _>>())
                .map_err(PyValueError::new_err)?;
            // The output type of an empty stream: what the kernel makes of an empty array.
            let dtype = match out.first() {
                Some(a) => a.data_type().clone(),
                None => kernel(&Strings::none(), family)
                    .map_err(PyValueError::new_err)?
                    .data_type()
                    .clone(),
            };
            let field = Arc::new(Field::new(field.name(), dtype, true));
            let out = PyChunkedArray::try_new(out, field)?;
            Ok(out.into_pyobject(py)?.into_any().unbind())
        }
    }
}

/// What [`string_column`] does with one row's text: hand its value (or `None`) to the push.
type Push<'p> = dyn FnMut(Option<&str>) + 'p;

/// How [`string_column`] goes through the rows, and what it asks of each.
enum Rows<R, A> {
    /// In the column's order: `R` reads a row's text and pushes its value.
    Column(R),
    /// In groups of alike values ([`Strings::for_each_answer`]), for columns that mix kinds:
    /// `A` appends a row's value to the buffer it is handed and says whether there is one.
    Grouped(A),
}

/// The `A` of a [`Rows::Column`], the `R` of a [`Rows::Grouped`]: never called.
type NoAnswer = fn(&str, &mut String) -> bool;
type NoRow = fn(&str, &mut Push<'_>);

/// A string column, one value (or null) per row, read as `rows` says; a null row gives a
/// null. The loop is compiled for each output family's builder (the per-row work has no
/// dispatch on Arrow types: 2 ns of `doi_name`'s 39 per row).
fn string_column<R, A>(
    s: &Strings<'_>,
    family: Family,
    mut rows: Rows<R, A>,
) -> Result<ArrayRef, String>
where
    R: FnMut(&str, &mut Push<'_>),
    A: FnMut(&str, &mut String) -> bool,
{
    fn fill<S: Sink, R, A>(
        s: &Strings<'_>,
        mut out: S,
        rows: &mut Rows<R, A>,
    ) -> Result<ArrayRef, String>
    where
        R: FnMut(&str, &mut Push<'_>),
        A: FnMut(&str, &mut String) -> bool,
    {
        match rows {
            Rows::Column(row) => s.for_each(|t| match t {
                Some(t) => row(t, &mut |v| out.push(v)),
                None => out.push(None),
            }),
            Rows::Grouped(answer) => s.for_each_answer(answer, |a| {
                out.push(a.and_then(|(some, v)| some.then_some(v)))
            }),
        }
        out.into_array()
    }
    // Room for half as much text again as the input's: a normal form can be longer than the
    // value (`10.1000/x` → `https://doi.org/10.1000/x`; `normalize` on the DOI bench's column
    // writes 1.17× its input), and a buffer that outgrows its room is copied whole into fresh
    // pages (7 % of `normalize`'s time there). Room never written costs address space, not
    // memory: the pages are made when written.
    let (n, bytes) = (s.len(), s.bytes().saturating_add(s.bytes() / 2));
    match family {
        Family::Utf8 => fill(s, Utf8Col::with_capacity(n, bytes), &mut rows),
        Family::Large => fill(s, LargeStringBuilder::with_capacity(n, bytes), &mut rows),
        Family::View => fill(s, StringViewBuilder::with_capacity(n), &mut rows),
    }
}

/// A conversion's result column: the CLI's `uri` / `iri` field, null where the input is null
/// or not valid (an error, or a warning the policy denies).
fn transform(s: &Strings<'_>, family: Family, req: &Request) -> Result<ArrayRef, String> {
    let row = |text: &str, push: &mut Push<'_>| {
        with_record(text, req, |r| push(r.value().filter(|_| r.valid)))
    };
    string_column(s, family, Rows::<_, NoAnswer>::Column(row))
}

/// A string column of `spec`'s function (`kind`, `normalize`, `key`, `doi_name`), its rows
/// read in groups of alike values — but for `doi_name`, which reads a column of DOIs, one
/// route, and gains nothing from grouping.
fn spec_column(py: Python<'_>, data: AnyArray, spec: &Spec) -> PyResult<Py<PyAny>> {
    run(py, data, &|s, family| match spec.function() {
        Function::DoiName => {
            let row = |t: &str, push: &mut Push<'_>| spec.string(t, push);
            string_column(s, family, Rows::<_, NoAnswer>::Column(row))
        }
        _ => {
            let answer = |t: &str, text: &mut String| spec.string_onto(t, text);
            string_column(s, family, Rows::<NoRow, _>::Grouped(answer))
        }
    })
}

/// `deny=` and `allow=` and the other reading options, checked.
macro_rules! reads {
    ($codes:ident = $deny:expr, $allow:expr; $as_:expr, $profile:expr, $clean:expr, $deny_warnings:expr) => {{
        $codes = Codes::new($deny.as_ref(), $allow.as_ref())?;
        $codes.reads($as_, $profile, $clean, $deny_warnings)
    }};
}

/// `check`: the CLI's `valid` (with `deny_warnings`, `deny`, an input with such warnings is
/// not valid).
#[pyfunction]
#[pyo3(signature = (data, /, *, as_ = "auto", profile = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_check(
    py: Python<'_>,
    data: AnyArray,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    let spec = options::spec("check", &reads, None, (None, None))?;
    run(py, data, &|s, _| {
        let mut col = BoolCol(Vec::with_capacity(s.len()));
        s.for_each_answer(|t, _| spec.check(t), |a| col.0.push(a.map(|(v, _)| v)));
        Ok(col.finish())
    })
}

/// `kind`: the CLI's `kind` (also for invalid input: the kind it was read as).
#[pyfunction]
#[pyo3(signature = (data, /, *, as_ = "auto", profile = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_kind(
    py: Python<'_>,
    data: AnyArray,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    spec_column(
        py,
        data,
        &options::spec("kind", &reads, None, (None, None))?,
    )
}

/// `normalize`: the CLI's `normalized` where the input is valid.
#[pyfunction]
#[pyo3(signature = (data, /, *, level = None, as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_normalize(
    py: Python<'_>,
    data: AnyArray,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    let spec = options::spec("normalize", &reads, level, (pid_form, pid_case))?;
    spec_column(py, data, &spec)
}

/// `key`: the CLI's `key` (`pidkit key`: what `compare` and `dedupe` compare) where the input
/// is valid.
#[pyfunction]
#[pyo3(signature = (data, /, *, level = None, as_ = "auto", profile = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_key(
    py: Python<'_>,
    data: AnyArray,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    spec_column(
        py,
        data,
        &options::spec("key", &reads, level, (None, None))?,
    )
}

/// `identify`: the CLI's `normalize --json` record's `kind`, `valid` and `normalized` (null
/// where not valid), as a struct, from one reading of each row.
#[pyfunction]
#[pyo3(signature = (data, /, *, level = None, as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_identify(
    py: Python<'_>,
    data: AnyArray,
    level: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    let spec = options::spec("normalize", &reads, level, (pid_form, pid_case))?;
    run(py, data, &|s, family| identify_column(s, family, &spec))
}

/// The struct column of `identify`: `kind`, `valid`, `normalized`; a null row for a null.
fn identify_column(s: &Strings<'_>, family: Family, spec: &Spec) -> Result<ArrayRef, String> {
    fn fill<S: Sink>(
        s: &Strings<'_>,
        spec: &Spec,
        (mut kind, mut norm): (S, S),
    ) -> Result<ArrayRef, String> {
        let rows = s.len();
        let mut valid = BooleanBufferBuilder::new(rows);
        let mut present = BooleanBufferBuilder::new(rows);
        let answer = |t: &str, text: &mut String| {
            spec.identify(t, |k, v, n| {
                text.push_str(n.unwrap_or_default());
                (k, v, n.is_some())
            })
        };
        s.for_each_answer(answer, |a| match a {
            Some(((k, v, some), n)) => {
                kind.push(Some(k.name()));
                valid.append(v);
                present.append(true);
                norm.push(some.then_some(n));
            }
            None => {
                kind.push(None);
                valid.append(false);
                present.append(false);
                norm.push(None);
            }
        });
        let nulls = NullBuffer::new(present.finish());
        let nulls = (nulls.null_count() > 0).then_some(nulls);
        let valid: ArrayRef = Arc::new(BooleanArray::new(valid.finish(), nulls.clone()));
        let cols = vec![
            ("kind", kind.into_array()?),
            ("valid", valid),
            ("normalized", norm.into_array()?),
        ];
        let (fields, arrays): (Vec<Field>, Vec<ArrayRef>) = cols
            .into_iter()
            .map(|(name, a)| (Field::new(name, a.data_type().clone(), true), a))
            .unzip();
        StructArray::try_new(Fields::from(fields), arrays, nulls)
            .map(|a| Arc::new(a) as ArrayRef)
            .map_err(|e| e.to_string())
    }
    let (rows, bytes) = (s.len(), s.bytes());
    match family {
        Family::Utf8 => fill(
            s,
            spec,
            (
                Utf8Col::with_capacity(rows, rows * 4),
                Utf8Col::with_capacity(rows, bytes),
            ),
        ),
        Family::Large => fill(
            s,
            spec,
            (
                LargeStringBuilder::with_capacity(rows, rows * 4),
                LargeStringBuilder::with_capacity(rows, bytes),
            ),
        ),
        Family::View => fill(
            s,
            spec,
            (
                StringViewBuilder::with_capacity(rows),
                StringViewBuilder::with_capacity(rows),
            ),
        ),
    }
}

/// `to_uri`: the CLI's `uri` where the input is valid.
#[pyfunction]
#[pyo3(signature = (data, /, *, idna = "dns", query_encoding = None, as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_to_uri(
    py: Python<'_>,
    data: AnyArray,
    idna: &str,
    query_encoding: Option<&str>,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let op = Op::ToUri(
        options::to_uri(idna, query_encoding)?,
        options::conversion_output(pid_form, pid_case)?,
    );
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    let req = options::request(op, &reads)?;
    run(py, data, &|s, family| transform(s, family, &req))
}

/// `to_iri`: the CLI's `iri` where the input is valid.
#[pyfunction]
#[pyo3(signature = (data, /, *, unicode_hosts = false, idna = "dns", as_ = "auto", profile = None, pid_form = None, pid_case = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_to_iri(
    py: Python<'_>,
    data: AnyArray,
    unicode_hosts: bool,
    idna: &str,
    as_: &str,
    profile: Option<&str>,
    pid_form: Option<&str>,
    pid_case: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let op = Op::ToIri(
        options::to_iri(unicode_hosts, idna)?,
        options::conversion_output(pid_form, pid_case)?,
    );
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    let req = options::request(op, &reads)?;
    run(py, data, &|s, family| transform(s, family, &req))
}

/// `doi_name`: the DOI name of valid DOIs in any written form (the CLI's `doi.name`); null
/// otherwise.
#[pyfunction]
#[pyo3(signature = (data, /, *, as_ = "auto", profile = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_doi_name(
    py: Python<'_>,
    data: AnyArray,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    spec_column(
        py,
        data,
        &options::spec("doi_name", &reads, None, (None, None))?,
    )
}

/// `join`: references resolved against `base` (RFC 3986 §5.2; the CLI's `resolved`).
#[pyfunction]
#[pyo3(signature = (base, data, /, *, non_strict = false, profile = None))]
pub fn arrow_join(
    py: Python<'_>,
    base: &str,
    data: AnyArray,
    non_strict: bool,
    profile: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let join = Join::new(non_strict, profile).map_err(PyValueError::new_err)?;
    let base = join.base(base).map_err(|e| {
        crate::scalar::parse_error(py, base, &e.widen(), Some("the base is not an IRI"))
    })?;
    run(py, data, &|s, family| {
        let mut buf = String::new();
        let row = |t: &str, push: &mut Push<'_>| push(join.resolve(&base, t, &mut buf));
        string_column(s, family, Rows::<_, NoAnswer>::Column(row))
    })
}

/// `join`'s work, shared by `pidkit.arrow.join` and the Polars plugin: a reference read as an
/// IRI reference under `profile`, resolved against a base (RFC 3986 §5.2).
pub(crate) struct Join {
    opts: pidkit::ReadOptions,
    mode: ReferenceResolution,
}

impl Join {
    /// The options of `join`: `non_strict` (RFC 3986 §5.2.2's non-strict parser) and the
    /// `profile`s.
    pub(crate) fn new(non_strict: bool, profile: Option<&str>) -> Result<Join, String> {
        Ok(Join {
            opts: pidkit_record::options::read("iri-ref", profile)?,
            mode: if non_strict {
                ReferenceResolution::NonStrict
            } else {
                ReferenceResolution::Strict
            },
        })
    }

    /// `base` read as an IRI (with a scheme), under the profiles.
    pub(crate) fn base(&self, base: &str) -> Result<Iri<String>, pidkit::iri::IriParseError> {
        Iri::parse_with(base.to_owned(), self.opts.iri)
    }

    /// The reference `t` resolved against `base`, written into `buf`; `None` where `t` is no
    /// valid IRI reference.
    pub(crate) fn resolve<'b>(
        &self,
        base: &Iri<String>,
        t: &str,
        buf: &'b mut String,
    ) -> Option<&'b str> {
        let r = pidkit::read(t, &self.opts).result.ok()?.as_iri()?;
        buf.clear();
        let n = base.resolve_into(&r, self.mode, buf).as_str().len();
        Some(&buf[..n])
    }
}

/// `extract`: the identifiers in each text, as a list of structs
/// `{start, end, kind, match, name, truncated}` (`name`: its name within its scheme, a DOI
/// name, a handle …, or null; start/end in characters, 0-based, end
/// exclusive; `truncated`: it runs to a line end where it may go on, and was not joined).
#[pyfunction]
#[pyo3(signature = (data, /))]
pub fn arrow_extract(py: Python<'_>, data: AnyArray) -> PyResult<Py<PyAny>> {
    run(py, data, &|s, family| {
        extract_column(|each| s.for_each(each), family)
    })
}

/// `extract`'s list column for the rows `rows` hands its callback (`None` for a null): an
/// Arrow array, or a Polars series (the plugin).
pub(crate) fn extract_column(
    rows: impl FnOnce(&mut dyn FnMut(Option<&str>)),
    family: Family,
) -> Result<ArrayRef, String> {
    let (mut start, mut end) = (IntCol::default(), IntCol::default());
    let (mut kind, mut matched, mut name) = (
        StrCol::new(family, 0, 0),
        StrCol::new(family, 0, 0),
        StrCol::new(family, 0, 0),
    );
    let mut truncated = BoolCol::default();
    let mut counts = Vec::new();
    rows(&mut |text| {
        let Some(text) = text else {
            counts.push(None);
            return;
        };
        let found: Vec<_> = pidkit::extract::identifiers(text).collect();
        counts.push(Some(found.len()));
        let mut chars = crate::scalar::CharIndex::new(text);
        for f in found {
            start.push(Some(chars.at(f.start)));
            end.push(Some(chars.at(f.end)));
            kind.push(Some(f.kind.name()));
            matched.push(Some(&f.text));
            let reading = f.read();
            let n = reading.result.as_ref().ok().and_then(|id| id.name());
            name.push(n.as_deref());
            truncated.0.push(Some(f.truncated));
        }
    });
    let items = struct_array(
        vec![
            ("start", start.finish()),
            ("end", end.finish()),
            ("kind", kind.finish()?),
            ("match", matched.finish()?),
            ("name", name.finish()?),
            ("truncated", truncated.finish()),
        ],
        None,
    )?;
    list_array(&counts, items)
}

/// One column of a scheme's parts: a string or a boolean field ([`pidkit::scheme::Field`]).
enum FieldCol {
    Str(StrCol),
    Bool(BoolCol),
}

impl FieldCol {
    fn push(&mut self, v: Value<'_>) {
        match (self, v) {
            (FieldCol::Str(c), Value::Str(s)) => c.push(Some(s)),
            (FieldCol::Bool(c), Value::Bool(b)) => c.0.push(Some(b)),
            (FieldCol::Str(c), _) => c.push(None),
            (FieldCol::Bool(c), _) => c.0.push(None),
        }
    }

    fn push_nulls(&mut self, n: usize) {
        match self {
            FieldCol::Str(c) => c.push_nulls(n),
            FieldCol::Bool(c) => c.push_nulls(n),
        }
    }

    fn finish(self) -> Result<ArrayRef, String> {
        match self {
            FieldCol::Str(c) => c.finish(),
            FieldCol::Bool(c) => Ok(c.finish()),
        }
    }
}

/// The struct column of one scheme's parts (`parse`'s `doi`, `urn` … members): a field each.
/// A row of another kind is null in every field: such rows are counted, and their nulls
/// written in one go before the next row of this kind (most rows of a column are of another
/// kind than each scheme's but one, so this is most of `parse`'s output). A scheme with no
/// row in the column builds no field columns at all: its struct is made null at once, zeroed
/// buffers in one allocation each (a column of DOIs leaves every other scheme's struct so).
struct SchemeCols {
    kind: Kind,
    family: Family,
    valid: Vec<bool>,
    /// The field columns, made at the first row of this kind.
    cols: Vec<FieldCol>,
    /// Rows not yet written to `cols`: null in every field.
    pending: usize,
}

impl SchemeCols {
    fn new(kind: Kind, family: Family, rows: usize) -> SchemeCols {
        SchemeCols {
            kind,
            family,
            valid: Vec::with_capacity(rows),
            cols: Vec::new(),
            pending: 0,
        }
    }

    /// The field columns, empty, with room for `rows` rows.
    fn columns(kind: Kind, family: Family, rows: usize) -> Vec<FieldCol> {
        kind.fields()
            .iter()
            .map(|f| match f.ty {
                FieldType::Bool => FieldCol::Bool(BoolCol(Vec::with_capacity(rows))),
                _ => FieldCol::Str(StrCol::new(family, rows, 0)),
            })
            .collect()
    }

    fn push(&mut self, d: Option<&Details<'_>>) {
        self.valid.push(d.is_some());
        let Some(d) = d else {
            self.pending += 1;
            return;
        };
        if self.cols.is_empty() {
            self.cols = Self::columns(self.kind, self.family, self.valid.capacity());
        }
        self.flush();
        for (i, c) in self.cols.iter_mut().enumerate() {
            c.push(d.value(i));
        }
    }

    /// Write the nulls of the rows counted in `pending`.
    fn flush(&mut self) {
        if self.pending > 0 {
            self.cols
                .iter_mut()
                .for_each(|c| c.push_nulls(self.pending));
            self.pending = 0;
        }
    }

    /// The struct of the columns `cols` (all of one length), null where `valid` is false.
    fn build(kind: Kind, cols: Vec<FieldCol>, valid: Vec<bool>) -> Result<ArrayRef, String> {
        let names = kind.fields().iter().map(|f| f.name);
        let cols = names
            .zip(cols)
            .map(|(n, c)| Ok((n, c.finish()?)))
            .collect::<Result<Vec<_>, String>>()?;
        struct_array(cols, Some(valid))
    }

    fn finish(mut self) -> Result<(&'static str, ArrayRef), String> {
        if self.cols.is_empty() {
            // No row of this kind: the struct's type from no rows, and every row null.
            let empty = Self::build(self.kind, Self::columns(self.kind, self.family, 0), vec![])?;
            let nulls = arrow_array::new_null_array(empty.data_type(), self.valid.len());
            return Ok((self.kind.name(), nulls));
        }
        self.flush();
        Ok((
            self.kind.name(),
            Self::build(self.kind, self.cols, self.valid)?,
        ))
    }
}

/// The columns of `parse`'s struct.
struct ParseCols {
    valid_row: Vec<bool>,
    kind: StrCol,
    valid: BoolCol,
    mapped: StrCol,
    err_valid: Vec<bool>,
    err: [StrCol; 3],
    err_at: [IntCol; 2],
    warn_counts: Vec<Option<usize>>,
    warn: [StrCol; 2],
    warn_at: [IntCol; 2],
    /// A merged warning's `count` (null when found once, as the JSON leaves it out).
    warn_count: IntCol,
    /// A merged warning's further `offsets`: their number per warning (`None`: found once).
    warn_more_counts: Vec<Option<usize>>,
    warn_more: IntCol,
    comp_valid: Vec<bool>,
    comp: [StrCol; 9],
    /// A struct column per scheme of the library's list, in its order.
    schemes: Vec<SchemeCols>,
}

const COMPONENTS: [&str; 9] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
];

impl ParseCols {
    /// The columns for about `rows` rows (room is made for them: every column of a row's own
    /// has one value a row, and growing them by doubling copied a fifth of `parse`'s output).
    fn new(family: Family, rows: usize) -> ParseCols {
        ParseCols {
            valid_row: Vec::with_capacity(rows),
            kind: StrCol::new(family, rows, 0),
            valid: BoolCol(Vec::with_capacity(rows)),
            mapped: StrCol::new(family, rows, 0),
            err_valid: Vec::with_capacity(rows),
            err: StrCol::many(family, rows),
            err_at: [
                IntCol(Vec::with_capacity(rows)),
                IntCol(Vec::with_capacity(rows)),
            ],
            warn_counts: Vec::with_capacity(rows),
            warn: StrCol::many(family, 0),
            warn_at: Default::default(),
            warn_count: IntCol::default(),
            warn_more_counts: Vec::new(),
            warn_more: IntCol::default(),
            comp_valid: Vec::with_capacity(rows),
            comp: StrCol::many(family, rows),
            schemes: Kind::ALL
                .iter()
                .filter(|k| k.reading().is_some())
                .map(|k| SchemeCols::new(*k, family, rows))
                .collect(),
        }
    }

    fn push_null(&mut self) {
        self.valid_row.push(false);
        self.kind.push(None);
        self.valid.0.push(None);
        self.mapped.push(None);
        self.no_error();
        self.warn_counts.push(None);
        self.no_components();
        self.schemes.iter_mut().for_each(|c| c.push(None));
    }

    fn no_error(&mut self) {
        self.err_valid.push(false);
        self.err.iter_mut().for_each(|c| c.push(None));
        self.err_at.iter_mut().for_each(|c| c.push(None));
    }
    fn no_components(&mut self) {
        self.comp_valid.push(false);
        self.comp.iter_mut().for_each(|c| c.push(None));
    }

    fn push(&mut self, r: &Record<'_, '_>) {
        self.valid_row.push(true);
        self.kind.push(Some(r.kind.name()));
        self.valid.0.push(Some(r.valid));
        self.mapped.push(r.mapped);
        match r.error() {
            Some(e) => {
                self.err_valid.push(true);
                self.err[0].push(Some(e.code()));
                self.err[1].push(Some(&e.kind.to_string()));
                self.err[2].push(e.hint().as_deref());
                self.err_at[0].push(Some(e.offset));
                self.err_at[1].push(Some(e.len));
            }
            None => self.no_error(),
        }
        self.warn_counts.push(Some(r.warnings.len()));
        for w in &r.warnings {
            self.warn[0].push(Some(w.code.as_str()));
            self.warn[1].push(Some(&w.message));
            self.warn_at[0].push(Some(w.offset));
            self.warn_at[1].push(Some(w.len));
            let merged = w.count > 1;
            self.warn_count.push(merged.then_some(w.count));
            self.warn_more_counts.push(merged.then_some(w.more.len()));
            if merged {
                w.more.iter().for_each(|o| self.warn_more.push(Some(*o)));
            }
        }
        let id = r.reading.as_ref().ok();
        match id.and_then(Identifier::components) {
            Some(p) => {
                self.comp_valid.push(true);
                let v = [
                    p.scheme,
                    p.authority,
                    p.userinfo,
                    p.host,
                    p.host_kind,
                    p.port,
                    Some(p.path),
                    p.query,
                    p.fragment,
                ];
                for (c, v) in self.comp.iter_mut().zip(v) {
                    c.push(v);
                }
            }
            None => self.no_components(),
        }
        let details = id.and_then(Identifier::details);
        for c in &mut self.schemes {
            c.push(details.as_ref().filter(|_| c.kind == r.kind));
        }
    }

    fn finish(self) -> Result<ArrayRef, String> {
        let named = |names: &[&'static str],
                     cols: Vec<StrCol>|
         -> Result<Vec<(&'static str, ArrayRef)>, String> {
            names
                .iter()
                .zip(cols)
                .map(|(n, c)| Ok((*n, c.finish()?)))
                .collect()
        };
        let [code, message, hint] = self.err;
        let [offset, len] = self.err_at;
        let error = struct_array(
            vec![
                ("code", code.finish()?),
                ("offset", offset.finish()),
                ("len", len.finish()),
                ("message", message.finish()?),
                ("hint", hint.finish()?),
            ],
            Some(self.err_valid),
        )?;
        let [wcode, wmessage] = self.warn;
        let [woffset, wlen] = self.warn_at;
        let offsets = list_array(&self.warn_more_counts, self.warn_more.finish())?;
        let warning = struct_array(
            vec![
                ("code", wcode.finish()?),
                ("offset", woffset.finish()),
                ("len", wlen.finish()),
                ("message", wmessage.finish()?),
                ("count", self.warn_count.finish()),
                ("offsets", offsets),
            ],
            None,
        )?;
        let warnings = list_array(&self.warn_counts, warning)?;
        let components =
            struct_array(named(&COMPONENTS, self.comp.into())?, Some(self.comp_valid))?;
        let mut members = vec![
            ("kind", self.kind.finish()?),
            ("valid", self.valid.finish()),
            ("error", error),
            ("warnings", warnings),
            ("mapped", self.mapped.finish()?),
            ("components", components),
        ];
        for c in self.schemes {
            members.push(c.finish()?);
        }
        struct_array(members, Some(self.valid_row))
    }
}

/// `parse`: the CLI's `parse --json` record as a struct (without `line` and `input`).
#[pyfunction]
#[pyo3(signature = (data, /, *, as_ = "auto", profile = None, clean = false, deny_warnings = false, deny = None, allow = None))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_parse(
    py: Python<'_>,
    data: AnyArray,
    as_: &str,
    profile: Option<&str>,
    clean: bool,
    deny_warnings: bool,
    deny: Option<Bound<'_, PyAny>>,
    allow: Option<Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let codes;
    let reads = reads!(codes = deny, allow; as_, profile, clean, deny_warnings);
    let req = options::request(Op::Read, &reads)?.warnings(true);
    run(py, data, &|s, family| {
        parse_column(|each| s.for_each(each), s.len(), family, &req)
    })
}

/// `parse`'s struct column for the rows `rows` hands its callback (`None` for a null), about
/// `rows_hint` of them, read with `req`: an Arrow array, or a Polars series (the plugin).
pub(crate) fn parse_column(
    rows: impl FnOnce(&mut dyn FnMut(Option<&str>)),
    rows_hint: usize,
    family: Family,
    req: &Request,
) -> Result<ArrayRef, String> {
    let mut cols = ParseCols::new(family, rows_hint);
    rows(&mut |t| match t {
        Some(t) => with_record(t, req, |r| cols.push(r)),
        None => cols.push_null(),
    });
    cols.finish()
}
