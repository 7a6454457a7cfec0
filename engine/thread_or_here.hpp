// The launch policy for work split across threads: a second thread where one can be started, else (no
// thread to be had) the work runs on the asking thread when its result is asked for. Results are the same.
#pragma once

#include <future>

namespace qs {

inline constexpr std::launch thread_or_here = std::launch::async | std::launch::deferred;

}  // namespace qs
