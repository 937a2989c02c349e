#include "assess/payload_decoder.hpp"

#include <iconv.h>

#include <zlib.h>

#include <algorithm>
#include <cctype>

namespace mai::assess {
namespace {
int b64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}
bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

std::optional<std::string> decode_base64(std::string_view text) {
  std::string out;
  out.reserve(text.size() * 3 / 4);
  uint32_t acc = 0;
  int bits = 0;
  bool padding = false;
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (is_space(ch)) continue;
    if (c == '=') {
      padding = true;
      continue;
    }
    int v = b64_value(c);
    if (v < 0 || padding) return std::nullopt;
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xFF));
      if (out.size() > kMaxDecodedBytes) return std::nullopt;
    }
  }
  if (bits >= 6) return std::nullopt;  // one stray character: not base64
  return out;
}

std::optional<std::string> decode_base32(std::string_view text) {
  std::string out;
  uint64_t acc = 0;
  int bits = 0;
  for (char ch : text) {
    if (is_space(ch) || ch == '=') continue;
    int v;
    char c = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= '2' && c <= '7') v = c - '2' + 26;
    else return std::nullopt;
    acc = (acc << 5) | static_cast<uint64_t>(v);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
    if (out.size() > kMaxDecodedBytes) return std::nullopt;
  }
  return out;
}

std::optional<std::string> decode_hex(std::string_view text) {
  std::string out;
  int hi = -1;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (is_space(c) || c == ':' || c == ',') continue;
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X')) { ++i; continue; }
    if (c == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X') && hi < 0) { ++i; continue; }
    int v = hex_digit(c);
    if (v < 0) return std::nullopt;
    if (hi < 0) {
      hi = v;
    } else {
      out.push_back(static_cast<char>(hi * 16 + v));
      hi = -1;
    }
    if (out.size() > kMaxDecodedBytes) return std::nullopt;
  }
  if (hi >= 0) return std::nullopt;
  return out;
}

namespace {
// Python's b85 alphabet (RFC 1924's); Ascii85 is '!'..'u'.
constexpr std::string_view kBase85Digits =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

int b85_value(unsigned char c) {
  size_t at = kBase85Digits.find(static_cast<char>(c));
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}
int a85_value(unsigned char c) { return c >= '!' && c <= 'u' ? c - '!' : -1; }

// Groups of five base-85 digits, each a big-endian 32-bit word; a short last
// group is padded with the highest digit and as many bytes dropped again.
// `zeros`: Ascii85's 'z' stands for a whole group of zero bytes.
std::optional<std::string> decode_85(std::string_view text, int (*digit)(unsigned char), bool zeros) {
  std::string out;
  uint64_t word = 0;
  int n = 0;
  auto flush = [&](int digits) {
    if (word > 0xFFFFFFFFull) return false;
    for (int i = 0; i < digits - 1; ++i) out.push_back(static_cast<char>((word >> (24 - 8 * i)) & 0xFF));
    word = 0;
    n = 0;
    return out.size() <= kMaxDecodedBytes;
  };
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (is_space(ch)) continue;
    if (zeros && c == 'z' && n == 0) {
      out.append(4, '\0');
      continue;
    }
    int v = digit(c);
    if (v < 0) return std::nullopt;
    word = word * 85 + static_cast<uint64_t>(v);
    if (++n == 5 && !flush(5)) return std::nullopt;
  }
  if (n == 1) return std::nullopt;  // one digit carries no byte
  if (n > 1) {
    int digits = n;
    for (; n < 5; ++n) word = word * 85 + 84;
    if (!flush(digits)) return std::nullopt;
  }
  return out;
}
}  // namespace

std::optional<std::string> decode_base85(std::string_view text) { return decode_85(text, b85_value, false); }

std::optional<std::string> decode_ascii85(std::string_view text) {
  // Adobe's frame, which a85decode(adobe=True) expects.
  if (text.substr(0, 2) == "<~") text.remove_prefix(2);
  if (text.size() >= 2 && text.substr(text.size() - 2) == "~>") text.remove_suffix(2);
  return decode_85(text, a85_value, true);
}

namespace {
// "%41" or "=41" (the escape character and two hex digits) -> 'A'; at text[i].
bool escaped_byte(std::string_view text, size_t i, std::string& out) {
  if (i + 2 >= text.size()) return false;
  int hi = hex_digit(text[i + 1]), lo = hex_digit(text[i + 2]);
  if (hi < 0 || lo < 0) return false;
  out.push_back(static_cast<char>(hi * 16 + lo));
  return true;
}
}  // namespace

std::optional<std::string> decode_quoted_printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '=') {
      out.push_back(text[i]);
      continue;
    }
    // "=" at the end of a line is a soft line break: the line goes on
    if (i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
      ++i;
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      continue;
    }
    if (escaped_byte(text, i, out)) {
      i += 2;
      continue;
    }
    out.push_back('=');
  }
  return out;
}

