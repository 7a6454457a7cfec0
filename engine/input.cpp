// The input script parser over any action vocabulary.
#include "engine/input.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

/// A piece of a script line for a message: at most 40 characters, bytes that are not printable ASCII
/// written as \xNN (a binary file must not reach the terminal raw).
std::string quoted_for_message(std::string_view text) {
    constexpr std::size_t shown = 40;
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < shown; ++i) {
        auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte < 0x7f) {
            out += static_cast<char>(byte);
        } else {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[byte >> 4];
            out += hex[byte & 15];
        }
    }
    if (text.size() > shown) out += "...";
    return out;
}

}  // namespace

bool load_input_script(const std::filesystem::path& path, std::span<const std::string_view> names,
                       std::vector<ScriptCommand>& commands, std::string& error) {
    commands.clear();
    const std::string shown = path.string();
    // Non-blocking, so a FIFO cannot stall the open; only a regular file is read.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        error = shown + ": cannot open input script: " + std::strerror(errno);
        return false;
    }
    struct stat info {};
    std::string text;
    std::string problem;
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        problem = shown + ": not a regular file (an input script is a text file)";
    } else if (static_cast<std::uintmax_t>(info.st_size) > max_script_bytes) {
        problem = shown + ": input script is " + std::to_string(info.st_size) + " bytes, over the limit of " +
                  std::to_string(max_script_bytes) + " bytes";
    } else {
        // Read to the end, but never more than the limit (a file can grow, and /proc files claim size 0).
        char buffer[65536];
        for (;;) {
            ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                problem = shown + ": cannot read input script: " + std::strerror(errno);
                break;
            }
            if (n == 0) break;
            if (text.size() + static_cast<std::size_t>(n) > max_script_bytes) {
                problem = shown + ": input script is over the limit of " + std::to_string(max_script_bytes) +
                          " bytes";
                break;
            }
            text.append(buffer, static_cast<std::size_t>(n));
        }
    }
    ::close(fd);
    if (!problem.empty()) {
        error = problem;
        return false;
    }
    return parse_input_script(text, shown, names, commands, error);
}

bool parse_input_script(std::string_view text, const std::string& source,
                        std::span<const std::string_view> names, std::vector<ScriptCommand>& commands,
                        std::string& error) {
    commands.clear();
    int line_number = 0;
    while (!text.empty()) {
        auto end = text.find('\n');
        std::string_view line = trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        auto fail = [&](const std::string& message) {
            error = source + ":" + std::to_string(line_number) + ": " + message;
            commands.clear();
            return false;
        };
        auto space = line.find_first_of(" \t");
        if (space == std::string_view::npos)
            return fail("expected '<tick> <action>', got '" + quoted_for_message(line) + "'");
        std::string_view tick_text = line.substr(0, space);
        std::string_view word = trim(line.substr(space));
        ScriptCommand command;
        auto [ptr, ec] = std::from_chars(tick_text.data(), tick_text.data() + tick_text.size(), command.tick);
        bool digits =
            !tick_text.empty() && tick_text.find_first_not_of("0123456789") == std::string_view::npos;
        if (!digits || (ec != std::errc() && ec != std::errc::result_out_of_range) ||
            ptr != tick_text.data() + tick_text.size()) {
            return fail("tick must be a whole number >= 0, got '" + quoted_for_message(tick_text) + "'");
        }
        if (ec == std::errc::result_out_of_range || command.tick > max_script_tick) {
            return fail("tick " + quoted_for_message(tick_text) + " is out of range: ticks go from 0 to " +
                        std::to_string(max_script_tick) + " (24 hours at 60 ticks per second)");
        }
        if (word.find_first_of(" \t") != std::string_view::npos) {
            return fail("one action per line, got '" + quoted_for_message(word) + "'");
        }
        if (!word.empty() && word.front() == '+') {
            command.kind = ScriptCommand::Kind::press;
            word.remove_prefix(1);
        } else if (!word.empty() && word.front() == '-') {
            command.kind = ScriptCommand::Kind::release;
            word.remove_prefix(1);
        }
        auto found = std::find(names.begin(), names.end(), word);
        if (found == names.end())
            return fail("unknown action '" + quoted_for_message(word) + "' (known: " + join(names) + ")");
        command.action = static_cast<std::size_t>(found - names.begin());
        commands.push_back(command);
    }
    std::stable_sort(commands.begin(), commands.end(),
                     [](const ScriptCommand& a, const ScriptCommand& b) { return a.tick < b.tick; });
    return true;
}

std::span<const ScriptCommand> script_commands_at(const std::vector<ScriptCommand>& commands,
                                                  std::int64_t tick) {
    auto first = std::lower_bound(commands.begin(), commands.end(), tick,
                                  [](const ScriptCommand& c, std::int64_t t) { return c.tick < t; });
    auto last = std::upper_bound(first, commands.end(), tick,
                                 [](std::int64_t t, const ScriptCommand& c) { return t < c.tick; });
    return {first, last};
}

}  // namespace qs
