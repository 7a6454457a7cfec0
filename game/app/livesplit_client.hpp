// A client of LiveSplit Server's text protocol over TCP (each command a line ending in "\r\n"): the game
// drives LiveSplit's game time. Connecting and sending happen on the client's own thread, so a server that
// is missing, slow or gone never holds up a frame; the first failure gives one message, and the client
// tries again quietly when the next run starts.
//
//     LiveSplitClient livesplit({"localhost", 16834});
//     livesplit.start_run();          // reset, initgametime, starttimer, pausegametime
//     livesplit.split(level_ticks);   // setgametime H:MM:SS.mmm, split
//     if (auto problem = livesplit.take_problem()) show(*problem);
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace qs {

/// Where LiveSplit Server listens: `HOST:PORT` (an IPv6 host in brackets, `[::1]:16834`).
struct LiveSplitAddress {
    std::string host;
    int port = 0;  ///< 1 to 65535
    std::string text() const;
};

/// LiveSplit Server's own default port.
inline constexpr int livesplit_default_port = 16834;

/// Reads `HOST:PORT`; nullopt with `error` (one line, naming what is wrong) when it is not one.
std::optional<LiveSplitAddress> parse_livesplit_address(std::string_view text, std::string& error);

/// Level time as LiveSplit's game time, `H:MM:SS.mmm`: `ticks` / 60 seconds, to the nearest millisecond.
std::string livesplit_game_time(std::int64_t ticks);

class LiveSplitClient {
   public:
    /// Starts the client's thread; it connects when the first command is sent.
    explicit LiveSplitClient(LiveSplitAddress address);
    /// Sends what is still queued (waiting at most connect_timeout_ms for a connection that is under way)
    /// and closes the connection. With drop_pending() first, it gives up at once instead.
    ~LiveSplitClient();
    LiveSplitClient(const LiveSplitClient&) = delete;
    LiveSplitClient& operator=(const LiveSplitClient&) = delete;

    /// How long a connection may take before the client gives up on it.
    static constexpr int connect_timeout_ms = 1500;
    /// Commands waiting beyond this many are dropped (a server that stopped reading).
    static constexpr std::size_t max_queued = 4096;

    /// A level run starts: `reset`, `initgametime`, `starttimer`, `pausegametime`.
    void start_run();
    /// A split at `level_ticks` of level time: `setgametime H:MM:SS.mmm`, `split`.
    void split(std::int64_t level_ticks);
    /// `reset`.
    void reset();
    /// The one message of the first failure (cannot connect, the server went away), once; else nullopt.
    std::optional<std::string> take_problem();
    /// The destructor will not wait for the server: what is queued is dropped (a setting turned off).
    void drop_pending() { dropping_ = true; }
    const LiveSplitAddress& address() const { return address_; }

   private:
    void send(std::vector<std::string> commands);
    void run();
    /// Connects on the client's thread; false (the reason in `error`) when it cannot.
    bool connect_now(std::string& error);
    void report(std::string problem);

    const LiveSplitAddress address_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<std::string> queue_;  ///< commands without their "\r\n", oldest first (under mutex_)
    bool stopping_ = false;           ///< under mutex_
    std::atomic<bool> dropping_{false};
    std::optional<std::string> problem_;  ///< under mutex_
    bool reported_ = false;               ///< under mutex_: the one message was given
    std::atomic<bool> has_problem_{false};
    int socket_ = -1;       ///< the client thread's only
    bool gave_up_ = false;  ///< the client thread's: no connection until the next run starts
    std::thread thread_;    ///< last: started when everything above is ready
};

}  // namespace qs
