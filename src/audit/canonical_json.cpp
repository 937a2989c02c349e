#include "audit/canonical_json.hpp"

#include <cstdio>

#include "audit/error.hpp"
#include "common/utf8.hpp"

namespace mai::audit {

void append_canonical_string(std::string_view s, std::string& out) {
  if (!is_valid_utf8(s)) throw AuditError("not valid UTF-8");
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

AuditError too_deep() {
  return AuditError("canonical JSON: nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
}

void encode(const json& v, std::string& out, Floats floats, int depth) {
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
      if (depth > kMaxJsonDepth) throw too_deep();
      out.push_back('[');
      size_t i = 0;
      for (const auto& e : v) {
        if (i) out.push_back(',');
        try {
          encode(e, out, floats, depth + 1);
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
      if (depth > kMaxJsonDepth) throw too_deep();
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
          encode(it.value(), out, floats, depth + 1);
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
  encode(value, out, floats, 1);
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

}  // namespace mai::audit
