// LiveSplit: the game time's text, the client's exact bytes to a loopback server, one message for a server
// that is not there, and the splits a run's events make (each checkpoint once, then the goal).
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "game/app/livesplit_client.hpp"
#include "game/app/split_timer.hpp"
#include "game/sim/game_state.hpp"
#include "game/sim/world_event.hpp"

using namespace qs;

namespace {

/// A loopback TCP server on a free port that keeps everything one client sends until it closes.
class LoopbackServer {
   public:
    LoopbackServer() {
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        socklen_t length = sizeof address;
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
        REQUIRE(::listen(listener_, 1) == 0);
        thread_ = std::thread([this] {
            int client = ::accept(listener_, nullptr, nullptr);
            if (client < 0) return;
            char buffer[256];
            for (ssize_t n; (n = ::recv(client, buffer, sizeof buffer, 0)) > 0;) received_.append(buffer, n);
            ::close(client);
        });
    }
    ~LoopbackServer() {
        if (thread_.joinable()) {
            ::shutdown(listener_, SHUT_RDWR);
            thread_.join();
        }
        ::close(listener_);
    }
    int port() const { return port_; }
    /// Everything received, once the client closed its connection.
    std::string received() {
        thread_.join();
        return received_;
    }

   private:
    int listener_ = -1;
    int port_ = 0;
    std::thread thread_;
    std::string received_;
};

/// A port nobody listens on: bound, then closed.
int dead_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

WorldEvent checkpoint_sound() {
    return {WorldEvent::Kind::sound, std::string(sound_name(Sound::checkpoint))};
}

}  // namespace

TEST_CASE("livesplit: game time is level ticks / 60 as H:MM:SS.mmm, to the nearest millisecond") {
    CHECK(livesplit_game_time(0) == "0:00:00.000");
    CHECK(livesplit_game_time(1) == "0:00:00.017");
    CHECK(livesplit_game_time(2) == "0:00:00.033");
    CHECK(livesplit_game_time(60) == "0:00:01.000");
    CHECK(livesplit_game_time(61 * 60 + 30) == "0:01:01.500");
    CHECK(livesplit_game_time(60LL * 60 * 60 * 10 + 59) == "10:00:00.983");
    CHECK(livesplit_game_time(-5) == "0:00:00.000");
}

TEST_CASE("livesplit: the client sends each command with \\r\\n, in order, and closes") {
    LoopbackServer server;
    {
        LiveSplitClient client({"127.0.0.1", server.port()});
        client.start_run();
        client.split(125);
        client.split(3600 * 60 + 1);
        client.reset();
    }
    CHECK(server.received() ==
          "reset\r\ninitgametime\r\nstarttimer\r\npausegametime\r\n"
          "setgametime 0:00:02.083\r\nsplit\r\nsetgametime 1:00:00.017\r\nsplit\r\nreset\r\n");
}

TEST_CASE("livesplit: a server that is not there gives one message, the run goes on") {
    const int port = dead_port();
    LiveSplitClient client({"127.0.0.1", port});
    client.start_run();
    std::optional<std::string> problem;
    for (int i = 0; i < 500 && !problem; ++i) {
        problem = client.take_problem();
        if (!problem) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(problem);
    CHECK(problem->find("127.0.0.1:" + std::to_string(port)) != std::string::npos);
    CHECK(problem->find("cannot connect") != std::string::npos);
    client.split(60);
    client.start_run();  // tries again quietly
    client.split(120);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK_FALSE(client.take_problem());
}

TEST_CASE("livesplit: splits are each checkpoint the first time, then the goal") {
    SplitTimer timer;
    timer.start_run();
    GameState game;
    game.timer_ticks = 10;
    CHECK_FALSE(timer.on_event({WorldEvent::Kind::sound, "coin"}, game));
    CHECK_FALSE(timer.on_event({WorldEvent::Kind::toast, "Checkpoint"}, game));
    game.checkpoint = {3, 1};
    game.timer_ticks = 100;
    CHECK(timer.on_event(checkpoint_sound(), game));
    game.checkpoint = {5, 2};
    game.timer_ticks = 200;
    CHECK(timer.on_event(checkpoint_sound(), game));
    game.checkpoint = {3, 1};  // back to the first one: already a split
    game.timer_ticks = 250;
    CHECK_FALSE(timer.on_event(checkpoint_sound(), game));
    game.timer_ticks = 300;
    CHECK(timer.on_event({WorldEvent::Kind::completed, ""}, game));
    CHECK(timer.run() == std::vector<Split>{{3, 100}, {5, 200}, {split_at_goal, 300}});
    game.checkpoint = {7, 1};
    CHECK_FALSE(timer.on_event(checkpoint_sound(), game));  // after the goal: nothing
    timer.start_run();
    CHECK(timer.run().empty());
    game.checkpoint = {3, 1};
    game.timer_ticks = 90;
    CHECK(timer.on_event(checkpoint_sound(), game));  // a new run: the first checkpoint splits again
    CHECK(timer.run() == std::vector<Split>{{3, 90}});
}

TEST_CASE("livesplit: the split timer drives a LiveSplit server") {
    LoopbackServer server;
    {
        SplitTimer timer;
        timer.use_livesplit(LiveSplitAddress{"127.0.0.1", server.port()});
        timer.start_run();
        GameState game;
        game.checkpoint = {2, 1};
        game.timer_ticks = 61;
        timer.on_event(checkpoint_sound(), game);
        game.timer_ticks = 90;
        timer.on_event({WorldEvent::Kind::completed, ""}, game);
    }
    CHECK(server.received() ==
          "reset\r\ninitgametime\r\nstarttimer\r\npausegametime\r\nsetgametime 0:00:01.017\r\nsplit\r\n"
          "setgametime 0:00:01.500\r\nsplit\r\n");
}
