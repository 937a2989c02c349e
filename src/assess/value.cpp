#include "assess/value.hpp"

#include <algorithm>

namespace mai::assess {

bool Value::maybe_unknown() const {
  if (alts.empty()) return true;
  for (const auto& a : alts)
    if (a.k == VK::unknown) return true;
  return false;
}

bool Value::all_const_strings() const {
  if (alts.empty()) return false;
  for (const auto& a : alts)
    if ((a.k != VK::str && a.k != VK::bytes) || is_partial(a.s)) return false;
  return true;
}

void Value::add(Alt a) {
  if (alts.empty() && a.k == VK::unknown) {
    // Unknown joined into unknown stays the cheap form.
    return;
  }
  for (const auto& x : alts)
    if (x.same(a)) return;
  // Instances of one class joined stay apart up to kMaxInstancesApart (each
  // of a list's few Dep objects formats its own name and pin); past that, or
  // beside any instance of the class (Alt::i 0), they are one alternative,
  // any instance of the class.
  if (a.k == VK::instance) {
    auto same_class = [&](const Alt& y) {
      return y.k == VK::instance && y.fn == a.fn && y.self == a.self && y.s == a.s && y.extra == a.extra;
    };
    const auto apart = static_cast<size_t>(std::count_if(alts.begin(), alts.end(), same_class));
    const bool any_one = std::any_of(alts.begin(), alts.end(), [&](const Alt& y) { return same_class(y) && y.i == 0; });
    if (apart > 0 && (a.i == 0 || any_one || apart >= kMaxInstancesApart)) {
      auto first = std::find_if(alts.begin(), alts.end(), same_class);
      first->i = 0;
      alts.erase(std::remove_if(std::next(first), alts.end(), same_class), alts.end());
      return;
    }
  }
  if (alts.size() >= kMaxAlts) {
    // Too many to keep apart: keep what we have and note anything else may be.
    for (const auto& x : alts)
      if (x.k == VK::unknown) return;
    alts.back() = Alt{};
    return;
  }
  alts.push_back(std::move(a));
}

void Value::join(const Value& o) {
  if (alts.empty() && o.alts.empty()) {
    // both unknown
  } else if (alts.empty()) {
    Alt u;
    alts.push_back(u);
    for (const auto& a : o.alts) add(a);
  } else if (o.alts.empty()) {
    add(Alt{});
  } else {
    for (const auto& a : o.alts) add(a);
  }
  taint |= o.taint;
  if (ev < 0) ev = o.ev;
}

Value Value::str(std::string s, uint32_t taint) {
  if (s.size() > kMaxString) {
    s.resize(kMaxString);
    s.back() = kUnknownPart;
  }
  Value v;
  Alt a;
  a.k = VK::str;
  a.s = std::move(s);
  v.alts.push_back(std::move(a));
  v.taint = taint;
  return v;
}

Value Value::bytes(std::string s, uint32_t taint) {
  Value v = str(std::move(s), taint);
  v.alts[0].k = VK::bytes;
  return v;
}

Value Value::integer(int64_t i) {
  Value v;
  Alt a;
  a.k = VK::integer;
  a.i = i;
  v.alts.push_back(std::move(a));
  return v;
}

Value Value::boolean(bool b) {
  Value v = integer(b ? 1 : 0);
  v.alts[0].k = VK::boolean;
  return v;
}

Value Value::none() {
  Value v;
  Alt a;
  a.k = VK::none;
  v.alts.push_back(std::move(a));
  return v;
}

Value Value::module(std::string name) {
  Value v;
  Alt a;
  a.k = VK::module;
  a.s = std::move(name);
  v.alts.push_back(std::move(a));
  return v;
}

Value Value::libfunc(std::string name, std::shared_ptr<const Value> self) {
  Value v;
  Alt a;
  a.k = VK::libfunc;
  a.s = std::move(name);
  a.self = std::move(self);
  v.alts.push_back(std::move(a));
  return v;
}

Value Value::object(std::string type, std::string extra, uint32_t taint) {
  Value v;
  Alt a;
  a.k = VK::object;
  a.s = std::move(type);
  a.extra = std::move(extra);
  v.alts.push_back(std::move(a));
  v.taint = taint;
  return v;
}

void Container::push(Value v) {
  if (items.size() < kMaxItems && !open) {
    items.push_back(std::move(v));
    return;
  }
  open = true;
  // Constants beyond the bound are still constant data of the code.
  bool constant = v.alts.size() == 1 && v.taint == 0 &&
                  (v.alts[0].k == VK::integer || ((v.alts[0].k == VK::str || v.alts[0].k == VK::bytes) &&
                                                  !is_partial(v.alts[0].s)));
  rest.join(v);
  if (constant) rest.taint |= 1u << 22;  // kConstData (taint.hpp)
  if (std::any_of(v.alts.begin(), v.alts.end(), [](const Alt& a) { return a.c != nullptr; })) {
    tail.clear();
    return;
  }
  if (tail.size() == kMaxTail) tail.erase(tail.begin());
  tail.push_back(std::move(v));
}

void Container::set_tail(std::vector<Value> last) {
  for (const auto& v : last)
    for (const auto& a : v.alts)
      if (a.c) {
        tail.clear();
        return;
      }
  if (last.size() > kMaxTail) last.erase(last.begin(), last.end() - kMaxTail);
  tail = std::move(last);
}

void Container::set_key(const std::string& k, Value v) {
  for (auto& [key, val] : keyed)
    if (key == k) {
      val = std::move(v);
      return;
    }
  if (keyed.size() < kMaxItems) keyed.emplace_back(k, std::move(v));
  else {
    open = true;
    rest.join(v);
  }
}

void Container::store(const Value& key, Value v, bool keep_old) {
  const Alt* k = key.single();
  if (k && (k->k == VK::str || k->k == VK::integer) && !is_partial(k->s)) {
    std::string name = k->k == VK::str ? k->s : std::to_string(k->i);
    if (keep_old)
      if (const Value* old = get_key(name)) v.join(*old);
    set_key(name, std::move(v));
    return;
  }
  open = true;
  rest.join(v);
  rest_keys.join(key);
}

const Value* Container::get_key(const std::string& k) const {
  for (const auto& [key, val] : keyed)
    if (key == k) return &val;
  return nullptr;
}

Value Container::summary() const {
  Value out;
  bool first = true;
  auto take = [&](const Value& v) {
    if (first) {
      out = v;
      first = false;
    } else {
      out.join(v);
    }
  };
  for (const auto& v : items) take(v);
  for (const auto& kv : keyed) take(kv.second);
  if (open) take(rest);
  return out;
}

Container::~Container() {
  // Containers only this one holds, waiting to be freed by the outermost
  // destructor running on this thread.
  thread_local std::vector<std::shared_ptr<Container>> orphans;
  thread_local bool freeing = false;
  auto adopt = [](Value& v) {
    for (auto& a : v.alts)
      if (a.c && a.c.use_count() == 1) orphans.push_back(std::move(a.c));
  };
  for (auto& v : items) adopt(v);
  for (auto& kv : keyed) adopt(kv.second);
  adopt(rest);
  adopt(rest_keys);
  if (freeing) return;
  freeing = true;
  while (!orphans.empty()) {
    std::shared_ptr<Container> c = std::move(orphans.back());
    orphans.pop_back();
    c.reset();  // its destructor adopts what it held: no recursion
  }
  freeing = false;
}

namespace {
// The containers made in the current thread's outermost ContainerScope.
thread_local std::vector<std::weak_ptr<Container>>* t_scope = nullptr;
}  // namespace

std::shared_ptr<Container> new_container() {
  auto c = std::make_shared<Container>();
  if (t_scope) t_scope->push_back(c);
  return c;
}

ContainerScope::ContainerScope() {
  if (t_scope) return;
  t_scope = &made_;
  outermost_ = true;
}

ContainerScope::~ContainerScope() {
  if (!outermost_) return;
  t_scope = nullptr;
  for (auto& weak : made_)
    if (auto c = weak.lock()) {  // held while emptied; what it held may free others
      c->items.clear();
      c->keyed.clear();
      c->rest = Value();
      c->rest_keys = Value();
    }
}

Value make_list(std::vector<Value> items, VK kind) {
  Value v;
  Alt a;
  a.k = kind;
  a.c = new_container();
  uint32_t taint = 0;
  int32_t ev = -1;
  for (auto& x : items) {
    taint |= x.taint;
    if (ev < 0) ev = x.ev;
    a.c->push(std::move(x));
  }
  v.alts.push_back(std::move(a));
  v.taint = taint;
  v.ev = ev;
  return v;
}

Value empty_of(VK kind) {
  switch (kind) {
    case VK::list: return make_list({});
    case VK::dict: return make_dict();
    case VK::integer: return Value::integer(0);
    case VK::str: return Value::str("");
    default: return Value();
  }
}

const Container* open_list(const Value& v) {
  const Alt* a = v.single();
  return a && (a->k == VK::list || a->k == VK::tuple) && a->c && a->c->open ? a->c.get() : nullptr;
}

Value make_dict() {
  Value v;
  Alt a;
  a.k = VK::dict;
  a.c = new_container();
  v.alts.push_back(std::move(a));
  return v;
}

uint32_t deep_taint(const Value& v, int depth) {
  uint32_t t = v.taint;
  if (depth > 3) return t;
  for (const auto& a : v.alts) {
    if (!a.c) continue;
    size_t n = 0;
    for (const auto& x : a.c->items) {
      if (++n > 64) break;
      t |= deep_taint(x, depth + 1);
    }
    for (const auto& kv : a.c->keyed) {
      if (++n > 128) break;
      t |= deep_taint(kv.second, depth + 1);
    }
    t |= deep_taint(a.c->rest, depth + 1);
  }
  return t;
}

int32_t deep_ev(const Value& v, int depth) {
  if (v.ev >= 0 || depth > 3) return v.ev;
  for (const auto& a : v.alts) {
    if (!a.c) continue;
    for (const auto& x : a.c->items)
      if (int32_t e = deep_ev(x, depth + 1); e >= 0) return e;
    for (const auto& kv : a.c->keyed)
      if (int32_t e = deep_ev(kv.second, depth + 1); e >= 0) return e;
    if (int32_t e = deep_ev(a.c->rest, depth + 1); e >= 0) return e;
  }
  return -1;
}

int32_t deep_ev_of(const Value& v, uint32_t labels, int depth) {
  if (depth <= 3)
    for (const auto& a : v.alts) {
      if (!a.c) continue;
      auto look = [&](const Value& x) { return (deep_taint(x) & labels) ? deep_ev_of(x, labels, depth + 1) : -1; };
      for (const auto& x : a.c->items)
        if (int32_t e = look(x); e >= 0) return e;
      for (const auto& kv : a.c->keyed)
        if (int32_t e = look(kv.second); e >= 0) return e;
      if (int32_t e = look(a.c->rest); e >= 0) return e;
    }
  return (v.taint & labels) ? v.ev : -1;
}

void deep_evs_of(const Value& v, uint32_t labels, std::vector<int32_t>& out, int depth) {
  constexpr size_t kMaxHeads = 8;
  if (out.size() >= kMaxHeads || !(deep_taint(v) & labels)) return;
  bool inside = false;
  if (depth <= 3)
    for (const auto& a : v.alts) {
      if (!a.c) continue;
      // (as far as deep_taint looks)
      size_t n = 0;
      for (const auto& x : a.c->items)
        if (++n <= 64) deep_evs_of(x, labels, out, depth + 1);
      n = 0;
      for (const auto& kv : a.c->keyed)
        if (++n <= 128) deep_evs_of(kv.second, labels, out, depth + 1);
      deep_evs_of(a.c->rest, labels, out, depth + 1);
      inside = true;
    }
  if (!inside && (v.taint & labels) && v.ev >= 0 && out.size() < kMaxHeads &&
      std::find(out.begin(), out.end(), v.ev) == out.end())
    out.push_back(v.ev);
}

bool is_partial(std::string_view s) { return s.find(kUnknownPart) != std::string_view::npos; }

std::vector<std::string> string_alternatives(const Value& v, size_t limit) {
  std::vector<std::string> out;
  if (v.alts.empty()) {
    out.emplace_back(1, kUnknownPart);
    return out;
  }
  for (const auto& a : v.alts) {
    if (out.size() >= limit) break;
    std::string text;
    if (a.k == VK::str || a.k == VK::bytes) text = a.s;
    else if (a.k == VK::integer) text = std::to_string(a.i);
    else if (a.k == VK::object && !a.extra.empty()) text = a.extra;
    else text.assign(1, kUnknownPart);
    // Each text once: repeats would take the places of the ones after them.
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(std::move(text));
  }
  return out;
}

std::string first_text(const Value& v) {
  auto alts = string_alternatives(v, 1);
  return alts.empty() ? std::string(1, kUnknownPart) : alts[0];
}

std::vector<std::vector<std::string>> text_combinations(const std::vector<const Value*>& values, size_t rows,
                                                        bool overflow_first) {
  std::vector<std::vector<std::string>> out(1);
  for (const Value* v : values) {
    std::vector<std::string> parts = string_alternatives(*v);
    // (past the rows, the likely one: the first known whole, else the one
    // that knows most, a zone's default beside the zone an option may give)
    if (parts.size() > 1 && out.size() * parts.size() > std::max<size_t>(rows, 1))
      parts.assign(1, overflow_first ? likely_text(*v) : std::string(1, kUnknownPart));
    if (parts.size() == 1) {  // (no copies of texts that may be large)
      for (auto& row : out) row.push_back(parts[0]);
      continue;
    }
    std::vector<std::vector<std::string>> next;
    next.reserve(out.size() * parts.size());
    for (const auto& row : out)
      for (const auto& part : parts) {
        next.push_back(row);
        next.back().push_back(part);
      }
    out = std::move(next);
  }
  return out;
}

size_t likely_index(const std::vector<std::string_view>& texts) {
  // The first known whole, else the one that knows most (names of a zone's
  // default beside names of the zone an option may give).
  size_t best = 0, best_known = 0;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string_view s = texts[i];
    if (!is_partial(s)) return i;
    const size_t known = static_cast<size_t>(std::count_if(s.begin(), s.end(), [](char c) { return c != kUnknownPart; }));
    if (known > best_known) best = i, best_known = known;
  }
  return best;
}

std::string likely_text(const Value& v) {
  auto alts = string_alternatives(v);
  if (alts.empty()) return std::string(1, kUnknownPart);
  return alts[likely_index(std::vector<std::string_view>(alts.begin(), alts.end()))];
}

std::string printable(std::string_view s, size_t max) {
  std::string out;
  for (unsigned char c : s) {
    if (out.size() >= max) {
      out += "...";
      break;
    }
    if (c == static_cast<unsigned char>(kUnknownPart)) out += "...";
    else if (c == '\n') out += "\\n";
    else if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace mai::assess
