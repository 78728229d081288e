//! The threads of a [`super::TableBatch`] with more than one thread ([`BatchPool`]).
//!
//! A batch call is short (a few hundred microseconds for 256 tables) and calls come one after
//! another, separated by the learner's own work. Handing a whole call to a pool and blocking
//! until it is done pays, every call, for waking the pool's sleeping threads and then for
//! waking the caller (tens of microseconds each on a virtual machine): two threads ran such a
//! call only 1.2-1.5x faster than one. So here the calling thread works too: the tables are
//! cut into chunks, each thread (the caller and `threads - 1` helpers, a rayon pool) owns a
//! run of them and takes its own first, then what is left of the others' runs, so a helper
//! that wakes late just takes fewer chunks while a table keeps being stepped by the same core
//! call after call (moving half the tables between cores every call cost as much as the
//! wake-ups); the caller waits for the helpers' last chunks by spinning, not by sleeping; and
//! after a call each helper keeps polling for the next one for [`KEEP_WARM`] before it
//! sleeps, as OpenMP runtimes do.
//!
//! Which thread steps a table never changes what the table does: tables share nothing, and the
//! first error is the one of the lowest table index, as one thread would find it.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a helper keeps polling for the next call after its last chunk before it sleeps.
pub const KEEP_WARM: Duration = Duration::from_millis(1);

/// Chunks per thread in one call: enough that the caller and a helper that wakes late share
/// the work evenly, few enough that taking one costs nothing next to a table-step.
const CHUNKS_PER_THREAD: usize = 8;

struct Shared {
    /// Calls started so far: a polling helper goes on while this moves.
    calls: AtomicU64,
    /// Whether each helper is polling now.
    polling: Vec<AtomicBool>,
}

/// `threads` threads for one batch: the caller of [`BatchPool::for_each`] and `threads - 1`
/// helpers.
pub struct BatchPool {
    helpers: rayon::ThreadPool,
    threads: usize,
    shared: Arc<Shared>,
}

