// Jinja2: a template rendered with the program's values. Control tags
// ({% for %}, {% if %}) are not run: their bodies stay once, and every
// expression that is not a plain name bound to a known string is an unknown
// part. What the text carries is what went into it: the template's own
// labels and those of every value given to render() (a script rendered with
// the environment's secrets holds them, wherever they landed).
#include <cctype>
#include <string>

#include "assess/python_interp.hpp"

namespace mai::assess {
namespace {

std::string trim(std::string s) {
  size_t b = s.find_first_not_of(" \t\r\n-+");
  size_t e = s.find_last_not_of(" \t\r\n-+");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

}  // namespace

Value PyInterp::jinja_render(const Value* self, Args& args) {
  // render(mapping) or render(**kw): the names a template may use.
  const Alt* mapping = args.pos.empty() ? nullptr : args.pos[0].single();
  auto value_of = [&](const std::string& name) -> const Value* {
    for (const auto& [k, v] : args.kw)
      if (k == name) return &v;
    if (mapping && mapping->k == VK::dict && mapping->c) return mapping->c->get_key(name);
    return nullptr;
  };
  uint32_t given = 0;
  int32_t given_ev = -1;
  for (const auto& [k, v] : args.kw) {
    given |= deep_taint(v);
    if (given_ev < 0) given_ev = deep_ev(v);
  }
  for (const auto& v : args.pos) {
    given |= deep_taint(v);
    if (given_ev < 0) given_ev = deep_ev(v);
  }
  Value out;
  bool any = false;
  for (const Alt& t : self ? self->alts : std::vector<Alt>{}) {
    if (t.k != VK::object || !t.self) continue;
    const std::string text = likely_text(*t.self);
    std::string made;
    for (size_t i = 0; i < text.size();) {
      if (text[i] != '{' || i + 1 >= text.size() || (text[i + 1] != '{' && text[i + 1] != '%' && text[i + 1] != '#')) {
        made += text[i++];
        continue;
      }
      const char open = text[i + 1];
      const std::string close = open == '{' ? "}}" : open == '%' ? "%}" : "#}";
      size_t end = text.find(close, i + 2);
      if (end == std::string::npos) {
        made += text.substr(i);
        break;
      }
      if (open == '{') {
        std::string expr = trim(text.substr(i + 2, end - i - 2));
        const Value* v = is_identifier(expr) ? value_of(expr) : nullptr;
        const Alt* known = v ? v->single() : nullptr;
        made += known && known->k == VK::str ? known->s : std::string(1, kUnknownPart);
      }
      i = end + 2;
    }
    Value v = Value::str(std::move(made), t.self->taint | given);
    v.ev = t.self->ev >= 0 ? t.self->ev : given_ev;
    accumulate(out, any, v);
  }
  if (!any) return Value::tainted(given, given_ev);
  return out;
}

}  // namespace mai::assess
