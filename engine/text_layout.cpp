// Word wrapping and path shortening for on-screen text.
#include "engine/text_layout.hpp"

#include <algorithm>

namespace qs {

namespace {

bool is_closer(char c) {
    return std::string_view(")]}.,;:!?").find(c) != std::string_view::npos;
}

bool only_closers(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_closer);
}

/// Where to cut a word longer than a line: after the last separator that fits, else at `max_chars`; never
/// so that the rest is nothing but closing punctuation.
std::size_t cut_point(std::string_view word, std::size_t max_chars) {
    std::size_t cut = max_chars;
    for (std::size_t i = max_chars; i > max_chars / 2; --i) {
        if (std::string_view("/\\-_.").find(word[i - 1]) != std::string_view::npos) {
            cut = i;
            break;
        }
    }
    while (cut > 1 && only_closers(word.substr(cut))) --cut;
    return cut;
}

void wrap_paragraph(std::string_view text, std::size_t max_chars, std::vector<std::string>& lines) {
    std::string line;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (text[pos] == ' ') {
            ++pos;
            continue;
        }
        std::size_t end = std::min(text.find(' ', pos), text.size());
        std::string_view word = text.substr(pos, end - pos);
        pos = end;
        if (line.empty() && word.size() <= max_chars) {
            line = word;
            continue;
        }
        if (!line.empty() && line.size() + 1 + word.size() <= max_chars) {
            line += ' ';
            line += word;
            continue;
        }
        std::string carried;  // the end of the line that goes down with a lone closer
        if (!line.empty() && only_closers(word)) {
            std::size_t space = line.rfind(' ');
            std::size_t from = space == std::string::npos ? line.size() - 1 : space + 1;
            carried = line.substr(from);
            line.erase(space == std::string::npos ? from : space);
            if (!carried.empty() && carried.size() + 1 + word.size() > max_chars) {
                line += space == std::string::npos ? "" : " ";  // it does not fit either: keep it
                line += carried;
                carried.clear();
            }
        }
        if (!line.empty()) lines.push_back(std::move(line));
        line.clear();
        if (!carried.empty()) {
            line = carried + ' ' + std::string(word);
            continue;
        }
        while (word.size() > max_chars) {
            std::size_t cut = cut_point(word, max_chars);
            lines.emplace_back(word.substr(0, cut));
            word.remove_prefix(cut);
        }
        line = word;
    }
    lines.push_back(std::move(line));
}

}  // namespace

std::string fit_line(std::string_view text, std::size_t max_chars) {
    const auto lead = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; };
    const auto chars = static_cast<std::size_t>(std::count_if(text.begin(), text.end(), lead));
    if (chars <= max_chars) return std::string(text);
    if (max_chars < 4) return std::string(max_chars, '.');
    std::string out;
    std::size_t kept = 0;
    for (const char c : text) {
        if (lead(c)) {
            if (kept == max_chars - 3) break;
            ++kept;
        }
        out.push_back(c);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "...";
}

std::vector<std::string> wrap_text(std::string_view text, std::size_t max_chars) {
    max_chars = std::max<std::size_t>(max_chars, 1);
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (true) {
        std::size_t newline = text.find('\n', start);
        std::string_view paragraph =
            text.substr(start, newline == std::string_view::npos ? text.npos : newline - start);
        if (!paragraph.empty() && paragraph.back() == '\r') paragraph.remove_suffix(1);
        wrap_paragraph(paragraph, max_chars, lines);
        if (newline == std::string_view::npos) break;
        start = newline + 1;
    }
    return lines;
}

std::string shorten_paths(std::string_view text) {
    std::string out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (text[pos] == ' ') {
            out += ' ';
            ++pos;
            continue;
        }
        std::size_t end = std::min(text.find(' ', pos), text.size());
        std::string_view word = text.substr(pos, end - pos);
        pos = end;
        std::size_t body_at = word.find_first_not_of("('\"[<");
        std::string_view body = body_at == std::string_view::npos ? std::string_view() : word.substr(body_at);
        bool rooted = body.starts_with("/") || body.starts_with("~/") || body.starts_with("./") ||
                      body.starts_with("../");
        if (body.size() < 2 || !(rooted || std::count(body.begin(), body.end(), '/') >= 2)) {
            out += word;
            continue;
        }
        // The last part; a path ending in '/' keeps its last folder and the slash.
        std::size_t last = body.find_last_not_of('/');
        if (last == std::string_view::npos) {
            out += word;
            continue;
        }
        std::size_t slash = body.rfind('/', last);
        out += word.substr(0, body_at);
        out += slash == std::string_view::npos ? body : body.substr(slash + 1);
    }
    return out;
}

}  // namespace qs
