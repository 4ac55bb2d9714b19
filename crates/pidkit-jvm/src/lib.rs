//! The JNI library behind the JVM functions for Spark (`org.pidkit.spark`, in `java/`): a
//! Java UDF hands each row's UTF-8 bytes and its function's code (`pidkit_record::Spec`) to
//! [`Java_org_pidkit_spark_Native_apply`] or [`Java_org_pidkit_spark_Native_check`], which answer
//! through the same record as the CLI and the Python functions. No Python worker, no Arrow
//! round trip: the rows stay in the executor's JVM.
//!
//! Nothing here panics into the JVM: a code that is not a function's, or a panic (none is
//! known), becomes a Java `IllegalArgumentException` or `RuntimeException`; bytes that are not
//! UTF-8 (Spark strings cast from binary may hold any bytes) give a null / `false`, as an
//! input that is not an identifier does.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass, JIntArray};
use jni::sys::{jboolean, jbyteArray, jint};
use pidkit_record::Spec;

thread_local! {
    /// The last spec this thread unpacked: a UDF calls with the same code row after row.
    static SPEC: Cell<Option<Spec>> = const { Cell::new(None) };
    /// The bytes of the row being read, in a buffer kept between rows.
    static ROW: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A row buffer larger than this is not kept for the next row.
const KEEP: usize = 1 << 20;

/// The spec of `code`, unpacked once per thread and code.
fn spec(code: i32) -> Result<Spec, String> {
    match SPEC.get() {
        Some(s) if s.code() == code => Ok(s),
        _ => {
            let s = Spec::from_code(code)?;
            SPEC.set(Some(s));
            Ok(s)
        }
    }
}

/// Why a call failed: a bad code (the caller's mistake), a JNI error (a Java exception is
/// pending already), or a panic.
enum Failure {
    Code(String),
    Jni,
    Panic,
}

/// Run `f`, turning a failure into a pending Java exception (and `on_error` as the value).
fn guarded<'l, T>(
    env: &mut JNIEnv<'l>,
    on_error: T,
    f: impl FnOnce(&mut JNIEnv<'l>) -> Result<T, Failure>,
) -> T {
    let failure = match catch_unwind(AssertUnwindSafe(|| f(env))) {
        Ok(Ok(v)) => return v,
        Ok(Err(e)) => e,
        Err(_) => Failure::Panic,
    };
    // If throwing fails too, the JVM has an exception pending already, which is what the
    // caller sees; nothing more can be done from here.
    let _ = match failure {
        Failure::Code(m) => env.throw_new("java/lang/IllegalArgumentException", m),
        Failure::Jni => Ok(()),
        Failure::Panic => env.throw_new(
            "java/lang/RuntimeException",
            "pidkit: internal error (a panic in the native library); please report the input",
        ),
    };
    on_error
}

/// `f` on the row's text (`None`: its bytes are not UTF-8), copied out of the Java array into
/// the thread's row buffer.
fn with_row<'l, R>(
    env: &mut JNIEnv<'l>,
    input: &JByteArray<'_>,
    f: impl FnOnce(&mut JNIEnv<'l>, Option<&str>) -> Result<R, Failure>,
) -> Result<R, Failure> {
    let len = env.get_array_length(input).map_err(|_| Failure::Jni)?;
    let len = usize::try_from(len).map_err(|_| Failure::Jni)?;
    ROW.with_borrow_mut(|row| {
        row.clear();
        row.resize(len, 0);
        env.get_byte_array_region(input, 0, bytemuck::cast_slice_mut(row.as_mut_slice()))
            .map_err(|_| Failure::Jni)?;
        let out = f(env, std::str::from_utf8(row).ok());
        if row.capacity() > KEEP {
            *row = Vec::new();
        }
        out
    })
}

/// Where `value` lies in `text`, when it is a slice of it (most DOI names, and an input that is
/// its own normal form): the caller then makes its string from the bytes it already has,
/// without a second array crossing JNI.
fn span_in(text: &str, value: &str) -> Option<[jint; 2]> {
    let start = (value.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start.checked_add(value.len())?;
    (end <= text.len()).then_some([jint::try_from(start).ok()?, jint::try_from(end).ok()?])
}

/// `static native byte[] apply(int code, byte[] utf8, int[] span)`: a string function's value
/// — as UTF-8 bytes, or, where the value is a slice of the input, null with its byte range in
/// `span`; null with `span` = {-1, -1} for a null value.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pidkit_spark_Native_apply<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    code: jint,
    input: JByteArray<'l>,
    span: JIntArray<'l>,
) -> jbyteArray {
    guarded(&mut env, std::ptr::null_mut(), |env| {
        let spec = spec(code).map_err(Failure::Code)?;
        with_row(env, &input, |env, text| {
            let (mut out, mut at) = (Ok(std::ptr::null_mut()), [-1, -1]);
            if let Some(text) = text {
                spec.string(text, |v| match v.map(|v| (v, span_in(text, v))) {
                    None => {}
                    Some((_, Some(range))) => at = range,
                    Some((v, None)) => {
                        out = env
                            .byte_array_from_slice(v.as_bytes())
                            .map(JByteArray::into_raw)
                            .map_err(|_| Failure::Jni)
                    }
                });
            }
            env.set_int_array_region(&span, 0, &at)
                .map_err(|_| Failure::Jni)?;
            out
        })
    })
}

/// `static native boolean check(int code, byte[] utf8)`: `check`'s answer.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pidkit_spark_Native_check<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    code: jint,
    input: JByteArray<'l>,
) -> jboolean {
    guarded(&mut env, 0, |env| {
        let spec = spec(code).map_err(Failure::Code)?;
        with_row(env, &input, |_, text| {
            Ok(text.is_some_and(|t| spec.check(t)).into())
        })
    })
}

/// `static native boolean validate(int code)`: `true`, or an `IllegalArgumentException` for a
/// number that is no function's code — the UDFs' constructors call it, so that a bad code fails
/// when the function is made, on the driver, not in the first row of a task. (Codes are made on
/// the Python side, `pidkit._pidkit.jvm_code`, from the same `Spec`.)
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pidkit_spark_Native_validate<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    code: jint,
) -> jboolean {
    guarded(&mut env, 0, |_| {
        spec(code).map_err(Failure::Code)?;
        Ok(1)
    })
}
