#include "audit/canonical_decoder.hpp"

#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "common/utf8.hpp"

namespace mai::audit {

void CanonicalDecoder::fail(const std::string& why) const {
  throw AuditError("not canonical JSON: " + why + " (at byte " + std::to_string(pos_) + ")");
}

void CanonicalDecoder::out_of_order(const std::string& prev, const std::string& key) const {
  // Keys are valid UTF-8 here; long ones are left out of the message.
  const bool show = key.size() <= 64 && prev.size() <= 64;
  if (prev == key) fail(show ? "duplicate key \"" + key + "\"" : std::string("duplicate key"));
  fail(show ? "keys out of order (\"" + key + "\" after \"" + prev + "\")" : std::string("keys out of order"));
}

char CanonicalDecoder::next() const {
  const char c = peek();
  if (c == ' ' || c == '\n' || c == '\r' || c == '\t') fail("whitespace is not allowed");
  return c;
}

void CanonicalDecoder::expect(char c, const char* what) {
  if (peek() != c || at_end()) {
    if (at_end()) fail(std::string("truncated: ") + what + " expected");
    char got = peek();
    if (got == ' ' || got == '\n' || got == '\r' || got == '\t') fail("whitespace is not allowed");
    fail(std::string(what) + " expected");
  }
  ++pos_;
}

void CanonicalDecoder::enter() {
  if (++depth_ > kMaxJsonDepth) fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
}

void CanonicalDecoder::finish() {
  if (!at_end()) fail("bytes after the value");
}

json CanonicalDecoder::value() {
  if (at_end()) fail("truncated: a value expected");
  switch (peek()) {
    case '{': {
      json j = json::object();
      auto& members = j.get_ref<json::object_t&>();
      object([&](const std::string& key) { members.emplace_hint(members.end(), key, value()); });
      return j;
    }
    case '[': {
      json j = json::array();
      auto& items = j.get_ref<json::array_t&>();
      array([&] { items.push_back(value()); });
      return j;
    }
    case '"': {
      json j = std::string();
      string(j.get_ref<std::string&>());
      return j;
    }
    case 't': literal("true"); return true;
    case 'f': literal("false"); return false;
    case 'n': literal("null"); return nullptr;
    case ' ': case '\n': case '\r': case '\t': fail("whitespace is not allowed");
    default:
      if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return number();
      fail("a value expected");
  }
}

void CanonicalDecoder::skip() {
  switch (peek()) {
    case '{': object([&](const std::string&) { skip(); }); return;
    case '[': array([&] { skip(); }); return;
    case '"': string(scratch_); return;
    default: value(); return;  // a number or a literal: nothing to allocate
  }
}

bool CanonicalDecoder::begin_object() {
  expect('{', "'{'");
  enter();
  if (peek() != '}') return true;
  ++pos_;
  leave();
  return false;
}

bool CanonicalDecoder::next_key(std::string& key, bool first) {
  if (!first) {
    if (peek() == '}' && !at_end()) {
      ++pos_;
      leave();
      return false;
    }
    expect(',', "',' or '}'");
  }
  if (peek() != '"' || at_end()) expect('"', "a key");
  string(key);
  expect(':', "':'");
  return true;
}

bool CanonicalDecoder::begin_array() {
  expect('[', "'['");
  enter();
  if (peek() != ']' || at_end()) return true;
  ++pos_;
  leave();
  return false;
}

bool CanonicalDecoder::next_item(bool first) {
  if (first) return true;
  if (peek() == ']' && !at_end()) {
    ++pos_;
    leave();
    return false;
  }
  expect(',', "',' or ']'");
  return true;
}

void CanonicalDecoder::literal(std::string_view word) {
  if (text_.substr(pos_, word.size()) != word) fail("a value expected");
  pos_ += word.size();
}

namespace {

int hex_digit(char c) {  // lowercase only: the canonical form
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

void CanonicalDecoder::string(std::string& out) {
  out.clear();
  expect('"', "a string");
  size_t run = pos_;  // start of the bytes copied as they are
  for (;;) {
    if (at_end()) fail("truncated: unterminated string");
    const unsigned char c = static_cast<unsigned char>(text_[pos_]);
    if (c >= 0x20 && c != '"' && c != '\\') {
      ++pos_;
      continue;
    }
    out.append(text_.substr(run, pos_ - run));
    if (c == '"') break;
    if (c < 0x20) fail("a control character in a string must be escaped");
    // An escape: exactly the ones the encoder writes.
    if (pos_ + 1 >= text_.size()) fail("truncated: unterminated string");
    const char e = text_[pos_ + 1];
    size_t len = 2;
    switch (e) {
      case '"': out.push_back('"'); break;
      case '\\': out.push_back('\\'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case 't': out.push_back('\t'); break;
      case 'u': {
        if (pos_ + 6 > text_.size()) fail("truncated: unterminated string");
        const std::string_view h = text_.substr(pos_ + 2, 4);
        const int hi = hex_digit(h[2]), lo = hex_digit(h[3]);
        if (h[0] != '0' || h[1] != '0' || hi < 0 || lo < 0 || hi > 1)
          fail("\\u escape of a character that is written as it is (or in uppercase hex)");
        const char ch = static_cast<char>(hi * 16 + lo);
        if (ch == '\b' || ch == '\f' || ch == '\n' || ch == '\r' || ch == '\t')
          fail("\\u escape of a character that has a short escape");
        out.push_back(ch);
        len = 6;
        break;
      }
      default: fail(std::string("escape \\") + (static_cast<unsigned char>(e) < 0x80 ? std::string(1, e) : "?") +
                    " is not canonical");
    }
    pos_ += len;
    run = pos_;
  }
  ++pos_;  // the closing quote
  if (!is_valid_utf8(out)) fail("a string is not valid UTF-8");
}

namespace {

struct Integer {
  bool negative = false;
  uint64_t magnitude = 0;
};

// -?(0|[1-9][0-9]*) within -2^63 .. 2^64-1, never -0, no fraction or exponent.
Integer read_integer(CanonicalDecoder& d, std::string_view text, size_t& pos) {
  Integer n;
  if (pos < text.size() && text[pos] == '-') {
    n.negative = true;
    ++pos;
  }
  const size_t first = pos;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    const uint64_t digit = static_cast<uint64_t>(text[pos] - '0');
    if (n.magnitude > (UINT64_MAX - digit) / 10) d.fail("an integer out of range");
    n.magnitude = n.magnitude * 10 + digit;
    ++pos;
  }
  if (pos == first) d.fail(pos == text.size() ? "truncated: a number expected" : "a number expected");
  if (text[first] == '0' && pos - first > 1) d.fail("a number with a leading zero");
  if (pos < text.size() && (text[pos] == '.' || text[pos] == 'e' || text[pos] == 'E'))
    d.fail("floating-point numbers are not allowed");
  if (n.negative && n.magnitude == 0) d.fail("-0 is not canonical");
  if (n.negative && n.magnitude > uint64_t{1} << 63) d.fail("an integer out of range");
  return n;
}

}  // namespace

json CanonicalDecoder::number() {
  const Integer n = read_integer(*this, text_, pos_);
  if (!n.negative) return n.magnitude;
  return static_cast<int64_t>(0 - n.magnitude);  // two's complement: -2^63 included
}

uint64_t CanonicalDecoder::unsigned_integer() {
  const Integer n = read_integer(*this, text_, pos_);
  if (n.negative) fail("a non-negative integer expected");
  return n.magnitude;
}

int64_t CanonicalDecoder::integer() {
  const Integer n = read_integer(*this, text_, pos_);
  if (!n.negative && n.magnitude > static_cast<uint64_t>(INT64_MAX)) fail("an integer out of range");
  return n.negative ? static_cast<int64_t>(0 - n.magnitude) : static_cast<int64_t>(n.magnitude);
}

json parse_canonical(std::string_view text) {
  CanonicalDecoder d(text);
  json v = d.value();
  d.finish();
  return v;
}

}  // namespace mai::audit
