//! Bounded concurrency with input order kept: a fixed set of worker threads, a bounded window of
//! jobs in flight, and results handed back strictly in input order.
//!
//! The window is the back-pressure: a job is handed to a worker only while fewer than
//! `2 × workers` jobs are pulled and not yet emitted, so when an early job is slow, the
//! workers that finished later ones wait (for a job) instead of piling up results. At most
//! `2 × workers − 1` finished results wait for an earlier one, whatever their number in the
//! input.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, mpsc};

/// Jobs pulled ahead per worker by [`ordered`]: at most `WINDOW_PER_WORKER × workers` jobs are
/// in flight or finished and waiting for an earlier one (so results held at once are bounded by
/// the workers, not by the input).
pub const WINDOW_PER_WORKER: usize = 2;

/// Run `work` on every job with `workers` threads and call `emit` with each job and its result
/// in input order. At most `2 × workers` jobs are in flight or waiting for an earlier one
/// ([`WINDOW_PER_WORKER`]), so at most `2 × workers − 1` results are held while an early job is
/// slow, and memory stays bounded however long the input is; jobs are pulled from `jobs` lazily.
///
/// A job on which `work` panics is handed to `emit` as `Err(message)`, in its place; the worker
/// goes on with the next job, so one failure never stalls the batch.
///
/// ```
/// let mut out = Vec::new();
/// pidkit_resolve::ordered(0..100u64, 8, |n| {
///     std::thread::sleep(std::time::Duration::from_micros((100 - n) * 10));
///     n * 2
/// }, |n, r| out.push((n, r.unwrap())));
/// assert_eq!(out, (0..100).map(|n| (n, n * 2)).collect::<Vec<_>>());
/// ```
pub fn ordered<J, R, W, E>(jobs: impl IntoIterator<Item = J>, workers: usize, work: W, mut emit: E)
where
    J: Send,
    R: Send,
    W: Fn(&J) -> R + Sync,
    E: FnMut(J, Result<R, String>),
{
    let workers = workers.max(1);
    let window = workers * WINDOW_PER_WORKER;
    let (job_tx, job_rx) = mpsc::channel::<(usize, J)>();
    let job_rx = Mutex::new(job_rx);
    let (res_tx, res_rx) = mpsc::channel::<(usize, J, Result<R, String>)>();
    std::thread::scope(|s| {
        for _ in 0..workers {
            let res_tx = res_tx.clone();
            let (job_rx, work) = (&job_rx, &work);
            s.spawn(move || {
                loop {
                    let next = job_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok((seq, job)) = next else { break };
                    let result =
                        catch_unwind(AssertUnwindSafe(|| work(&job))).map_err(|p| panic_text(&*p));
                    if res_tx.send((seq, job, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(res_tx);
        // slots[k] holds the result of job `done + k` once it arrives.
        let mut slots: VecDeque<Option<(J, Result<R, String>)>> = VecDeque::new();
        let (mut sent, mut done) = (0usize, 0usize);
        let mut jobs = jobs.into_iter();
        let mut more = true;
        loop {
            while more && sent - done < window {
                match jobs.next() {
                    Some(job) => {
                        if job_tx.send((sent, job)).is_err() {
                            more = false;
                            break;
                        }
                        slots.push_back(None);
                        sent += 1;
                    }
                    None => more = false,
                }
            }
            if done == sent {
                break;
            }
            let Ok((seq, job, result)) = res_rx.recv() else {
                break;
            };
            slots[seq - done] = Some((job, result));
            while let Some(Some(_)) = slots.front() {
                if let Some(Some((job, result))) = slots.pop_front() {
                    emit(job, result);
                    done += 1;
                }
            }
        }
        drop(job_tx);
    });
}

/// The message of a panic payload (`panic!` gives a `&str` or a `String`).
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn keeps_order_and_bounds_the_window() {
        let in_flight = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        let pulled = AtomicUsize::new(0);
        let mut emitted = Vec::new();
        let jobs = (0..200usize).inspect(|_| {
            pulled.fetch_add(1, Ordering::SeqCst);
        });
        ordered(
            jobs,
            4,
            |&n| {
                let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(now, Ordering::SeqCst);
                // Early jobs are slow, so later ones finish first and must wait.
                std::thread::sleep(Duration::from_micros(if n % 17 == 0 { 3000 } else { 50 }));
                in_flight.fetch_sub(1, Ordering::SeqCst);
                n
            },
            |n, r| {
                assert_eq!(Ok(n), r);
                // Never more than the window pulled ahead of what was emitted.
                assert!(pulled.load(Ordering::SeqCst) <= n + 1 + 8);
                emitted.push(n);
            },
        );
        assert_eq!(emitted, (0..200).collect::<Vec<_>>());
        assert!(peak.load(Ordering::SeqCst) <= 4);
        assert!(peak.load(Ordering::SeqCst) >= 2, "workers ran concurrently");
    }

    #[test]
    fn a_slow_first_job_holds_at_most_two_results_per_worker() {
        // Issue 31, High 2: with a slow first input, finished answers queued behind it (4 per
        // worker, each with its record: 2.5 GB at 4 workers). Now the workers wait for work
        // once 2 × workers jobs are pulled and not emitted.
        // Two workers at least: the first job blocks one.
        for workers in [2, 3, 4] {
            let produced = AtomicUsize::new(0);
            let emitted = AtomicUsize::new(0);
            let peak = AtomicUsize::new(0);
            let bound = WINDOW_PER_WORKER * workers - 1;
            ordered(
                0..50usize,
                workers,
                |&n| {
                    if n == 0 {
                        // Wait until every job the window lets run is done, then give the
                        // workers time to run ahead further, if anything let them.
                        let give_up = std::time::Instant::now() + Duration::from_secs(30);
                        while produced.load(Ordering::SeqCst) < bound
                            && std::time::Instant::now() < give_up
                        {
                            std::thread::yield_now();
                        }
                        std::thread::sleep(Duration::from_millis(100));
                    }
                    let now = produced.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now - emitted.load(Ordering::SeqCst), Ordering::SeqCst);
                    n
                },
                |n, r| {
                    assert_eq!(Ok(n), r);
                    emitted.fetch_add(1, Ordering::SeqCst);
                },
            );
            assert_eq!(emitted.load(Ordering::SeqCst), 50);
            let peak = peak.load(Ordering::SeqCst);
            // The slow job's own result is the last to count: bound + 1 while it is emitted.
            assert!(peak <= bound + 1, "{workers} workers: {peak} results held");
        }
    }

    #[test]
    fn empty_input_and_one_worker() {
        let mut n = 0;
        ordered(Vec::<u8>::new(), 3, |_| (), |_, _| n += 1);
        assert_eq!(n, 0);
        let mut out = Vec::new();
        ordered(
            vec!["a", "b"],
            0,
            |s| s.len(),
            |s, l| out.push((s, l.unwrap())),
        );
        assert_eq!(out, [("a", 1), ("b", 1)]);
    }

    #[test]
    fn a_panicking_job_is_reported_in_place_and_never_stalls() {
        // Issue 11, High 2: a worker that died left its slot empty and the batch waited forever.
        for workers in [1, 3] {
            let mut out = Vec::new();
            ordered(
                0..40u32,
                workers,
                |&n| {
                    assert!(n % 7 != 3, "job {n} failed");
                    n
                },
                |n, r| out.push((n, r)),
            );
            assert_eq!(out.len(), 40, "every job reported");
            for (n, r) in out {
                if n % 7 == 3 {
                    assert_eq!(r, Err(format!("job {n} failed")));
                } else {
                    assert_eq!(r, Ok(n));
                }
            }
        }
    }
}
