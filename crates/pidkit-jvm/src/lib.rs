//! The JNI library behind the JVM functions for Spark (`org.pidkit.spark`, in `java/`): a
//! Java UDF hands each row's UTF-8 bytes and its function's handle to
//! [`Java_org_pidkit_spark_Native_apply`] or [`Java_org_pidkit_spark_Native_check`], which answer
//! through the same record as the CLI and the Python functions. No Python worker, no Arrow
//! round trip: the rows stay in the executor's JVM.
//!
//! **Options.** A UDF carries its function and options as a `pidkit_record::Spec`'s two
//! values: the code (an `int`: the function and every option from a short list) and the
//! policy (a `String`: the `deny` and `allow` lists of warning codes, which do not fit in a
//! number). Both are plain serializable fields of the UDF, made once on the driver. In each
//! executor JVM, the UDF's first row calls [`Java_org_pidkit_spark_Native_prepare`], which
//! unpacks them into a [`Spec`] — the policy parsed and its codes checked once — and keeps it
//! in a table for the life of the JVM ([`SPECS`]: one entry per distinct code and policy, so
//! that the thousands of tasks of a job share one); the UDF keeps the returned handle in a
//! transient field, and every row passes the handle alone. Each thread keeps the last spec it
//! used, so a row costs neither a lock nor a look-up.
//!
//! Nothing here panics into the JVM: a code or policy that is not a function's, or a panic
//! (none is known), becomes a Java `IllegalArgumentException` or `RuntimeException`; bytes that
//! are not UTF-8 (Spark strings cast from binary may hold any bytes) give a null / `false`, as
//! an input that is not an identifier does.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use jni::JNIEnv;
use jni::objects::{JByteArray, JClass, JIntArray, JString};
use jni::sys::{jboolean, jbyteArray, jint};
use pidkit_record::Spec;

/// Every spec this JVM has prepared, with its code and policy: a handle is its index plus one.
static SPECS: Mutex<Vec<(i32, String, Arc<Spec>)>> = Mutex::new(Vec::new());

thread_local! {
    /// The spec of the last handle this thread used: a UDF calls with one handle row after row.
    static SPEC: RefCell<Option<(i32, Arc<Spec>)>> = const { RefCell::new(None) };
    /// The bytes of the row being read, in a buffer kept between rows.
    static ROW: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A row buffer larger than this is not kept for the next row.
const KEEP: usize = 1 << 20;

/// The handle of the spec of `code` and `policy`, unpacked (and kept) on its first request.
fn prepare(code: i32, policy: &str) -> Result<i32, String> {
    // A panic while the lock was held cannot leave the table half-written (a push is the only
    // change): the table is used as it is.
    let mut specs = SPECS.lock().unwrap_or_else(|e| e.into_inner());
    let known = specs.iter().position(|(c, p, _)| *c == code && p == policy);
    let index = match known {
        Some(i) => i,
        None => {
            let spec = Spec::from_code(code, policy)?;
            specs.push((code, policy.to_owned(), Arc::new(spec)));
            specs.len() - 1
        }
    };
    i32::try_from(index + 1).map_err(|_| "too many pidkit functions in one JVM".to_owned())
}

/// `f` on the spec of `handle`: this thread's last one, or the table's.
fn with_spec<R>(handle: i32, f: impl FnOnce(&Spec) -> R) -> Result<R, String> {
    SPEC.with_borrow_mut(|slot| {
        let spec = match slot {
            Some((h, spec)) if *h == handle => spec,
            _ => {
                let specs = SPECS.lock().unwrap_or_else(|e| e.into_inner());
                let index = usize::try_from(handle).ok().and_then(|h| h.checked_sub(1));
                let spec = index
                    .and_then(|i| specs.get(i))
                    .map(|(_, _, s)| Arc::clone(s))
                    .ok_or_else(|| format!("{handle} is not a prepared pidkit function"))?;
                &slot.insert((handle, spec)).1
            }
        };
        Ok(f(spec))
    })
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

/// `static native byte[] apply(int handle, byte[] utf8, int[] span)`: a string function's
/// value — as UTF-8 bytes, or, where the value is a slice of the input, null with its byte
/// range in `span`; null with `span` = {-1, -1} for a null value.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pidkit_spark_Native_apply<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jint,
    input: JByteArray<'l>,
    span: JIntArray<'l>,
) -> jbyteArray {
    guarded(&mut env, std::ptr::null_mut(), |env| {
        with_row(env, &input, |env, text| {
            let (mut out, mut at) = (Ok(std::ptr::null_mut()), [-1, -1]);
            if let Some(text) = text {
                with_spec(handle, |spec| {
                    spec.string(text, |v| match v.map(|v| (v, span_in(text, v))) {
                        None => {}
                        Some((_, Some(range))) => at = range,
                        Some((v, None)) => {
                            out = env
                                .byte_array_from_slice(v.as_bytes())
                                .map(JByteArray::into_raw)
                                .map_err(|_| Failure::Jni)
                        }
                    })
                })
                .map_err(Failure::Code)?;
            }
            env.set_int_array_region(&span, 0, &at)
                .map_err(|_| Failure::Jni)?;
            out
        })
    })
}

/// `static native boolean check(int handle, byte[] utf8)`: `check`'s answer.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pidkit_spark_Native_check<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    handle: jint,
    input: JByteArray<'l>,
) -> jboolean {
    guarded(&mut env, 0, |env| {
        with_row(env, &input, |_, text| match text {
            Some(t) => with_spec(handle, |spec| spec.check(t).into()).map_err(Failure::Code),
            None => Ok(0),
        })
    })
}

/// `static native int prepare(int code, String policy)`: the handle of the function of `code`
/// and `policy` in this JVM (a number from 1), or an `IllegalArgumentException` for a code or
/// policy that is no function's (an unknown warning code: the library's message). The UDFs'
/// constructors call it, so that bad options fail when the function is made, on the driver,
/// not in the first row of a task; then each UDF calls it once per executor JVM. (Codes and
/// policies are made on the Python side, `pidkit._pidkit.jvm_spec`, from the same `Spec`.)
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_pidkit_spark_Native_prepare<'l>(
    mut env: JNIEnv<'l>,
    _class: JClass<'l>,
    code: jint,
    policy: JString<'l>,
) -> jint {
    guarded(&mut env, 0, |env| {
        let policy: String = match policy.is_null() {
            true => String::new(),
            false => env.get_string(&policy).map_err(|_| Failure::Jni)?.into(),
        };
        prepare(code, &policy).map_err(Failure::Code)
    })
}