std::optional<std::string> decode_percent(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && escaped_byte(text, i, out)) {
      i += 2;
      continue;
    }
    out.push_back(plus_is_space && text[i] == '+' ? ' ' : text[i]);
  }
  return out;
}

std::string rot13(std::string_view text) {
  std::string out(text);
  for (auto& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>('a' + (c - 'a' + 13) % 26);
    else if (c >= 'A' && c <= 'Z') c = static_cast<char>('A' + (c - 'A' + 13) % 26);
  }
  return out;
}

std::optional<std::string> inflate_any(std::string_view data) {
  if (data.size() < 2) return std::nullopt;
  for (int window : {15 + 32, -15}) {  // zlib or gzip (auto), then raw deflate
    z_stream zs{};
    if (inflateInit2(&zs, window) != Z_OK) return std::nullopt;
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    zs.avail_in = static_cast<uInt>(std::min<size_t>(data.size(), UINT32_MAX));
    std::string out;
    char buf[16384];
    int rc = Z_OK;
    while (rc == Z_OK) {
      zs.next_out = reinterpret_cast<Bytef*>(buf);
      zs.avail_out = sizeof buf;
      rc = inflate(&zs, Z_NO_FLUSH);
      out.append(buf, sizeof buf - zs.avail_out);
      if (out.size() > kMaxDecodedBytes) { rc = Z_DATA_ERROR; break; }
      if (rc == Z_BUF_ERROR && zs.avail_in == 0) break;
    }
    inflateEnd(&zs);
    if (rc == Z_STREAM_END) return out;
  }
  return std::nullopt;
}

// Any other character set glibc knows (EBCDIC cp1026/cp500 hides names from
// readers and scanners: b"\x85\xa5\x81\x93".decode("cp1026") is "eval").
static std::optional<std::string> iconv_to_utf8(std::string_view data, std::string_view codec_name) {
  std::string name(codec_name.substr(0, 32));
  for (auto& ch : name) ch = ch == '_' ? '-' : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (name.empty() || data.size() > (1u << 20)) return std::nullopt;
  iconv_t cd = iconv_open("UTF-8", name.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string in(data), out(data.size() * 4 + 16, '\0');
  char* ip = in.data();
  char* op = out.data();
  size_t il = in.size(), ol = out.size();
  size_t r = iconv(cd, &ip, &il, &op, &ol);
  iconv_close(cd);
  if (r == static_cast<size_t>(-1)) return std::nullopt;
  out.resize(out.size() - ol);
  return out;
}

std::optional<std::string> decode_codec(std::string_view data, std::string_view codec_name) {
  std::string c = lower(codec_name);
  c.erase(std::remove(c.begin(), c.end(), '-'), c.end());
  c.erase(std::remove(c.begin(), c.end(), '_'), c.end());
  if (c == "rot13") return rot13(data);
  if (c == "base64" || c == "base64codec") return decode_base64(data);
  if (c == "hex" || c == "hexcodec") return decode_hex(data);
  if (c == "zlib" || c == "zlibcodec") return inflate_any(data);
  if (c == "quopri" || c == "quopricodec" || c == "quotedprintable") return decode_quoted_printable(data);
  if (c == "utf8" || c == "ascii" || c == "latin1" || c == "utf16") return std::string(data);
  return iconv_to_utf8(data, codec_name);
}

bool looks_like_text(std::string_view data) {
  if (data.empty()) return false;
  size_t good = 0;
  for (unsigned char c : data)
    if (c == '\n' || c == '\r' || c == '\t' || (c >= 0x20 && c < 0x7F) || c >= 0x80) ++good;
  return good * 100 >= data.size() * 97;
}

std::optional<std::string> peel_blob(std::string_view s, int max_layers) {
  std::string cur(s);
  bool changed = false;
  for (int layer = 0; layer < max_layers; ++layer) {
    std::optional<std::string> next;
    size_t n = cur.size();
    bool hexish = n >= 32 && std::all_of(cur.begin(), cur.end(), [](char c) {
      return std::isxdigit(static_cast<unsigned char>(c)) || is_space(c);
    });
    if (hexish) next = decode_hex(cur);
    if (!next && n >= 24) {
      bool b64ish = std::all_of(cur.begin(), cur.end(), [](char c) {
        return b64_value(static_cast<unsigned char>(c)) >= 0 || c == '=' || is_space(c);
      });
      if (b64ish) next = decode_base64(cur);
    }
    if (!next && changed) next = inflate_any(cur);  // compressed bytes inside an encoding
    if (!next || next->empty()) break;
    cur = std::move(*next);
    changed = true;
    if (looks_like_text(cur) && cur.size() >= 4) {
      // Text may itself be another layer; stop when it is not an encoding.
      bool more = std::all_of(cur.begin(), cur.end(), [](char c) {
        return b64_value(static_cast<unsigned char>(c)) >= 0 || c == '=' || is_space(c);
      });
      if (!more) return cur;
    }
  }
  if (changed && looks_like_text(cur)) return cur;
  return std::nullopt;
}

}  // namespace mai::assess
