// glibc heap thresholds (mallopt); other C libraries keep their defaults.
#include "engine/heap_tuning.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace qs {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
    // Blocks up to 32 MiB (glibc's maximum; a 100 000-entity snapshot is ~17 MB) come from the heap, and up
    // to 512 MiB of free memory at the top of the heap is kept rather than trimmed.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

void give_back_free_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace qs
