// How a long-lived thread of ours competes for a core with the game's thread: a background one, when woken,
// never takes the core from a thread running there; it runs on a free core, or when the scheduler next
// shares the time out (Linux: SCHED_BATCH). Elsewhere every thread is normal.
#pragma once

#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace qs {

enum class ThreadPriority {
    normal,      ///< as the thread that made it: a wake may pre-empt the thread running on its core
    background,  ///< a wake waits for a free core or the scheduler's next turn
};

/// Sets the calling thread's priority; false where it could not be set (it stays as it was).
inline bool set_this_thread_priority(ThreadPriority priority) {
#if defined(__linux__)
    sched_param param{};
    param.sched_priority = 0;
    return sched_setscheduler(0, priority == ThreadPriority::background ? SCHED_BATCH : SCHED_OTHER,
                              &param) == 0;
#else
    return priority == ThreadPriority::normal;
#endif
}

/// Whether this system lets a thread become a background one (Linux: unless a sandbox refuses the call).
inline bool background_threads_possible() {
    bool possible = false;
    std::thread([&possible] { possible = set_this_thread_priority(ThreadPriority::background); }).join();
    return possible;
}

/// The calling thread's priority as the scheduler holds it.
inline ThreadPriority this_thread_priority() {
#if defined(__linux__)
    return sched_getscheduler(0) == SCHED_BATCH ? ThreadPriority::background : ThreadPriority::normal;
#else
    return ThreadPriority::normal;
#endif
}

}  // namespace qs
