// MessagePack values recorded flat from nlohmann's SAX events (one 16-byte token per value, strings in a
// side pool, no allocation per value) and read back through MsgpackView, which has the part of
// nlohmann::json's interface that field readers use (is_number(), get<double>(), operator[], ...). For large
// lists of small records (a save file's entities) where building nlohmann's DOM costs far more than parsing.
//
//   MsgpackTape tape;                    // a SAX handler forwards the events of one value:
//   tape.open(MsgpackTape::Kind::array, 2); tape.add_unsigned(3); tape.add_boolean(true); tape.close();
//   MsgpackView list = tape.root();      // list.is_array(), list.size() == 2, list[0].get<int>() == 3
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace qs {

class MsgpackView;

/// One recorded value and everything inside it.
class MsgpackTape {
   public:
    /// The kinds nlohmann::json distinguishes (a map key is a `key` token before its value).
    enum class Kind : std::uint8_t {
        null,
        boolean,
        integer,
        unsigned_integer,
        floating,
        string,
        binary,
        array,
        object,
        key
    };
    /// Trivial, so the buffer is not initialized before it is written.
    struct Token {
        Kind kind;
        std::uint32_t next;  ///< index of the token after this value (containers: after their last item)
        union {
            bool boolean;
            std::int64_t integer;
            std::uint64_t unsigned_integer;
            double floating;
            std::uint64_t count;   ///< arrays: items; objects: entries
            std::uint64_t string;  ///< strings and keys: index into the string pool
        };
    };

    /// Forgets everything (keeps the memory).
    void clear() {
        size_ = 0;
        strings_.clear();
        open_.clear();
    }
    void reserve(std::size_t tokens) {
        if (tokens > capacity_) grow(tokens);
    }

    void add_null() { push(Kind::null); }
    void add_boolean(bool value) { push(Kind::boolean).boolean = value; }
    void add_integer(std::int64_t value) { push(Kind::integer).integer = value; }
    void add_unsigned(std::uint64_t value) { push(Kind::unsigned_integer).unsigned_integer = value; }
    void add_floating(double value) { push(Kind::floating).floating = value; }
    void add_string(std::string&& value) { add_text(Kind::string, std::move(value)); }
    void add_binary() { push(Kind::binary); }
    /// A map key: the value that follows belongs to it.
    void add_key(std::string&& key) { add_text(Kind::key, std::move(key)); }
    /// Starts an array or object of `count` items or entries (as the SAX event announced it: MessagePack
    /// always knows); they follow until close().
    void open(Kind kind, std::uint64_t count) {
        push(kind).count = count;
        open_.push_back(static_cast<std::uint32_t>(size_ - 1));
    }
    void close() {
        tokens_[open_.back()].next = static_cast<std::uint32_t>(size_);
        open_.pop_back();
    }
    /// Containers opened and not closed yet.
    std::size_t depth() const { return open_.size(); }
    bool empty() const { return size_ == 0; }

    /// The first value recorded (the tape must not be empty).
    MsgpackView root() const;

   private:
    friend class MsgpackView;
    [[gnu::always_inline]] Token& push(Kind kind) {
        if (size_ == capacity_) grow(capacity_ * 2 + 64);
        Token& token = tokens_[size_++];
        token.kind = kind;
        token.next = static_cast<std::uint32_t>(size_);
        token.unsigned_integer = 0;
        return token;
    }
    [[gnu::noinline]] void grow(std::size_t capacity) {
        auto bigger = std::make_unique_for_overwrite<Token[]>(capacity);
        if (size_ > 0) std::memcpy(bigger.get(), tokens_.get(), size_ * sizeof(Token));
        tokens_ = std::move(bigger);
        capacity_ = capacity;
    }
    void add_text(Kind kind, std::string&& text) {
        push(kind).string = strings_.size();
        strings_.push_back(std::move(text));
    }

    std::unique_ptr<Token[]> tokens_;
    std::size_t size_ = 0, capacity_ = 0;
    std::vector<std::string> strings_;
    std::vector<std::uint32_t> open_;  ///< open containers, innermost last
};

/// A recorded value, read like a const nlohmann::json (the same kinds, numbers converted the same way).
class MsgpackView {
   public:
    using Kind = MsgpackTape::Kind;
    MsgpackView(const MsgpackTape& tape, std::uint32_t index) : tape_(&tape), token_(&tape.tokens_[index]) {}

    Kind kind() const { return token().kind; }
    bool is_null() const { return kind() == Kind::null; }
    bool is_boolean() const { return kind() == Kind::boolean; }
    bool is_number() const {
        return kind() == Kind::integer || kind() == Kind::unsigned_integer || kind() == Kind::floating;
    }
    /// Signed or unsigned, as in nlohmann::json.
    bool is_number_integer() const { return kind() == Kind::integer || kind() == Kind::unsigned_integer; }
    bool is_number_unsigned() const { return kind() == Kind::unsigned_integer; }
    bool is_number_float() const { return kind() == Kind::floating; }
    bool is_string() const { return kind() == Kind::string; }
    bool is_binary() const { return kind() == Kind::binary; }
    bool is_array() const { return kind() == Kind::array; }
    bool is_object() const { return kind() == Kind::object; }
    /// nlohmann::json's names: "null", "boolean", "number", "string", "binary", "array", "object".
    const char* type_name() const {
        switch (kind()) {
            case Kind::null:
                return "null";
            case Kind::boolean:
                return "boolean";
            case Kind::string:
            case Kind::key:
                return "string";
            case Kind::binary:
                return "binary";
            case Kind::array:
                return "array";
            case Kind::object:
                return "object";
            default:
                return "number";
        }
    }

    /// Items of an array, entries of an object, 0 for anything else.
    std::size_t size() const { return is_array() || is_object() ? token().count : 0; }
    bool empty() const { return size() == 0; }

    /// The value after this one (skips a container's items).
    MsgpackView following() const { return {*tape_, token().next}; }
    /// The first item of a non-empty array; walk on with following().
    MsgpackView first_item() const { return {*tape_, token_ + 1}; }
    /// Whether every item of this array is a single token (no lists or maps inside): then operator[] is
    /// one addition.
    bool flat() const {
        return token().next == static_cast<std::size_t>(token_ - tape_->tokens_.get()) + 1 + token().count;
    }
    /// The i-th item of an array (a flat one: at once; else it walks the items before it, so collect them
    /// once for many look-ups).
    MsgpackView operator[](std::size_t i) const {
        if (flat()) return {*tape_, token_ + 1 + i};
        MsgpackView item = first_item();
        while (i-- > 0) item = item.following();
        return item;
    }
    /// A key's text (on a key token: the object's entries are key, value, key, value, ...).
    const std::string& key_text() const { return tape_->strings_[token().string]; }

    /// Numbers and booleans converted as nlohmann's get<T>() converts them; strings by reference.
    template <class T>
    T get() const {
        static_assert(std::is_arithmetic_v<T>, "MsgpackView::get: numbers and booleans only");
        switch (kind()) {
            case Kind::boolean:
                return static_cast<T>(token().boolean);
            case Kind::integer:
                return static_cast<T>(token().integer);
            case Kind::unsigned_integer:
                return static_cast<T>(token().unsigned_integer);
            case Kind::floating:
                return static_cast<T>(token().floating);
            default:
                return T{};
        }
    }
    template <class T>
    const std::string& get_ref() const {
        static_assert(std::is_same_v<T, const std::string&>, "MsgpackView::get_ref: strings only");
        return tape_->strings_[token().string];
    }

   private:
    MsgpackView(const MsgpackTape& tape, const MsgpackTape::Token* token) : tape_(&tape), token_(token) {}
    const MsgpackTape::Token& token() const { return *token_; }
    const MsgpackTape* tape_;
    const MsgpackTape::Token* token_;
};

inline MsgpackView MsgpackTape::root() const {
    return {*this, std::uint32_t{0}};
}

}  // namespace qs
