// Worker: one long-lived thread that runs the jobs handed to it, in order, each result coming back as a
// future. For work that must start within microseconds, sooner than a new thread could be started.
// Where no thread can be had, each job runs on the asking thread inside run(); results are the same.
//
//   Worker helper;
//   std::future<int> sum = helper.run([&] { return add_up(numbers); });
//   ... other work on this thread ...
//   use(sum.get());
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>

#include "engine/thread_priority.hpp"

namespace qs {

class Worker {
   public:
    /// A background worker's wakes never pre-empt the thread running on the core it is woken on (the
    /// game's): its jobs wait for a free core or the scheduler's next turn.
    /// With `linger`, the thread keeps watching for a next job that long after each one before it sleeps:
    /// a job handed over meanwhile costs no wake (a system call that takes tens of microseconds on a
    /// virtual machine) on the thread that hands it over.
    explicit Worker(ThreadPriority priority = ThreadPriority::normal,
                    std::chrono::microseconds linger = std::chrono::microseconds{0})
        : linger_(linger) {
        try {
            thread_ = std::thread([this, priority] {
                set_this_thread_priority(priority);
                serve();
            });
        } catch (const std::system_error&) {
            // No thread to be had: run() does each job itself.
        }
    }
    /// Finishes the jobs handed over so far, then stops the thread.
    ~Worker() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_one();
        if (thread_.joinable()) thread_.join();
    }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    /// Hands `job` to the thread (after the jobs before it) and returns its result to come; a job's
    /// exception comes out of the future's get(). Without a thread the job has run when this returns.
    template <class F>
    std::future<std::invoke_result_t<std::decay_t<F>&>> run(F&& job) {
        using Result = std::invoke_result_t<std::decay_t<F>&>;
        auto task = std::make_shared<std::packaged_task<Result()>>(std::forward<F>(job));
        std::future<Result> result = task->get_future();
        if (!thread_.joinable()) {
            (*task)();
            return result;
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            jobs_.emplace_back([task] { (*task)(); });
            queued_.store(jobs_.size(), std::memory_order_release);
        }
        wake_.notify_one();
        return result;
    }

    /// Whether jobs run on a thread of their own (false: no thread could be started).
    bool threaded() const { return thread_.joinable(); }

   private:
    void serve() {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;  // stopping, and everything handed over is done
            std::function<void()> job = std::move(jobs_.front());
            jobs_.pop_front();
            queued_.store(jobs_.size(), std::memory_order_release);
            lock.unlock();
            job();  // a packaged_task: its exceptions go to its future
            linger();
            lock.lock();
        }
    }
    /// Watches for a next job for linger_ (the thread is not waiting, so handing one over wakes nobody).
    void linger() const {
        if (linger_.count() <= 0) return;
        const auto until = std::chrono::steady_clock::now() + linger_;
        while (queued_.load(std::memory_order_acquire) == 0 && std::chrono::steady_clock::now() < until) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#else
            std::this_thread::yield();
#endif
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    const std::chrono::microseconds linger_;
    std::atomic<std::size_t> queued_{0};  ///< jobs_.size(), read without the lock while lingering
    std::thread thread_;                  ///< started last, once everything it uses exists
};

}  // namespace qs
