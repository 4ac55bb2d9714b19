//! A column's values read in groups of alike values, the answers handed back in the column's
//! order: the batch functions' speed on a mixed column.
//!
//! Reading a value takes a different route for each scheme, and on a column that mixes them
//! (every kind a research-data column holds) the processor mispredicts where each route
//! branches. Read in an order that puts alike values together — the same first byte, the same
//! length — the same values take a third less time (`profile_zoo`, see
//! `crates/pidkit-record/examples`). [`Grouped::run`] sorts each chunk of [`CHUNK`] rows by
//! that key (a counting sort), copies the chunk's values in that order into one buffer (read
//! where they lie, scattered over the column, they would miss the cache and give the gain
//! back), asks for each answer, and hands the answers to the caller in the column's order.
//!
//! Every answer is a function of its value alone, so the order cannot change an answer: the
//! tests hold [`Grouped::run`] to the plain loop.

/// Rows sorted together: enough that alike values meet, few enough that a chunk's values and
/// answers stay in the processor's cache (and that the memory held is bounded by a chunk, not
/// by the column).
pub const CHUNK: usize = 1 << 14;

/// Chunks of fewer rows than this are read in their own order: sorting would cost more than
/// it saves.
const SMALL: usize = 64;

/// The lengths the key tells apart; longer values share the last group.
const LENGTHS: usize = 48;

/// The first bytes the key tells apart: ASCII lower-cased, and one group for the rest.
const FIRSTS: usize = 129;

/// The group of a value: its first byte (ASCII case folded; the schemes' labels and URL
/// schemes are case-insensitive) and its length.
fn key(s: &str) -> usize {
    first(s) * LENGTHS + s.len().min(LENGTHS - 1)
}

/// The first byte of [`key`]: ASCII lower-cased, 128 for any other, 0 for an empty value.
fn first(s: &str) -> usize {
    s.as_bytes()
        .first()
        .map_or(0, |c| usize::from(c.to_ascii_lowercase()).min(128))
}

/// A chunk is read in its own order when at least nine in ten of its values start with one of
/// [`FEW`] first bytes ([`Grouped::alike`]).
const FEW: usize = 4;

/// One row's answer: the caller's value, and where its text lies in the answers' buffer.
#[derive(Clone, Copy)]
struct Slot<A> {
    answer: A,
    start: usize,
    end: usize,
}

/// The buffers of [`Grouped::run`], kept from one chunk to the next.
pub struct Grouped<A> {
    counts: Vec<usize>,
    order: Vec<usize>,
    gathered: String,
    ends: Vec<usize>,
    slots: Vec<Option<Slot<A>>>,
    text: String,
}

impl<A: Copy> Default for Grouped<A> {
    fn default() -> Self {
        Grouped::new()
    }
}

impl<A: Copy> Grouped<A> {
    /// Empty buffers.
    pub fn new() -> Grouped<A> {
        Grouped {
            counts: Vec::new(),
            order: Vec::new(),
            gathered: String::new(),
            ends: Vec::new(),
            slots: Vec::new(),
            text: String::new(),
        }
    }

    /// Answer every value of `values` with `answer`, which gives a small value of its own and
    /// may write text to the buffer it is handed (after what is there: it appends); then hand
    /// `out` each row's answer with that text, in the order of `values` (`None` for a null).
    /// Call it with chunks of up to [`CHUNK`] rows (more are read all the same, sorted as one).
    pub fn run(
        &mut self,
        values: &[Option<&str>],
        mut answer: impl FnMut(&str, &mut String) -> A,
        mut out: impl FnMut(Option<(A, &str)>),
    ) {
        if values.len() < SMALL || self.alike(values) {
            for v in values {
                self.text.clear();
                out(v.map(|v| (answer(v, &mut self.text), self.text.as_str())));
            }
            return;
        }
        self.sort(values);
        self.gathered.clear();
        self.ends.clear();
        for &i in &self.order {
            if let Some(v) = values[i] {
                self.gathered.push_str(v);
            }
            self.ends.push(self.gathered.len());
        }
        self.text.clear();
        self.slots.clear();
        self.slots.resize(values.len(), None);
        let mut from = 0;
        for (&i, &to) in self.order.iter().zip(&self.ends) {
            if values[i].is_some() {
                let start = self.text.len();
                let a = answer(&self.gathered[from..to], &mut self.text);
                self.slots[i] = Some(Slot {
                    answer: a,
                    start,
                    end: self.text.len(),
                });
            }
            from = to;
        }
        for slot in &self.slots {
            out(slot.map(|s| (s.answer, &self.text[s.start..s.end])));
        }
    }

