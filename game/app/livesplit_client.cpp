// LiveSplit Server client: POSIX sockets on the client's own thread, commands queued by the game's thread.
#include "game/app/livesplit_client.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace qs {

std::string LiveSplitAddress::text() const {
    const bool ipv6 = host.find(':') != std::string::npos;
    return (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::optional<LiveSplitAddress> parse_livesplit_address(std::string_view text, std::string& error) {
    std::string_view host, port;
    if (!text.empty() && text.front() == '[') {
        const std::size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
            error = "needs HOST:PORT with an IPv6 host in brackets ([::1]:16834)";
            return std::nullopt;
        }
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
    } else {
        const std::size_t colon = text.rfind(':');
        if (colon == std::string_view::npos) {
            error = "needs HOST:PORT (like localhost:16834)";
            return std::nullopt;
        }
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.find(':') != std::string_view::npos) {
            error = "needs an IPv6 host in brackets ([::1]:16834)";
            return std::nullopt;
        }
    }
    if (host.empty() || host.size() > 253) {
        error = "needs a host name or address of 1 to 253 characters before the ':'";
        return std::nullopt;
    }
    for (char c : host) {
        if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 127) {
            error = "needs a host of plain ASCII without spaces";
            return std::nullopt;
        }
    }
    int number = 0;
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || number < 1 ||
        number > 65535) {
        error = "needs a port from 1 to 65535 after the ':'";
        return std::nullopt;
    }
    return LiveSplitAddress{std::string(host), number};
}

std::string livesplit_game_time(std::int64_t ticks) {
    if (ticks < 0) ticks = 0;
    // Rounded to the nearest millisecond; ticks are whole sixtieths of a second.
    const std::int64_t ms = (ticks * 1000 + 30) / 60;
    char text[48];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld.%03lld", static_cast<long long>(ms / 3'600'000),
                  static_cast<long long>(ms / 60'000 % 60), static_cast<long long>(ms / 1000 % 60),
                  static_cast<long long>(ms % 1000));
    return text;
}

LiveSplitClient::LiveSplitClient(LiveSplitAddress address)
    : address_(std::move(address)), thread_([this] { run(); }) {}

LiveSplitClient::~LiveSplitClient() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
    if (socket_ >= 0) ::close(socket_);
}

void LiveSplitClient::start_run() {
    send({"reset", "initgametime", "starttimer", "pausegametime"});
}

void LiveSplitClient::split(std::int64_t level_ticks) {
    send({"setgametime " + livesplit_game_time(level_ticks), "split"});
}

void LiveSplitClient::reset() {
    send({"reset"});
}

std::optional<std::string> LiveSplitClient::take_problem() {
    if (!has_problem_.load(std::memory_order_relaxed)) return std::nullopt;
    std::lock_guard lock(mutex_);
    has_problem_ = false;
    return std::exchange(problem_, std::nullopt);
}

void LiveSplitClient::send(std::vector<std::string> commands) {
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() + commands.size() > max_queued) return;
        for (std::string& command : commands) queue_.push_back(std::move(command));
    }
    wake_.notify_one();
}

void LiveSplitClient::report(std::string problem) {
    std::lock_guard lock(mutex_);
    if (std::exchange(reported_, true)) return;
    std::fprintf(stderr, "quickstep: %s\n", problem.c_str());
    problem_ = std::move(problem);
    has_problem_ = true;
}

bool LiveSplitClient::connect_now(std::string& error) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(address_.port);
    if (int status = ::getaddrinfo(address_.host.c_str(), port.c_str(), &hints, &found); status != 0) {
        error = gai_strerror(status);
        return false;
    }
    error = "no address";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(connect_timeout_ms);
    for (addrinfo* a = found; a && socket_ < 0; a = a->ai_next) {
        int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) {
            error = std::strerror(errno);
            continue;
        }
        int status = ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (status != 0 && errno == EINPROGRESS) {
            // Waits in short slices, so dropping the client does not wait for a host that never answers.
            pollfd p{fd, POLLOUT, 0};
            int ready = 0;
            while (ready == 0 && !dropping_ && std::chrono::steady_clock::now() < deadline)
                ready = ::poll(&p, 1, 50);
            int so_error = ready > 0 ? 0 : ETIMEDOUT;
            socklen_t length = sizeof so_error;
            if (ready > 0) ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &length);
            status = so_error == 0 ? 0 : -1;
            errno = so_error;
        }
        if (status != 0) {
            error = std::strerror(errno);
            ::close(fd);
            continue;
        }
        // Blocking from here on, with a time limit: a server that stops reading cannot hold the thread.
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        timeval limit{1, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
        int on = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        socket_ = fd;
    }
    ::freeaddrinfo(found);
    return socket_ >= 0;
}

void LiveSplitClient::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty() || (stopping_ && dropping_)) return;
        std::vector<std::string> commands = std::exchange(queue_, {});
        lock.unlock();
        for (const std::string& command : commands) {
            if (dropping_) break;
            if (command == "reset") gave_up_ = false;  // a new run: try the server again
            if (socket_ < 0 && !gave_up_) {
                std::string error;
                if (!connect_now(error)) {
                    gave_up_ = true;
                    report("LiveSplit server " + address_.text() + ": cannot connect (" + error +
                           "); the game runs without it");
                }
            }
            if (socket_ < 0) continue;
            const std::string line = command + "\r\n";
            std::size_t sent = 0;
            while (sent < line.size()) {
                ssize_t n = ::send(socket_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
                if (n <= 0) break;
                sent += static_cast<std::size_t>(n);
            }
            if (sent < line.size()) {
                const std::string error = std::strerror(errno);
                ::close(socket_);
                socket_ = -1;
                gave_up_ = true;
                report("LiveSplit server " + address_.text() + " went away (" + error +
                       "); the game runs without it");
            }
        }
        lock.lock();
    }
}

}  // namespace qs
