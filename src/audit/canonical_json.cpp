#include "audit/canonical_json.hpp"

#include <cstdio>

#include "audit/error.hpp"

namespace mai::audit {

bool valid_utf8(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    uint32_t cp;
    if (c >= 0xc2 && c <= 0xdf) {
      len = 2;
      cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      len = 3;
      cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > n) return false;
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff))) return false;
    if (cp >= 0xd800 && cp <= 0xdfff) return false;
    i += len;
  }
  return true;
}

void append_canonical_string(std::string_view s, std::string& out) {
  if (!valid_utf8(s)) throw AuditError("not valid UTF-8");
  out.push_back('"');
  size_t run = 0;  // start of the bytes that are copied as they are
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.substr(run, i - run));
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      }
    }
  }
  out.append(s.substr(run));
  out.push_back('"');
}

namespace {

// Where in the value a problem is: "data.limits.cpus", "findings[3]".
[[noreturn]] void rethrow_at(const std::string& where, const AuditError& e) {
  std::string m = e.what();
  const std::string prefix = "canonical JSON: ";
  if (m.rfind(prefix, 0) == 0) m = m.substr(prefix.size());
  bool nested = !m.empty() && (m[0] == '.' || m[0] == '[');
  throw AuditError(prefix + where + (nested ? "" : ": ") + m);
}

void encode(const json& v, std::string& out, Floats floats) {
  switch (v.type()) {
    case json::value_t::null: out += "null"; break;
    case json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
    case json::value_t::number_integer: out += std::to_string(v.get<int64_t>()); break;
    case json::value_t::number_unsigned: out += std::to_string(v.get<uint64_t>()); break;
    case json::value_t::number_float:
      if (floats == Floats::refuse) throw AuditError("canonical JSON: floating-point numbers are not allowed");
      append_canonical_string(v.dump(), out);
      break;
    case json::value_t::string:
      try {
        append_canonical_string(v.get_ref<const std::string&>(), out);
      } catch (const AuditError& e) {
        throw AuditError(std::string("canonical JSON: a string is ") + e.what());
      }
      break;
    case json::value_t::array: {
      out.push_back('[');
      size_t i = 0;
      for (const auto& e : v) {
        if (i) out.push_back(',');
        try {
          encode(e, out, floats);
        } catch (const AuditError& err) {
          rethrow_at("[" + std::to_string(i) + "]", err);
        }
        ++i;
      }
      out.push_back(']');
      break;
    }
    case json::value_t::object: {
      // nlohmann's object is a std::map<std::string, ...>: std::string
      // compares as unsigned bytes, which is the UTF-8 byte order we need.
      out.push_back('{');
      bool first = true;
      for (auto it = v.begin(); it != v.end(); ++it) {
        if (!first) out.push_back(',');
        first = false;
        try {
          append_canonical_string(it.key(), out);
        } catch (const AuditError&) {
          throw AuditError("canonical JSON: an object key is not valid UTF-8");
        }
        out.push_back(':');
        try {
          encode(it.value(), out, floats);
        } catch (const AuditError& err) {
          rethrow_at("." + it.key(), err);
        }
      }
      out.push_back('}');
      break;
    }
    case json::value_t::binary:
    case json::value_t::discarded:
      throw AuditError("canonical JSON: value has no JSON encoding");
  }
}

}  // namespace

std::string canonical_json(const json& value, Floats floats) {
  std::string out;
  encode(value, out, floats);
  return out;
}

json normalize_numbers(const json& value) {
  switch (value.type()) {
    case json::value_t::number_float: return json(value.dump());
    case json::value_t::array: {
      json out = json::array();
      for (const auto& e : value) out.push_back(normalize_numbers(e));
      return out;
    }
    case json::value_t::object: {
      json out = json::object();
      for (auto it = value.begin(); it != value.end(); ++it)
        out[it.key()] = normalize_numbers(it.value());
      return out;
    }
    default: return value;
  }
}

json parse_canonical(std::string_view text) {
  json v;
  try {
    v = json::parse(text.begin(), text.end());
  } catch (const std::exception& e) {
    throw AuditError(std::string("not valid JSON: ") + e.what());
  }
  std::string again;
  try {
    again = canonical_json(v);
  } catch (const AuditError& e) {
    throw AuditError(std::string("not canonical JSON: ") + e.what());
  }
  if (again != text) throw AuditError("not in canonical JSON form");
  return v;
}

}  // namespace mai::audit
