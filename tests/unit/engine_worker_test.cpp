// Tests for Worker (engine/worker.hpp): jobs run in the order handed over, on another thread, results and
// exceptions come back through the futures, and the destructor finishes what was handed over; a background
// worker's thread (and the save writer's, engine/save_file.hpp) never takes a busy core when woken; a
// lingering worker stays awake a while after each job, then sleeps.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <future>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <unistd.h>
#endif

#include "engine/save_file.hpp"
#include "engine/thread_priority.hpp"
#include "engine/worker.hpp"

TEST_CASE("worker: jobs run one after another in the order handed over, on the worker's thread") {
    qs::Worker worker;
    REQUIRE(worker.threaded());
    std::vector<int> order;  // only the worker's thread writes it, one job at a time
    std::vector<std::future<std::thread::id>> ran_on;
    for (int i = 0; i < 50; ++i) {
        ran_on.push_back(worker.run([&order, i] {
            order.push_back(i);
            return std::this_thread::get_id();
        }));
    }
    for (auto& id : ran_on) CHECK(id.get() != std::this_thread::get_id());
    REQUIRE(order.size() == 50);
    for (int i = 0; i < 50; ++i) CHECK(order[static_cast<std::size_t>(i)] == i);
}

TEST_CASE("worker: a job's result and its exception come back through its future") {
    qs::Worker worker;
    std::future<int> sum = worker.run([] { return 20 + 22; });
    std::future<void> failing = worker.run([] { throw std::runtime_error("job failed"); });
    std::future<int> after = worker.run([] { return 7; });  // the thread survives the exception
    CHECK(sum.get() == 42);
    CHECK_THROWS_WITH_AS(failing.get(), "job failed", std::runtime_error);
    CHECK(after.get() == 7);
}

TEST_CASE("worker: the destructor finishes what was handed over") {
    std::atomic<int> done{0};
    std::atomic<bool> release{false};
    {
        qs::Worker worker;
        std::future<void> blocked = worker.run([&] {
            while (!release.load()) std::this_thread::yield();
            ++done;
        });
        for (int i = 0; i < 3; ++i) {
            worker.run([&] {
                std::this_thread::sleep_for(
                    std::chrono::milliseconds(20));  // still to run at the end of scope
                ++done;
            });
        }
        CHECK(done.load() == 0);  // nothing runs while the first job is held
        release = true;
        blocked.get();
        // The three after it are still to run or running: the destructor waits for them.
    }
    CHECK(done.load() == 4);
}

TEST_CASE("worker: a background worker's jobs, and the save writer's, run on a background thread") {
    // A thread the game's wakes (F5: the save writer, the rewind's encoder) must not pre-empt the game's
    // thread on its core: a background one waits for a free core or the scheduler's next turn.
    const qs::ThreadPriority expected =
        qs::background_threads_possible() ? qs::ThreadPriority::background : qs::ThreadPriority::normal;
    qs::Worker background(qs::ThreadPriority::background);
    REQUIRE(background.threaded());
    CHECK(background.run([] { return qs::this_thread_priority(); }).get() == expected);
    qs::Worker normal;
    CHECK(normal.run([] { return qs::this_thread_priority(); }).get() == qs::ThreadPriority::normal);
    CHECK(qs::this_thread_priority() == qs::ThreadPriority::normal);  // the asking thread keeps its own
    qs::ThreadPriority writer_ran = qs::ThreadPriority::normal;
    {
        qs::BackgroundWriter writer;
        writer.submit([&writer_ran] { writer_ran = qs::this_thread_priority(); });
        writer.flush();
    }
    CHECK(writer_ran == expected);
}

#if defined(__linux__)
TEST_CASE("worker: a lingering worker stays awake after a job, takes the next without a wake, then sleeps") {
    // The thread's state in /proc: R while it watches for a job (running or runnable), S once it waits.
    auto state_of = [](pid_t tid) {
        std::ifstream stat("/proc/self/task/" + std::to_string(tid) + "/stat");
        std::string line;
        std::getline(stat, line);
        const auto close = line.rfind(')');
        return close == std::string::npos || close + 2 >= line.size() ? '?' : line[close + 2];
    };
    qs::Worker worker(qs::ThreadPriority::normal, std::chrono::milliseconds(400));
    REQUIRE(worker.threaded());
    const pid_t tid = worker.run([] { return static_cast<pid_t>(gettid()); }).get();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(state_of(tid) == 'R');
    CHECK(worker.run([] { return 7; }).get() == 7);  // handed over while it lingers
    std::this_thread::sleep_for(std::chrono::milliseconds(900));
    CHECK(state_of(tid) == 'S');
    CHECK(worker.run([] { return 8; }).get() == 8);  // woken from its sleep
}
#endif
