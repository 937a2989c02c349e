#include "common/utf8.hpp"

#include "common/encoding.hpp"

namespace mai {

namespace {

// Length of the valid UTF-8 sequence at bytes[i], or 0 if none starts there.
// When 0, *bad is the length of the maximal invalid subpart to replace.
size_t sequence_at(std::string_view s, size_t i, size_t* bad) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  *bad = 1;
  if (c < 0x80) return 1;
  size_t need;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    need = 1;
  } else if (c >= 0xE0 && c <= 0xEF) {
    need = 2;
    if (c == 0xE0) lo = 0xA0;  // no overlongs
    if (c == 0xED) hi = 0x9F;  // no surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 3;
    if (c == 0xF0) lo = 0x90;  // no overlongs
    if (c == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  for (size_t k = 1; k <= need; ++k) {
    if (i + k >= s.size()) return 0;
    unsigned char b = byte(i + k);
    bool ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
    if (!ok) return 0;
    *bad = k + 1;  // bytes 0..k are a valid prefix: the invalid subpart spans them
  }
  return need + 1;
}

}  // namespace

size_t valid_utf8_prefix(std::string_view s) {
  size_t i = 0, bad = 0;
  while (i < s.size()) {
    size_t n = sequence_at(s, i, &bad);
    if (n == 0) return i;
    i += n;
  }
  return i;
}

std::string to_valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t i = 0, bad = 0;
  while (i < s.size()) {
    size_t n = sequence_at(s, i, &bad);
    if (n > 0) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      // One replacement for the longest prefix of a valid sequence (>= 1 byte).
      out += "\xEF\xBF\xBD";
      i += bad;
    }
  }
  return out;
}

std::string for_terminal(std::string_view bytes) {
  const std::string text = to_valid_utf8(bytes);
  std::string out;
  out.reserve(text.size());
  auto escape = [&out](unsigned code) {
    static const char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[(code >> 4) & 0xf];
    out += kHex[code & 0xf];
  };
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      escape(c);
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xa0) {
      // U+0080..U+009F, encoded C2 80..C2 9F: the C1 controls (CSI is U+009B).
      escape(static_cast<unsigned char>(text[++i]));
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

void put_bytes(json& obj, const std::string& key, std::string_view bytes) {
  if (is_valid_utf8(bytes)) {
    obj[key] = std::string(bytes);
    return;
  }
  obj[key] = to_valid_utf8(bytes);
  obj[key + "_base64"] = to_base64(bytes);
}

std::optional<std::string> bytes_field(const json& obj, const std::string& key) {
  if (!obj.is_object()) return std::nullopt;
  auto b64 = obj.find(key + "_base64");
  if (b64 != obj.end()) {
    if (!b64->is_string()) return std::nullopt;
    return from_base64(b64->get<std::string>());
  }
  auto text = obj.find(key);
  if (text == obj.end() || !text->is_string()) return std::nullopt;
  return text->get<std::string>();
}

std::string dump_json(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace mai