    /// [`Grouped::run`] over every row `rows` hands its callback (`None` for a null), chunk by
    /// chunk of [`CHUNK`] rows: what a batch function does with a column, whatever holds it
    /// (an Arrow array, a Polars series).
    pub fn run_all<'a>(
        &mut self,
        rows: impl FnOnce(&mut dyn FnMut(Option<&'a str>)),
        mut answer: impl FnMut(&str, &mut String) -> A,
        mut out: impl FnMut(Option<(A, &str)>),
    ) {
        let mut chunk = Vec::with_capacity(CHUNK);
        rows(&mut |v| {
            chunk.push(v);
            if chunk.len() == CHUNK {
                self.run(&chunk, &mut answer, &mut out);
                chunk.clear();
            }
        });
        self.run(&chunk, &mut answer, &mut out);
    }

    /// Whether nine in ten of `values`' non-null rows or more start with one of [`FEW`] first
    /// bytes (as [`key`] reads them): one scheme's forms, such as a column of DOIs written as
    /// names, `doi:` URIs and resolver URLs (`1`, `d`, `h`). Every such row takes the same
    /// route, so sorting them gains nothing, and it cost a tenth of `normalize`'s time on a
    /// column of DOIs (`crates/pidkit-py/bench/bench_dois.py`); a column of every kind starts
    /// with thirty-odd bytes, its top four covering about half of it. The counts of the keys
    /// it takes (`self.counts`) are those [`Grouped::sort`] then sorts by.
    fn alike(&mut self, values: &[Option<&str>]) -> bool {
        self.counts.clear();
        self.counts.resize(FIRSTS * LENGTHS + 1, 0);
        for v in values.iter().flatten() {
            self.counts[key(v) + 1] += 1;
        }
        let mut top = [0; FEW];
        for first in self.counts[1..].chunks(LENGTHS) {
            let n: usize = first.iter().sum();
            if let Some(least) = top.iter_mut().min().filter(|least| n > **least) {
                *least = n;
            }
        }
        let present: usize = self.counts.iter().sum();
        top.iter().sum::<usize>() * 10 >= present * 9
    }

    /// `self.order`: the indexes of `values`' non-null rows, sorted by [`key`] (stable), from
    /// the counts [`Grouped::alike`] took.
    fn sort(&mut self, values: &[Option<&str>]) {
        for i in 1..self.counts.len() {
            self.counts[i] += self.counts[i - 1];
        }
        let present = self.counts[FIRSTS * LENGTHS];
        self.order.clear();
        self.order.resize(present, 0);
        for (i, v) in values.iter().enumerate() {
            if let Some(v) = v {
                let k = key(v);
                self.order[self.counts[k]] = i;
                self.counts[k] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each row's answer: the value's length and its upper-case form.
    type Answers = Vec<Option<(usize, String)>>;

    /// The answers of `run` and of the plain loop, for the same values.
    fn both(values: &[Option<&str>]) -> (Answers, Answers) {
        let answer = |v: &str, text: &mut String| {
            text.push_str(&v.to_uppercase());
            v.len()
        };
        let mut grouped = Grouped::new();
        let mut got = Vec::new();
        grouped.run_all(
            |each| values.iter().copied().for_each(each),
            answer,
            |a| got.push(a.map(|(n, t)| (n, t.to_string()))),
        );
        let mut text = String::new();
        let want = values
            .iter()
            .map(|v| {
                v.map(|v| {
                    text.clear();
                    (answer(v, &mut text), text.clone())
                })
            })
            .collect();
        (got, want)
    }

    #[test]
    fn answers_come_back_in_the_column_order() {
        let words = [
            "",
            "a",
            "B",
            "doi:10.1000/1",
            "é",
            "0000-0002-1825-0097",
            "ü",
            "x",
        ];
        for n in [0, 1, SMALL - 1, SMALL, 1000, CHUNK + 17] {
            let values: Vec<Option<String>> = (0..n)
                .map(|i| (i % 7 != 3).then(|| format!("{}{}", words[i % words.len()], i % 13)))
                .collect();
            let values: Vec<Option<&str>> = values.iter().map(Option::as_deref).collect();
            let (got, want) = both(&values);
            assert_eq!(got.len(), n);
            assert_eq!(got, want, "{n} rows");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_column_gets_the_plain_loops_answers(
            values in proptest::collection::vec(
                proptest::option::weighted(0.9, "[a-z0-9:/.é\\-]{0,12}"),
                0..400,
            ),
        ) {
            let values: Vec<Option<&str>> = values.iter().map(Option::as_deref).collect();
            let (got, want) = both(&values);
            proptest::prop_assert_eq!(got, want);
        }
    }

    /// A chunk is sorted unless nine in ten of its values start with one of four bytes, and
    /// either way the answers are the plain loop's.
    #[test]
    fn chunks_of_alike_values_are_read_in_their_own_order() {
        let column = |firsts: &[&str], others: usize| -> Vec<String> {
            (0..1000)
                .map(|i| match i % 100 < others {
                    true => format!("{}x{i}", ["a", "b", "c", "e", "f"][i % 5]),
                    false => format!("{}{i}", firsts[i % firsts.len()]),
                })
                .collect()
        };
        for (firsts, others, alike) in [
            (
                &[
                    "10.1000/",
                    "doi:10.1000/",
                    "DOI: 10.1/",
                    "https://doi.org/10.1/",
                ][..],
                0,
                true,
            ),
            (
                &["10.1000/", "doi:10.1000/", "https://doi.org/10.1/"],
                10,
                true,
            ),
            (
                &["10.1000/", "doi:10.1000/", "https://doi.org/10.1/"],
                15,
                false,
            ),
            (&["1", "d", "h", "0", "u"], 0, false),
            (&["x"], 0, true),
        ] {
            let values = column(firsts, others);
            let values: Vec<Option<&str>> = values.iter().map(|v| Some(v.as_str())).collect();
            assert_eq!(
                Grouped::<usize>::new().alike(&values),
                alike,
                "{firsts:?} {others}"
            );
            let (got, want) = both(&values);
            assert_eq!(got, want);
        }
        // Nulls are not counted.
        let values: Vec<Option<&str>> = (0..1000)
            .map(|i| (i % 2 == 0).then_some("10.1/x"))
            .collect();
        assert!(Grouped::<usize>::new().alike(&values));
    }

    #[test]
    fn every_row_null_or_empty() {
        for v in [None, Some("")] {
            let (got, want) = both(&vec![v; 300]);
            assert_eq!(got, want);
        }
    }
}
