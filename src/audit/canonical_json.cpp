#include "audit/canonical_json.hpp"

#include <cstdio>

#include "audit/error.hpp"
#include "common/utf8.hpp"

namespace mai::audit {

namespace {

void encode_string(const std::string& s, std::string& out) {
  if (!is_valid_utf8(s)) throw AuditError("canonical JSON: a string is not valid UTF-8");
  out.push_back('"');
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out.push_back(ch);
        }
    }
  }
  out.push_back('"');
}

void encode(const json& v, std::string& out) {
  switch (v.type()) {
    case json::value_t::null: out += "null"; break;
    case json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
    case json::value_t::number_integer: out += std::to_string(v.get<int64_t>()); break;
    case json::value_t::number_unsigned: out += std::to_string(v.get<uint64_t>()); break;
    case json::value_t::number_float:
      throw AuditError("canonical JSON: floating-point numbers are not allowed");
    case json::value_t::string: encode_string(v.get_ref<const std::string&>(), out); break;
    case json::value_t::array: {
      out.push_back('[');
      bool first = true;
      for (const auto& e : v) {
        if (!first) out.push_back(',');
        first = false;
        encode(e, out);
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
        encode_string(it.key(), out);
        out.push_back(':');
        encode(it.value(), out);
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

std::string canonical_json(const json& value) {
  std::string out;
  encode(value, out);
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
