//! Import's per-problem work on every core: finding and proving one problem's question is
//! independent of every other problem's, and it is nearly all of a problem book's import.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// `work` on every item (with its index), on as many threads as the machine has cores, the
/// results in the items' order: the same as a plain map, sooner. A thread that cannot be
/// started is no failure: the others, and at least the current thread, take its share.
pub(super) fn map_in_parallel<T: Sync, R: Send>(
    items: &[T],
    work: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                break;
            };
            done.push((i, work(i, item)));
        }
        done
    };
    let mut done = thread::scope(|scope| {
        let helpers: Vec<_> = (1..cores.min(items.len()))
            .map_while(|_| thread::Builder::new().spawn_scoped(scope, worker).ok())
            .collect();
        let mut done = worker();
        for helper in helpers {
            match helper.join() {
                Ok(theirs) => done.extend(theirs),
                // A panic is a bug, not the input's fault: raised again as it was.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        done
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_results_come_in_the_items_order() {
        let items: Vec<u64> = (0..1000).collect();
        let out = map_in_parallel(&items, |i, &x| (i as u64) * 1000 + x * x % 7);
        let plain: Vec<u64> = items.iter().map(|&x| x * 1000 + x * x % 7).collect();
        assert_eq!(out, plain);
        assert!(map_in_parallel(&[] as &[u8], |_, _| 0).is_empty());
    }
}
