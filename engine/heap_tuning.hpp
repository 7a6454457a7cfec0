// Heap settings for a game that frees and reallocates megabytes at once (quickload, the rebuild after F5):
// keep freed memory in the heap for reuse instead of returning it to the kernel and faulting it back in.
#pragma once

namespace qs {

/// Raises glibc's mmap and trim thresholds so large blocks come from and go back to the heap (no fresh
/// zeroed pages per quickload). Call once at start-up, before other threads exist. No-op elsewhere.
void keep_freed_memory_for_reuse();

/// Returns free pages of every heap arena to the kernel (glibc's malloc_trim), what the raised thresholds
/// keep: free memory spread over several threads' arenas otherwise only ever grows. Takes a few ms on a
/// large heap: call it off the game's thread, now and then. No-op elsewhere.
void give_back_free_memory();

}  // namespace qs
