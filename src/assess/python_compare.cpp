#include "assess/python_compare.hpp"

#include <optional>

namespace mai::assess {

namespace {

bool known_scalar(const Alt& a) {
  switch (a.k) {
    case VK::str: case VK::bytes: return !is_partial(a.s);
    case VK::integer: case VK::boolean: case VK::none: return true;
    default: return false;
  }
}

// Python's == between two known scalars (True == 1; "1" != 1).
bool equal(const Alt& a, const Alt& b) {
  bool a_num = a.k == VK::integer || a.k == VK::boolean, b_num = b.k == VK::integer || b.k == VK::boolean;
  if (a_num || b_num) return a_num && b_num && a.i == b.i;
  return a.k == b.k && a.s == b.s;
}

std::optional<bool> member(const Alt& x, const Alt& in) {
  if ((in.k == VK::str || in.k == VK::bytes) && !is_partial(in.s)) {
    if (x.k != in.k) return std::nullopt;
    return in.s.find(x.s) != std::string::npos;
  }
  if ((in.k != VK::list && in.k != VK::tuple && in.k != VK::set) || !in.c || in.c->open)
    return std::nullopt;
  bool found = false;
  for (const Value& item : in.c->items) {
    const Alt* one = item.single();
    if (!one || !known_scalar(*one)) return std::nullopt;
    found = found || equal(x, *one);
  }
  return found;
}

// Text, a number or a container, known or not: never None (a variable
// from the environment, `if shard is not None`).
bool never_none(const Alt& a) {
  switch (a.k) {
    case VK::str: case VK::bytes: case VK::integer: case VK::list: case VK::tuple: case VK::set: case VK::dict:
      return true;
    default: return false;
  }
}

std::optional<bool> decide(std::string_view op, const Alt& l, const Alt& r) {
  if ((op == "is" || op == "is not") && ((l.k == VK::none && never_none(r)) || (r.k == VK::none && never_none(l))))
    return op == "is not";
  if (!known_scalar(l)) return std::nullopt;
  if (op == "in" || op == "not in") {
    auto m = member(l, r);
    if (!m) return std::nullopt;
    return op == "in" ? *m : !*m;
  }
  if (!known_scalar(r)) return std::nullopt;
  if (op == "==" || op == "!=") return equal(l, r) == (op == "==");
  // `is` only where identity is certain: None, True, False.
  bool singletons = (l.k == VK::none || l.k == VK::boolean) && (r.k == VK::none || r.k == VK::boolean);
  if (!singletons) return std::nullopt;
  bool same = l.k == r.k && l.i == r.i;
  if (op == "is") return same;
  if (op == "is not") return !same;
  return std::nullopt;
}

}  // namespace

Value compare_values(std::string_view op, const Value& l, const Value& r) {
  Value out;
  bool decided = false, undecided = l.alts.empty() || r.alts.empty();
  for (const Alt& a : l.alts)
    for (const Alt& b : r.alts) {
      auto d = decide(op, a, b);
      if (!d) {
        undecided = true;
        continue;
      }
      Value v = Value::boolean(*d);
      if (!decided) out = v;
      else out.join(v);
      decided = true;
    }
  if (!decided) return Value();
  if (undecided) out.join(Value());
  return out;
}

}  // namespace mai::assess