impl BatchPool {
    /// A pool of `threads` (at least 2) threads, `threads - 1` of them started here. Errors:
    /// the operating system's, as text.
    pub fn new(threads: usize) -> std::result::Result<BatchPool, String> {
        let threads = threads.max(2);
        let helpers = rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("mahjong-fast-batch-{i}"))
            .build()
            .map_err(|e| e.to_string())?;
        let polling = (1..threads).map(|_| AtomicBool::new(false)).collect();
        let shared = Arc::new(Shared { calls: AtomicU64::new(0), polling });
        Ok(BatchPool { helpers, threads, shared })
    }

    /// Threads working on a call, the caller included.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// `f(i, item)` for every item, `i` its index, spread over the pool's threads;
    /// `prefetch(next)` is called before each item with the next item of its chunk (a hint
    /// that must change nothing). Returns the error of the lowest index that failed.
    ///
    /// The items are cut into `threads * CHUNKS_PER_THREAD` chunks in order, and thread `t`
    /// (the caller is 0) owns the `t`-th run of them: it takes its own from the front, then
    /// takes what is left of the others' from their back. So an item is stepped by the same
    /// thread call after call, its data warm in that core's cache, unless the load moves.
    pub fn for_each<I: Send, E: Send>(
        &self,
        items: Vec<I>,
        prefetch: &(dyn Fn(&I) + Sync),
        f: &(dyn Fn(usize, I) -> std::result::Result<(), E> + Sync),
    ) -> Option<(usize, E)> {
        let n = items.len();
        let per = n.div_ceil(self.threads * CHUNKS_PER_THREAD).max(1);
        let mut chunks: Vec<Mutex<Vec<(usize, I)>>> = Vec::with_capacity(n.div_ceil(per));
        let mut chunk = Vec::with_capacity(per);
        for (i, item) in items.into_iter().enumerate() {
            chunk.push((i, item));
            if chunk.len() == per {
                chunks.push(Mutex::new(std::mem::replace(&mut chunk, Vec::with_capacity(per))));
            }
        }
        if !chunk.is_empty() {
            chunks.push(Mutex::new(chunk));
        }
        let c = chunks.len();
        let runs: Vec<Run> = (0..self.threads).map(|t| Run::new(t * c / self.threads, (t + 1) * c / self.threads)).collect();
        let finished = AtomicUsize::new(0);
        let first_err: Mutex<Option<(usize, E)>> = Mutex::new(None);
        let step_chunk = |k: usize| {
            // counted even if `f` panics, so the caller's wait below ends (and the scope then
            // passes the panic on)
            let _counted = Counted(&finished);
            let items = std::mem::take(&mut *chunks[k].lock().unwrap_or_else(PoisonError::into_inner));
            let mut items = items.into_iter().peekable();
            while let Some((i, item)) = items.next() {
                if let Some((_, after)) = items.peek() {
                    prefetch(after);
                }
                if let Err(e) = f(i, item) {
                    let mut first = first_err.lock().unwrap_or_else(PoisonError::into_inner);
                    if first.as_ref().is_none_or(|(j, _)| i < *j) {
                        *first = Some((i, e));
                    }
                }
            }
        };
        let work = |t: usize| {
            while let Some(k) = runs[t].take_front() {
                step_chunk(k);
            }
            for other in (1..self.threads).map(|d| (t + d) % self.threads) {
                while let Some(k) = runs[other].take_back() {
                    step_chunk(k);
                }
            }
        };
        self.shared.calls.fetch_add(1, Ordering::Relaxed);
        self.helpers.in_place_scope(|s| {
            s.spawn_broadcast(|_, ctx| work(ctx.index() + 1));
            work(0);
            // the helpers' last chunks: spin (they take microseconds); sleeping here would add
            // the caller's own wake-up to every call
            let mut spins = 0u32;
            while finished.load(Ordering::Acquire) < c {
                spins = spins.wrapping_add(1);
                if spins % 64 == 0 {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
        });
        self.keep_warm();
        first_err.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    /// Let every helper poll for the next call for [`KEEP_WARM`]; a helper already polling
    /// goes on while calls keep coming (the job sent to it returns at once).
    fn keep_warm(&self) {
        // every helper polling already (calls coming fast): nothing to send
        if self.shared.polling.iter().all(|p| p.load(Ordering::Relaxed)) {
            return;
        }
        let shared = Arc::clone(&self.shared);
        self.helpers.spawn_broadcast(move |ctx| {
            let Some(polling) = shared.polling.get(ctx.index()) else { return };
            if polling.swap(true, Ordering::Relaxed) {
                return;
            }
            let mut seen = shared.calls.load(Ordering::Relaxed);
            let mut since = Instant::now();
            loop {
                // runs the chunks of a call that comes meanwhile
                if let Some(rayon::Yield::Executed) = rayon::yield_now() {
                    continue;
                }
                let calls = shared.calls.load(Ordering::Relaxed);
                if calls != seen {
                    seen = calls;
                    since = Instant::now();
                } else if since.elapsed() >= KEEP_WARM {
                    break;
                }
                std::hint::spin_loop();
            }
            polling.store(false, Ordering::Relaxed);
        });
    }
}

/// Adds one to its counter when dropped.
struct Counted<'a>(&'a AtomicUsize);

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// A run of chunk indices `[front, back)` not yet taken, packed in one atomic: its owner
/// takes from the front, other threads from the back.
struct Run(AtomicU64);

impl Run {
    fn new(front: usize, back: usize) -> Run {
        Run(AtomicU64::new(((back as u64) << 32) | front as u64))
    }
    fn take(&self, from_front: bool) -> Option<usize> {
        let mut v = self.0.load(Ordering::Relaxed);
        loop {
            let (front, back) = (v & 0xffff_ffff, v >> 32);
            if front >= back {
                return None;
            }
            let (next, k) = if from_front { (v + 1, front) } else { (v - (1 << 32), back - 1) };
            match self.0.compare_exchange_weak(v, next, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Some(k as usize),
                Err(now) => v = now,
            }
        }
    }
    fn take_front(&self) -> Option<usize> {
        self.take(true)
    }
    fn take_back(&self) -> Option<usize> {
        self.take(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every item is handed to `f` once with its own index, whatever the thread count and the
    /// number of items (fewer items than threads included), across calls.
    #[test]
    fn every_item_once_with_its_index() {
        for threads in [2, 3, 5] {
            let pool = BatchPool::new(threads).unwrap();
            for n in [1usize, 2, 3, 7, 16, 37, 256] {
                for _ in 0..3 {
                    let seen: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
                    let items: Vec<usize> = (0..n).map(|i| i * 10).collect();
                    let err = pool.for_each(items, &|_| {}, &|i, item| {
                        assert_eq!(item, i * 10);
                        seen[i].fetch_add(1, Ordering::Relaxed);
                        Ok::<(), ()>(())
                    });
                    assert!(err.is_none());
                    assert!(seen.iter().all(|c| c.load(Ordering::Relaxed) == 1), "{threads} threads, {n} items");
                }
            }
        }
    }

    /// The error returned is the one of the lowest index, as one thread going in order finds.
    #[test]
    fn the_error_of_the_lowest_index() {
        let pool = BatchPool::new(2).unwrap();
        for _ in 0..20 {
            let err = pool.for_each((0..100).collect(), &|_| {}, &|i, _: i32| if i % 30 == 29 { Err(i) } else { Ok(()) });
            assert_eq!(err, Some((29, 29)));
        }
    }

    /// A panic in `f` on a helper reaches the caller instead of leaving it waiting.
    #[test]
    fn a_panic_reaches_the_caller() {
        let pool = BatchPool::new(2).unwrap();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool.for_each((0..64).collect(), &|_| {}, &|i, _: i32| {
                assert!(i != 63, "table 63");
                Ok::<(), ()>(())
            })
        }));
        assert!(r.is_err());
        // the pool still works
        assert!(pool.for_each((0..8).collect(), &|_| {}, &|_, _: i32| Ok::<(), ()>(())).is_none());
    }
}
