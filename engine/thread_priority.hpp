// How a long-lived thread of ours competes for a core with the game's thread: a background one, when woken,
// never takes the core from a thread running there; it runs on a free core, or when the scheduler next
// shares the time out, and then for a small share of it (Linux: SCHED_BATCH at nice 10, about a tenth of a
// normal thread's share). Elsewhere every thread is normal.
#pragma once

#include <thread>

#if defined(__linux__)
#include <sched.h>
#include <sys/resource.h>
#endif

namespace qs {

/// The nice value of a background thread (Linux).
inline constexpr int background_nice = 10;

enum class ThreadPriority {
    normal,      ///< as the thread that made it: a wake may pre-empt the thread running on its core
    background,  ///< a wake waits for a free core or the scheduler's next turn
};

/// Sets the calling thread's priority; false where it could not be set (it stays as it was).
inline bool set_this_thread_priority(ThreadPriority priority) {
#if defined(__linux__)
    sched_param param{};
    param.sched_priority = 0;
    const bool background = priority == ThreadPriority::background;
    if (sched_setscheduler(0, background ? SCHED_BATCH : SCHED_OTHER, &param) != 0) return false;
    // On Linux a nice value is the calling thread's own (who = 0). Raising it needs no privilege; going
    // back to 0 may be refused, which leaves the thread at the smaller share.
    setpriority(PRIO_PROCESS, 0, background ? background_nice : 0);
    return true;
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
