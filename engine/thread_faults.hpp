// The calling thread's page faults so far, as the kernel counts them (getrusage RUSAGE_THREAD): what the
// frame report reads before and after a frame to say how many pages the game's thread faulted in.
#pragma once

#include <cstdint>

#if defined(__linux__)
#include <sys/resource.h>
#endif

namespace qs {

/// Minor page faults (a page made present without reading a disk: fresh memory, copy on write) the calling
/// thread has taken since it started; 0 where the system does not count them per thread.
inline std::int64_t thread_minor_faults() {
#if defined(__linux__)
    rusage usage{};
    if (getrusage(RUSAGE_THREAD, &usage) != 0) return 0;
    return usage.ru_minflt;
#else
    return 0;
#endif
}

}  // namespace qs
