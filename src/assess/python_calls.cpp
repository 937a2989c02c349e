// Calls in the Python interpreter: user functions and classes (re-evaluated
// per call, memoised), library calls through the model (effects, returned
// types, taint, callbacks), built-in methods of str/bytes/list/dict, and the
// operators.
#include <algorithm>
#include <cctype>
#include <functional>
#include <cstring>

#include <re2/re2.h>

#include "assess/command_model.hpp"
#include "assess/library_model.hpp"
#include "assess/payload_decoder.hpp"
#include "assess/python_interp.hpp"
#include "assess/python_strings.hpp"
#include "assess/self_copies.hpp"
#include "assess/taint.hpp"

namespace mai::assess {

namespace {
// Alternatives of a script given to a shell that are each judged (bounded: each is a whole run).
constexpr size_t kMaxNestedScripts = 4;
// The texts an argv list filled in a loop may hold that are named in its command line.
constexpr size_t kMaxNamedElements = 8;

// The text a file is written with: a string's, or the likely one of several
// that are all strings (a list joined with an option's default or what the
// user gives, a template filled with it), as one run writes one of them.
const Alt* likely_text_alt(const Value& v) {
  if (v.alts.empty()) return nullptr;
  std::vector<std::string_view> texts;
  for (const auto& a : v.alts) {
    if (a.k != VK::str && a.k != VK::bytes) return nullptr;
    texts.push_back(a.s);
  }
  return &v.alts[likely_index(texts)];
}

// A Python identifier or dotted name (os.system).
bool is_dotted_name(const std::string& s) {
  static const RE2 re("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");
  return s.size() < 200 && RE2::FullMatch(s, re);
}

// An interpreter whose first argument is the script it runs.
// A URL whose query passes a value as the API's key (?appid=..., &api_key=...,
// &token=...): the key authenticates to that host, as a header would.
bool query_passes_a_key(const std::string& url) {
  static const RE2 key_name(
      "(?i)(app_?id|api_?key|api-key|apikey|key|access_?token|auth_?token|token|auth|client_?secret|"
      "client_?id|secret|sig|signature)");
  size_t q = url.find('?');
  if (q == std::string::npos) return false;
  for (size_t hole = url.find(kUnknownPart, q); hole != std::string::npos; hole = url.find(kUnknownPart, hole + 1)) {
    size_t eq = url.rfind('=', hole);
    size_t start = url.find_last_of("?&", hole);
    if (eq == std::string::npos || start == std::string::npos || eq < start || eq + 1 != hole) continue;
    if (RE2::FullMatch(url.substr(start + 1, eq - start - 1), key_name)) return true;
  }
  return false;
}

// params={"appid": key, "q": city}: a secret passed in the query only under
// a key's name, and nowhere else in the request, authenticates to the host.
bool params_pass_a_key(const PyInterp::Args& args) {
  static const RE2 key_name(
      "(?i)(app_?id|api_?key|api-key|apikey|key|access_?token|auth_?token|private_?token|token|auth|"
      "auth_?key|client_?secret|client_?id|secret|sig|signature)");
  const Value* params = args.get(-1, "params");
  if (!params || params->alts.empty()) return false;
  for (const char* other : {"data", "json", "files"})
    if (const Value* v = args.get(-1, other); v && (deep_taint(*v) & kAuthSecrets)) return false;
  bool keyed_secret = false;
  for (const auto& a : params->alts) {
    if (a.k != VK::dict || !a.c) return false;
    for (const auto& item : a.c->items)
      if (deep_taint(item) & kAuthSecrets) return false;
    if (a.c->open && (deep_taint(a.c->rest) & kAuthSecrets)) return false;
    for (const auto& [name, v] : a.c->keyed) {
      if (!(deep_taint(v) & kAuthSecrets)) continue;
      if (!RE2::FullMatch(name, key_name)) return false;
      keyed_secret = true;
    }
  }
  return keyed_secret;
}

}  // namespace

namespace {

// "host:port" of a (host, port) tuple or an address string.
std::string endpoint_text(const Value& v) {
  if (const Alt* a = v.single()) {
    if ((a->k == VK::tuple || a->k == VK::list) && a->c && a->c->items.size() >= 1) {
      std::string host = first_text(a->c->items[0]);
      std::string port = a->c->items.size() > 1 ? first_text(a->c->items[1]) : std::string(1, kUnknownPart);
      return host + ":" + port;
    }
    if (a->k == VK::str || a->k == VK::bytes) return a->s;
    if (a->k == VK::object && !a->extra.empty()) return a->extra;
  }
  return std::string(1, kUnknownPart);
}

// A value as a memo key's part: its labels and, per alternative, its kind
// and what tells it apart (a text's first 64 bytes, a number, a library
// name, a container's or function's identity). With `contents` > 0, a
// container by what it holds (its first elements, that many levels deep,
// then its sizes) instead of its identity.
void append_key(std::string& k, const Value& v, int contents = 0) {
  k += std::to_string(v.taint);
  k += ':';
  for (const auto& a : v.alts) {
    k += static_cast<char>('a' + static_cast<int>(a.k));
    if (a.k == VK::str || a.k == VK::bytes) k += a.s.substr(0, 64);
    else if (a.k == VK::integer || a.k == VK::boolean) k += std::to_string(a.i);
    else if (a.k == VK::object || a.k == VK::module || a.k == VK::libfunc) k += a.s + a.extra;
    else if (a.c && contents > 0) {
      k += std::to_string(a.c->items.size()) + '/' + std::to_string(a.c->keyed.size()) + (a.c->open ? "+[" : "[");
      size_t n = 0;
      for (const auto& item : a.c->items)
        if (++n <= 16) append_key(k, item, contents - 1);
      for (const auto& [name, item] : a.c->keyed)
        if (++n <= 16) {
          k += name.substr(0, 32);
          append_key(k, item, contents - 1);
        }
      k += ']';
    }
    else if (a.c) k += std::to_string(reinterpret_cast<uintptr_t>(a.c.get()));
    else if (a.fn) k += std::to_string(reinterpret_cast<uintptr_t>(a.fn));
    k += ',';
  }
  k += ';';
}

std::string memo_key(const PyInterp::Args& args, const Value* self) {
  std::string k;
  if (self) append_key(k, *self);
  for (const auto& v : args.pos) append_key(k, v);
  for (const auto& [n, v] : args.kw) {
    k += n;
    append_key(k, v);
  }
  if (args.star_unknown) k += "*";
  if (k.size() > 2048) k.resize(2048);
  return k;
}

}  // namespace

std::string PyInterp::object_state_key(const Value& v) const {
  std::string k;
  for (const auto& a : v.alts) {
    if (a.k != VK::instance || a.i <= 0 || static_cast<size_t>(a.i) > objects_.size()) continue;
    const auto& own = objects_[static_cast<size_t>(a.i - 1)];
    std::vector<const std::pair<const std::string, Value>*> attrs;
    for (const auto& kv : own) attrs.push_back(&kv);
    std::sort(attrs.begin(), attrs.end(), [](auto* x, auto* y) { return x->first < y->first; });
    k += '|';
    for (const auto* kv : attrs) {
      k += kv->first;
      k += '=';
      // (every instance makes its own lists and dicts: their identities would
      // tell apart instances that hold the same)
      append_key(k, kv->second, 1);
      if (k.size() > 1024) return k;
    }
  }
  return k;
}

const Value* PyInterp::Args::get(int p, const std::string& k) const {
  if (!k.empty())
    for (const auto& [n, v] : kw)
      if (n == k) return &v;
  if (p >= 0 && static_cast<size_t>(p) < pos.size()) return &pos[static_cast<size_t>(p)];
  return nullptr;
}

uint32_t PyInterp::Args::taint() const {
  uint32_t t = deep_taint(extra);
  for (const auto& v : pos) t |= deep_taint(v);
  for (const auto& kv : kw) t |= deep_taint(kv.second);
  return t;
}

int32_t PyInterp::Args::ev() const {
  for (const auto& v : pos)
    if (v.ev >= 0) return v.ev;
  for (const auto& kv : kw)
    if (kv.second.ev >= 0) return kv.second.ev;
  return extra.ev;
}

// ---------------------------------------------------------------- dispatch

namespace {

// The closed lists or tuples a splatted value may be, when it is a few
// different ones (prefix = [] if root else ["sudo", "-n"]; f(*prefix, *cmd)):
// each gives the call a different number of arguments, so each is a call;
// the other alternatives (an open list, an unknown) make one call with an
// unknown tail. Empty when it is one list, none closed, or too many.
struct SplatChoices {
  std::vector<const std::vector<Value>*> lists;
  Value rest;
  bool has_rest = false;
};
SplatChoices splat_choices(const Value& v) {
  SplatChoices out;
  if (v.alts.size() < 2 || v.alts.size() > Value::kMaxAlts) return out;
  for (const auto& a : v.alts) {
    if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open) {
      out.lists.push_back(&a.c->items);
    } else {
      Value one;
      one.alts.push_back(a);
      out.rest.join(one);
      out.has_rest = true;
    }
  }
  if (out.lists.empty()) return SplatChoices{};
  out.rest.taint |= v.taint;
  return out;
}

}  // namespace

Value PyInterp::eval_call(NodeId e) {
  NodeId fn = t_.child(e, F::function);
  NodeId argl = t_.child(e, F::arguments);
  Value callee = eval(fn);
  // Usually one argument list; a splat of one of a few lists makes one per list.
  std::vector<Args> calls(1);
  auto push_pos = [&](const Value& v, NodeId at) {
    for (auto& args : calls) {
      args.pos.push_back(v);
      args.pos_nodes.push_back(at);
    }
  };
  if (argl != kNoNode && t_.kind(argl) == K::argument_list) {
    for (NodeId c = t_.first_named(argl); c != kNoNode; c = t_.next_named(c)) {
      switch (t_.kind(c)) {
        case K::comment: break;
        case K::keyword_argument: {
          NodeId n = t_.child(c, F::name);
          std::string name = n == kNoNode ? "" : text(n);
          hint_stack_.push_back(name);
          Value v = eval(t_.child(c, F::value));
          hint_stack_.pop_back();
          for (auto& args : calls) args.kw.emplace_back(name, v);
          break;
        }
        case K::list_splat: {
          Value v = eval(t_.first_named(c));
          auto choices = splat_choices(v);
          const size_t per_call = choices.lists.size() + (choices.has_rest ? 1 : 0);
          if (!choices.lists.empty() && calls.size() * per_call <= Value::kMaxAlts) {
            std::vector<Args> more;
            for (const auto& args : calls) {
              for (const auto* items : choices.lists) {
                Args one = args;
                for (const auto& x : *items) {
                  one.pos.push_back(x);
                  one.pos_nodes.push_back(c);
                }
                more.push_back(std::move(one));
              }
              if (choices.has_rest) {
                Args one = args;
                one.star_unknown = true;
                one.extra.join(iterate(choices.rest, nullptr));
                more.push_back(std::move(one));
              }
            }
            calls = std::move(more);
            break;
          }
          std::vector<Value> xs;
          Value sum = iterate(v, &xs);
          if (!xs.empty()) {
            for (auto& x : xs) push_pos(x, c);
          } else {
            for (auto& args : calls) {
              args.star_unknown = true;
              args.extra.join(sum);
            }
          }
          break;
        }
        case K::dictionary_splat: {
          Value v = eval(t_.first_named(c));
          bool done = false;
          if (const Alt* a = v.single())
            if (a->k == VK::dict && a->c && !a->c->open) {
              for (auto& args : calls)
                for (const auto& kv : a->c->keyed) args.kw.emplace_back(kv.first, kv.second);
              done = true;
            }
          if (!done) {
            // Keys known only at run time: any parameter may get any value the
            // mapping holds (a comprehension over a file's columns).
            v.add_taint(deep_taint(v), deep_ev(v));
            for (auto& args : calls) {
              args.star_unknown = true;
              args.extra.join(v);
            }
          }
          break;
        }
        default:
          push_pos(eval(c), c);
          break;
      }
    }
  } else if (argl != kNoNode) {
    push_pos(eval(argl), argl);  // f(x for x in y)
  }
  Value out;
  for (auto& args : calls) {
    Value r = call_with(callee, fn, args, e);
    if (&args == &calls.front()) out = std::move(r);
    else out.join(r);
  }
  return out;
}

Value PyInterp::call_with(const Value& callee, NodeId fn, Args& args, NodeId e) {
  // A yes/no question asked of text whose value is not known, wholly or on
  // some paths (a key read from a file, or its fallback "":
  // key.startswith("AKIA")): the answer is a boolean, not the text, as a
  // comparison's is.
  auto text_or_unknown = [](const Value& bound) {
    for (const auto& a : bound.alts)
      if (a.k != VK::unknown && !(a.k == VK::libfunc && a.self && (a.s == "str" || a.s == "bytes"))) return false;
    return true;
  };
  if (t_.kind(fn) == K::attribute && text_or_unknown(callee))
    if (NodeId attr = t_.child(fn, F::attribute); attr != kNoNode && text_predicate(t_.text(attr))) return Value();
  // The keys of a mapping read at run time (a credential store's json, or
  // its part found by .get(K, {})): names, not the secrets its values hold.
  if (t_.kind(fn) == K::attribute && callee.taint && args.pos.empty() && args.kw.empty() && !args.star_unknown)
    if (NodeId attr = t_.child(fn, F::attribute); attr != kNoNode) {
      std::string_view m = t_.text(attr);
      bool unknown_part = callee.alts.empty() ||
                          std::any_of(callee.alts.begin(), callee.alts.end(), [](const Alt& a) { return a.k == VK::unknown; });
      if ((m == "items" || m == "keys") && unknown_part) {
        Value view = run_time_mapping_view(callee, m == "items");
        Value known = callee;
        known.alts.erase(std::remove_if(known.alts.begin(), known.alts.end(), [](const Alt& a) { return a.k == VK::unknown; }),
                         known.alts.end());
        if (!known.alts.empty()) {
          known.taint = 0;  // the known part's own (its receiver's) taint goes with its call
          known.ev = -1;
          view.join(call(known, args, e));
        }
        return view;
      }
    }
  // A method of an object this code cannot type (a client passed in as a
  // parameter, kept by another module's class) whose name says what it does
  // (paramiko's exec_command): the library model names it as unknown.NAME.
  if (callee.alts.empty() && t_.kind(fn) == K::attribute)
    if (NodeId attr = t_.child(fn, F::attribute); attr != kNoNode) {
      if (const ApiSpec* spec = ctx_.lib.api("unknown." + text(attr))) {
        Value r = apply_spec(*spec, spec->name, nullptr, args, e);
        r.taint |= callee.taint & ~kHiddenName;
        return r;
      }
      // KEY and DEFAULT asked of a mapping read at run time (json.load,
      // tomllib.load, a parser's section): what it holds, or the default.
      if (t_.text(attr) == "get" && args.pos.size() == 2 && args.kw.empty() && !args.star_unknown) {
        Value r = call(callee, args, e);
        r.join(args.pos[1]);
        return r;
      }
    }
  if (fn_ && fn_->owner && is_super_init(fn)) {
    // super().__init__("localhost") in a subclass of a library class: the
    // object the library's constructor makes is this instance's library
    // part, whose methods (HTTPConnection.request) go to that endpoint.
    Value r = call(callee, args, e);
    for (const auto& a : r.alts)
      if (a.k == VK::object && !a.extra.empty()) {
        Value part;
        part.alts.push_back(a);
        auto [it, fresh] = fn_->owner->inst.try_emplace(kLibraryPart, part);
        if (!fresh) it->second.join(part);
      }
    return r;
  }
  return call(callee, args, e);
}

bool PyInterp::is_super_init(NodeId fn) const {
  if (t_.kind(fn) != K::attribute) return false;
  NodeId attr = t_.child(fn, F::attribute);
  NodeId obj = t_.child(fn, F::object);
  if (attr == kNoNode || t_.text(attr) != "__init__" || t_.kind(obj) != K::call) return false;
  NodeId callee = t_.child(obj, F::function);
  return callee != kNoNode && t_.text(callee) == "super";
}

// A class of the code's own that derives from a library class the pattern
// names (class QuietHandler(SimpleHTTPRequestHandler)) is that class for a
// condition on it.
bool PyInterp::base_class_matches(const Value& v, const RE2& re, int depth) const {
  if (depth > 4) return false;
  for (const auto& a : v.alts) {
    if (a.k != VK::cls || !a.fn) continue;
    for (const Value& base : static_cast<const ClassInfo*>(a.fn)->bases) {
      for (const auto& b : base.alts)
        if (b.k != VK::cls && RE2::PartialMatch(alt_text(b), re)) return true;
      if (base_class_matches(base, re, depth + 1)) return true;
    }
  }
  return false;
}

Value PyInterp::run_time_mapping_view(const Value& mapping, bool items) {
  Value key = Value::tainted(mapping.taint & ~kValueSecrets, mapping.ev);
  Value l = make_list({});
  l.alts[0].c->open = true;
  l.alts[0].c->rest = items ? make_list({key, Value::tainted(mapping.taint, mapping.ev)}, VK::tuple) : key;
  l.taint = key.taint;
  l.ev = mapping.ev;
  return l;
}

Value PyInterp::call(const Value& callee, Args& args, NodeId site) {
  if (stop_) return Value();
  // A function chosen by decoded or obfuscated data (getattr(builtins, <hidden name>)(...)).
  if (callee.taint & kHiddenName) {
    Effect e;
    e.kind = Eff::code_exec;
    e.tag = "hidden_call";
    e.data_taint = callee.taint & ~kHiddenName;
    e.data_ev = callee.ev;
    e.detail = printable(t_.text(site), 120);
    ctx_.effect(std::move(e), site_of(site));
  }
  if (callee.alts.empty()) {
    invoke_callbacks(args, 0, -1, site);
    return Value::tainted((args.taint() | callee.taint) & ~kHiddenName, args.ev() >= 0 ? args.ev() : callee.ev);
  }
  Value out;
  bool any = false;
  for (const auto& a : callee.alts) {
    Value r = call_alt(a, callee, args, site);
    if (!any) out = std::move(r);
    else out.join(r);
    any = true;
  }
  return out;
}

namespace {
// functools.partial's bound arguments, when `self` is the tuple that carries them.
const Container* bound_arguments(const Value* self) {
  const Alt* bound = self ? self->single() : nullptr;
  return bound && bound->k == VK::tuple && bound->extra == kBoundArguments ? bound->c.get() : nullptr;
}
}  // namespace

Value PyInterp::call_alt(const Alt& a, const Value& callee, Args& args, NodeId site) {
  switch (a.k) {
    case VK::function:
      return call_function(*static_cast<FunctionInfo*>(const_cast<void*>(a.fn)), args, nullptr, site);
    case VK::method:
      return call_function(*static_cast<FunctionInfo*>(const_cast<void*>(a.fn)), args, a.self.get(), site);
    case VK::cls: {
      // functools.partial(UnixHTTPConnection, path): the bound arguments first
      if (const Container* bound = bound_arguments(a.self.get())) {
        Args with = args;
        with.pos.insert(with.pos.begin(), bound->items.begin(), bound->items.end());
        return instantiate(*static_cast<ClassInfo*>(const_cast<void*>(a.fn)), with, site);
      }
      return instantiate(*static_cast<ClassInfo*>(const_cast<void*>(a.fn)), args, site);
    }
    case VK::libfunc: {
      if (a.self && (a.s == "str" || a.s == "bytes" || a.s == "list" || a.s == "tuple" || a.s == "dict" ||
                     a.s == "set")) {
        bool handled = false;
        Value r = call_builtin_method(a, args, site, handled);
        if (handled) return r;
        return Value::tainted(args.taint() | callee.taint, args.ev() >= 0 ? args.ev() : callee.ev);
      }
      if (a.self && (a.s == "globals" || a.s == "vars" || a.s == "builtins.__dict__" || a.s == "sys.modules") &&
          (a.extra == "get" || a.extra == "__getitem__" || a.extra == "pop") && !args.pos.empty()) {
        Value r = subscript_of(*a.self, args.pos[0], site);
        if (args.pos.size() > 1) r.join(args.pos[1]);
        return r;
      }
      std::string q = a.self ? a.s + "." + a.extra : a.s;
      if (auto cmd = plumbum_which(q, args)) return *cmd;
      static constexpr std::string_view kInit = ".__init__";
      if (!a.self && q.size() > kInit.size() && q.compare(q.size() - kInit.size(), kInit.size(), kInit) == 0 &&
          !ctx_.lib.api(q) && !args.pos.empty()) {
        // Base.__init__(self, addr, handler) in a subclass: the library's
        // constructor with the arguments after self.
        Args rest = args;
        rest.pos.erase(rest.pos.begin());
        if (!rest.pos_nodes.empty()) rest.pos_nodes.erase(rest.pos_nodes.begin());
        Alt ctor = a;
        ctor.s = q.substr(0, q.size() - kInit.size());
        return call_library(ctor.s, ctor, callee, rest, site);
      }
      if (std::optional<Alt> bound = unbound_library_method(q, a, args)) {
        // Path.read_bytes(path), a class's method taken unbound (a table of
        // operations): the method called on its first argument.
        Args rest = args;
        rest.pos.erase(rest.pos.begin());
        if (!rest.pos_nodes.empty()) rest.pos_nodes.erase(rest.pos_nodes.begin());
        return call_library(bound->s + "." + bound->extra, *bound, callee, rest, site);
      }
      return call_library(q, a, callee, args, site);
    }
    case VK::instance: return call_own_method(a, "__call__", args, site).value_or(Value());
    case VK::object:
      if (a.s == "plumbum.Command") return plumbum_call(a, callee, args, site);
      // A library object that is called does what its type's __call__ says
      // (a function made from a code object runs that code).
      if (const ApiSpec* spec = ctx_.lib.method(a.s, "__call__")) {
        Value self;
        self.alts.push_back(a);
        self.taint = callee.taint;
        self.ev = callee.ev;
        return apply_spec(*spec, spec->name, &self, args, site);
      }
      [[fallthrough]];
    default:
      invoke_callbacks(args, 0, -1, site);
      return Value::tainted(args.taint() | callee.taint, args.ev());
  }
}

void PyInterp::remember_argument(FunctionInfo& f, const std::string& name, const Value& v) {
  // A call that knew nothing of it (a library's callback with unknown data)
  // leaves the parameter to the closing pass's own reading (a route's request).
  if (v.alts.empty() && !v.taint) return;
  for (auto& [n, seen] : f.seen_args)
    if (n == name) {
      seen.join(v);
      return;
    }
  f.seen_args.emplace_back(name, v);
}

namespace {

// The values of `vs` without repeats of one known alternative.
std::vector<Value> distinct_values(std::vector<Value> vs) {
  std::vector<Value> out;
  for (auto& v : vs) {
    const Alt* a = v.single();
    bool seen = a && std::any_of(out.begin(), out.end(), [&](const Value& d) {
                  const Alt* b = d.single();
                  return b && b->same(*a);
                });
    if (!seen) out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

Value PyInterp::call_function(FunctionInfo& f, Args& args, const Value* self, NodeId site) {
  (void)site;
  if (stop_) return Value();
  if (f.on_stack) {
    // Every function between its running call and this one is in the cycle:
    // a fork in `launch`, whose child calls `top_up` again, which calls
    // `launch`, multiplies as a fork in `top_up` itself would.
    for (auto it = active_.rbegin(); it != active_.rend() && *it != &f; ++it) (*it)->recursive = true;
    f.recursive = true;
    return Value::tainted(args.taint(), args.ev());
  }
  bool cheap = ctx_.budget.left() < ctx_.budget_half;
  std::string key = memo_key(args, self);
  // A call given an instance known apart (its receiver or an argument)
  // answers for the attributes that instance holds:
  // two instances holding the same share the memo, as all of a class's did
  // before instances were told apart (a key per instance made a tenth more
  // work on real code). Not __init__, whose memo leaves a new instance to
  // read its class's join, which holds what that call stored.
  if (f.name != "__init__") {
    if (self) key += object_state_key(*self);
    for (const auto& v : args.pos) key += object_state_key(v);
    for (const auto& kv : args.kw) key += object_state_key(kv.second);
  }
  auto memo = f.memo.find(key);
  if (memo != f.memo.end()) return memo->second;
  if (f.analysed && (cheap || call_depth_ >= kMaxCallDepth || f.calls >= kMaxCallsPerFunction)) {
    Value out = Value::tainted(args.taint(), args.ev());
    for (const auto& kv : f.memo) out.join(kv.second);
    return out;
  }
  if (call_depth_ >= kMaxCallDepth + 2) return Value::tainted(args.taint(), args.ev());
  f.analysed = true;
  ++f.calls;
  auto scope = std::make_shared<Scope>();
  scope->parent = f.closure;
  // Bind the parameters.
  size_t next_pos = 0;
  std::vector<Value> pos = args.pos;
  if (const Container* bound = bound_arguments(self))
    pos.insert(pos.begin(), bound->items.begin(), bound->items.end());  // functools.partial's
  else if (self)
    pos.insert(pos.begin(), *self);
  std::vector<bool> used_kw(args.kw.size(), false);
  bool after_star = false;
  if (f.params != kNoNode) {
    for (NodeId p = t_.first_named(f.params); p != kNoNode; p = t_.next_named(p)) {
      K k = t_.kind(p);
      std::string name = parameter_name(p);
      bool has_default = k == K::default_parameter || k == K::typed_default_parameter;
      if (k == K::typed_parameter && name.empty()) {  // *args: T, **kw: T
        NodeId n = t_.first_named(p);
        if (n != kNoNode) k = t_.kind(n), p = n;
      }
      if (k == K::list_splat_pattern) {
        NodeId n = t_.first_named(p);
        std::vector<Value> rest;
        while (next_pos < pos.size()) rest.push_back(pos[next_pos++]);
        Value v = make_list(std::move(rest), VK::tuple);
        if (args.star_unknown) {
          v.alts[0].c->open = true;
          v.alts[0].c->rest = args.extra;
          v.taint |= args.extra.taint;
        }
        if (n != kNoNode) scope->vars[text(n)] = v;
        after_star = true;
        continue;
      }
      if (k == K::dictionary_splat_pattern) {
        NodeId n = t_.first_named(p);
        Value d = make_dict();
        for (size_t i = 0; i < args.kw.size(); ++i)
          if (!used_kw[i]) d.alts[0].c->set_key(args.kw[i].first, args.kw[i].second), d.taint |= args.kw[i].second.taint;
        if (args.star_unknown) d.alts[0].c->open = true;
        if (n != kNoNode) scope->vars[text(n)] = d;
        continue;
      }
      if (k == K::keyword_separator) {
        after_star = true;
        continue;
      }
      if (name.empty()) continue;
      Value v;
      bool bound = false;
      for (size_t i = 0; i < args.kw.size(); ++i)
        if (!used_kw[i] && args.kw[i].first == name) {
          v = args.kw[i].second;
          used_kw[i] = true;
          bound = true;
          break;
        }
      bool from_self = false;
      if (!bound && !after_star && next_pos < pos.size()) {
        from_self = self && next_pos == 0;
        v = pos[next_pos++];
        bound = true;
      }
      if (bound && !from_self && !replaying_) remember_argument(f, name, v);
      if (!bound && has_default)
        for (const auto& [dn, dv] : f.defaults)
          if (dn == name) {
            v = dv;
            bound = true;
          }
      if (!bound && args.star_unknown) v = Value::tainted(args.extra.taint, args.extra.ev);
      // A view's request (Django, aiohttp, ...) when nobody in this file calls
      // it; a route's parameters are the request's, its default aside.
      if (web_framework_ && !self && f.route && args.pos.empty() && args.kw.empty()) {
        Value req = Value::tainted(kWebRequest, evidence(p, "a web request's parameter " + name));
        if (bound) v.join(req);
        else v = std::move(req);
      } else if (!bound && f.handler_taint && args.pos.empty() && args.kw.empty()) {
        // A library's handler nobody here calls: it receives what the library got.
        v = Value::tainted(f.handler_taint, evidence(p, describe_taint(f.handler_taint) + " received by " + f.name));
      } else if (!bound && !self && !f.task_context.empty() && p == t_.first_named(f.params)) {
        v = Value::object(f.task_context);
      } else if (!bound && f.wsgi && name == "environ") {
        v = Value::tainted(kWebRequest, evidence(p, "a web request's environment received by " + f.name));
      } else if (!bound && web_framework_ && (name == "request" || name == "req")) {
        v = Value::tainted(kWebRequest, evidence(p, "a web request received by " + f.name));
      }
      scope->vars[name] = std::move(v);
    }
  }
  // Run the body.
  auto saved_scope = scope_;
  auto* saved_fn = fn_;
  const int64_t saved_object = self_object_;
  self_object_ = self && self->single() && self->alts[0].k == VK::instance ? self->alts[0].i : 0;
  auto* saved_globals = globals_;
  auto saved_logs = std::move(logs_);
  auto saved_hints = std::move(hint_stack_);
  int saved_loop = loop_depth_, saved_inf = infinite_loop_, saved_data = data_loop_;
  int saved_cond = cond_depth_, saved_guarded = guarded_, saved_unthrottled = unthrottled_;
  uint32_t saved_outer = outer_loop_flags_;
  int saved_spawns = spawns_in_call_;
  bool saved_forked = forked_in_call_, saved_left = left_;
  spawns_in_call_ = 0;
  forked_in_call_ = false;
  left_ = false;
  logs_.clear();
  hint_stack_.clear();
  std::unordered_set<std::string> globals;
  scope_ = scope;
  fn_ = &f;
  globals_ = &globals;
  // The body runs as often as the call does: a call inside a loop puts the
  // callee's effects in that loop (a spawner called from `while True`).
  outer_loop_flags_ = loop_flags();
  loop_depth_ = 0;
  infinite_loop_ = 0;
  data_loop_ = 0;
  cond_depth_ = 0;
  guarded_ = 0;
  unthrottled_ = 0;
  Value ret, yields;
  bool has_yield = false;
  returns_.push_back(Sink{&ret, false});
  yields_.push_back(Sink{&yields, false, {}, true, branch_depth_});
  ++call_depth_;
  f.on_stack = true;
  active_.push_back(&f);
  if (f.lambda) {
    ret = eval(f.body);
  } else if (f.body != kNoNode) {
    size_t before = ctx_.log.effects().size();
    (void)before;
    exec_block(f.body);
  }
  active_.pop_back();
  f.on_stack = false;
  --call_depth_;
  bool returned = returns_.back().any;
  has_yield = yields_.back().any;
  const bool yields_exact = yields_.back().exact;
  // what it may yield, each once (a loop's passes yield the same again)
  std::vector<Value> yielded_in_order =
      yields_exact ? std::move(yields_.back().in_order) : distinct_values(std::move(yields_.back().in_order));
  returns_.pop_back();
  yields_.pop_back();
  // A body that can end without `return` gives None too; a known result is
  // more useful than the join with it.
  if (!returned && !f.lambda) ret = Value::none();
  scope_ = saved_scope;
  fn_ = saved_fn;
  self_object_ = saved_object;
  spawns_in_call_ = saved_spawns;
  forked_in_call_ = saved_forked;
  left_ = saved_left;
  globals_ = saved_globals;
  logs_ = std::move(saved_logs);
  hint_stack_ = std::move(saved_hints);
  loop_depth_ = saved_loop;
  infinite_loop_ = saved_inf;
  data_loop_ = saved_data;
  cond_depth_ = saved_cond;
  guarded_ = saved_guarded;
  unthrottled_ = saved_unthrottled;
  outer_loop_flags_ = saved_outer;
  if (has_yield) {
    // Calling a generator function gives the generator, whatever it returns:
    // what it yields, in order where each yield surely happens once, else
    // what it may yield and more (requirement lines from one of two groups).
    Value gen = make_list(std::move(yielded_in_order), VK::list);
    gen.alts[0].s = kGeneratorType;
    if (!yields_exact) {
      gen.alts[0].c->open = true;
      gen.alts[0].c->rest = yields;
    }
    gen.taint = yields.taint;
    gen.ev = yields.ev;
    ret = std::move(gen);
  }
  if (f.memo.size() < 64) f.memo.emplace(key, ret);
  return ret;
}

std::vector<std::string> PyInterp::dataclass_fields(const ClassInfo& c) const {
  // The bases' fields come first, as a dataclass's generated __init__ takes them.
  std::vector<std::string> fields;
  std::function<void(const ClassInfo&, int)> collect = [&](const ClassInfo& k, int depth) {
    if (depth > 8) return;
    for (const auto& b : k.bases)
      for (const auto& a : b.alts)
        if (a.k == VK::cls) collect(*static_cast<const ClassInfo*>(a.fn), depth + 1);
    for (const auto& f : k.fields)
      if (std::find(fields.begin(), fields.end(), f) == fields.end()) fields.push_back(f);
  };
  collect(c, 0);
  return fields;
}

void PyInterp::bind_fields(ClassInfo& c, const Args& args, const Alt& self) {
  std::vector<std::string> fields = dataclass_fields(c);
  if (fields.empty()) return;
  auto store = [&](const std::string& name, const Value& v) { store_instance_attr(self, name, v); };
  for (size_t i = 0; i < args.pos.size() && i < fields.size(); ++i) store(fields[i], args.pos[i]);
  for (const auto& [name, v] : args.kw)
    if (std::find(fields.begin(), fields.end(), name) != fields.end()) store(name, v);
  // *args or **kwargs not expanded: any field not given may get what they hold.
  if (args.star_unknown)
    for (size_t i = args.pos.size(); i < fields.size(); ++i) store(fields[i], Value::tainted(args.extra.taint, args.extra.ev));
  // A field not given holds its default, the instance's own from the start
  // (a later `cfg.zone = args.zone` on one path joins with it).
  if (!args.star_unknown)
    for (const auto& f : fields)
      if (!own_instance_attr(self, f)) {
        Value d = find_method(c, f);
        if (!d.unknown()) store(f, d);
      }
}

Value PyInterp::repr_content(const Value& v) {
  Value out;
  for (const auto& a : v.alts) {
    if (a.k != VK::instance) continue;
    auto& c = *static_cast<ClassInfo*>(const_cast<void*>(a.fn));
    // A repr or str of its own says what it shows; only a generated one shows the fields.
    if (c.fields.empty() || !find_method(c, "__repr__").unknown() || !find_method(c, "__str__").unknown()) continue;
    for (const auto& f : c.fields) {
      if (std::find(c.repr_hidden.begin(), c.repr_hidden.end(), f) != c.repr_hidden.end()) continue;
      if (const Value* fv = instance_attr(a, f)) out.add_taint(deep_taint(*fv), fv->ev >= 0 ? fv->ev : deep_ev(*fv));
    }
  }
  return out;
}

Value PyInterp::instantiate(ClassInfo& c, Args& args, NodeId site) {
  Value self;
  Alt a;
  a.k = VK::instance;
  a.fn = &c;
  a.i = new_object();
  self.alts.push_back(a);
  Value init = find_method(c, "__init__");
  bool ran = false;
  for (const auto& m : init.alts)
    if (m.k == VK::function) {
      call_function(*static_cast<FunctionInfo*>(const_cast<void*>(m.fn)), args, &self, site);
      ran = true;
    }
  // No __init__ written: a generated one (dataclass, NamedTuple, attrs,
  // pydantic) stores its arguments in the annotated fields.
  if (!ran) bind_fields(c, args, a);
  if (!ran)
    // A library base class's constructor (threading.Thread(target=...)).
    for (const auto& b : c.bases)
      for (const auto& ba : b.alts)
        if (ba.k == VK::libfunc || ba.k == VK::module) {
          if (const ApiSpec* spec = ctx_.lib.api(ba.s)) apply_spec(*spec, ba.s, nullptr, args, site);
        }
  return self;
}

// argv with its first word replaced by the file that runs (os.execv(path, argv)).
Value PyInterp::with_executable(const Value& exe, const Value& argv) {
  Value out;
  bool any = false;
  for (const auto& a : argv.alts) {
    if ((a.k == VK::list || a.k == VK::tuple) && a.c) {
      std::vector<Value> items = a.c->items;
      if (items.empty()) items.push_back(exe);
      else items[0] = exe;
      Value l = make_list(std::move(items));
      l.alts[0].c->open = a.c->open;
      l.alts[0].c->rest = a.c->rest;
      l.taint = argv.taint;
      l.ev = argv.ev;
      accumulate(out, any, l);
    } else {
      Value one;
      one.alts.push_back(a);
      accumulate(out, any, one);
    }
  }
  if (!any) return argv;
  return out;
}

// The argument list of an in-process command entry point (pip's main(["install", x]))
// is that command's line without its name; a string is that line as one text
// (libnftables' cmd("add rule ...") is `nft add rule ...`).
Value PyInterp::with_program(const std::string& program, const Value& args) {
  Value out;
  bool any = false;  // join() on an empty value would add an unknown alternative
  // the program may name a subcommand too ("systemctl stop"): one word each
  std::vector<Value> words;
  for (size_t b = 0; b < program.size();) {
    size_t e = program.find(' ', b);
    if (e == std::string::npos) e = program.size();
    if (e > b) words.push_back(Value::str(program.substr(b, e - b)));
    b = e + 1;
  }
  for (const auto& a : args.alts) {
    std::vector<Value> items = words;
    if (a.k == VK::str) {
      accumulate(out, any, Value::str(program + " " + a.s));
    } else if ((a.k == VK::list || a.k == VK::tuple) && a.c) {
      for (const auto& x : a.c->items) items.push_back(x);
      Value l = make_list(std::move(items));
      l.alts[0].c->open = a.c->open;
      l.alts[0].c->rest = a.c->rest;
      accumulate(out, any, l);
    } else {
      Value l = make_list(std::move(items));
      l.alts[0].c->open = true;
      accumulate(out, any, l);
    }
  }
  if (out.alts.empty()) {
    out = make_list(std::move(words));
    out.alts[0].c->open = true;
  }
  out.taint |= args.taint;
  if (out.ev < 0) out.ev = args.ev;
  return out;
}

void PyInterp::invoke_callbacks(Args& args, uint32_t taint, int32_t ev, NodeId site) {
  auto visit = [&](const Value& v) {
    for (const auto& a : v.alts)
      if (a.k == VK::function || a.k == VK::method) {
        Value one;
        one.alts.push_back(a);
        call_unknown_with(one, taint, ev, site);
      }
  };
  for (const auto& v : args.pos) visit(v);
  for (const auto& kv : args.kw) visit(kv.second);
}

void PyInterp::call_unknown_with(const Value& fn, uint32_t taint, int32_t ev, NodeId site, int nargs) {
  for (const auto& a : fn.alts) {
    if (a.k != VK::function && a.k != VK::method) continue;
    auto* f = static_cast<FunctionInfo*>(const_cast<void*>(a.fn));
    Args cb;
    for (int i = 0; i < nargs; ++i) cb.pos.push_back(Value::tainted(taint, ev));
    if (taint) {
      cb.star_unknown = true;
      cb.extra = Value::tainted(taint, ev);
    }
    call_function(*f, cb, a.k == VK::method ? a.self.get() : nullptr, site);
  }
}

// ---------------------------------------------------------------- library

const ApiSpec* PyInterp::runs_known_argv(const std::string& q, const Args& args) const {
  size_t dot = q.rfind('.');
  if (dot == std::string::npos || args.pos.empty() || !ctx_.lib.runner_name(q.substr(dot + 1))) return nullptr;
  const Alt* list = args.pos[0].single();
  if (!list || (list->k != VK::list && list->k != VK::tuple) || !list->c || list->c->items.empty()) return nullptr;
  const Alt* program = list->c->items[0].single();
  if (!program || program->k != VK::str || is_partial(program->s) || !ctx_.lib.command(program->s)) return nullptr;
  return ctx_.lib.api("subprocess.run");
}

std::optional<Alt> PyInterp::unbound_library_method(const std::string& q, const Alt& a, const Args& args) const {
  if (a.self || args.pos.empty() || args.pos[0].alts.empty()) return std::nullopt;
  // Only when the first argument is an object of that type (or one that
  // inherits the same method): os.path.join(p, x) stays a function. (The
  // cheap test first: this runs for every library call.)
  for (const auto& r : args.pos[0].alts)
    if (r.k != VK::object) return std::nullopt;
  size_t dot = q.rfind('.');
  if (dot == std::string::npos) return std::nullopt;
  const ApiSpec* spec = ctx_.lib.api(q);
  if (!spec) return std::nullopt;
  std::string name = q.substr(dot + 1);
  for (const auto& r : args.pos[0].alts)
    if (ctx_.lib.method(r.s, name) != spec) return std::nullopt;
  Alt bound;
  bound.k = VK::libfunc;
  bound.s = args.pos[0].alts[0].s;
  bound.extra = name;
  bound.self = std::make_shared<const Value>(args.pos[0]);
  return bound;
}

Value PyInterp::call_library(const std::string& q, const Alt& a, const Value& callee, Args& args, NodeId site) {
  const ApiSpec* spec = a.self ? ctx_.lib.method(a.s, a.extra) : ctx_.lib.api(q);
  if (!spec && !a.self) {
    // A module function spelled through an alias of its module (posix.system).
    std::string canon = ctx_.lib.canonical_module(q);
    if (canon != q) spec = ctx_.lib.api(canon);
  }
  if (spec && !spec->attr) return apply_spec(*spec, spec->name, a.self.get(), args, site);
  if (!spec && !a.self) {
    // A command library (sh.curl(args), from sh import bash): the attribute is a
    // program run with the call's arguments; _in= is its standard input.
    size_t dot = q.rfind('.');
    if (dot != std::string::npos && ctx_.lib.command_module(q.substr(0, dot))) {
      ApiSpec run;
      run.name = q;
      run.has_effect = true;
      run.effect = Eff::exec;
      run.program = q.substr(dot + 1);
      run.roles["argv"] = {ArgRef{0, true, "", false}};
      run.roles["stdin"] = {ArgRef{-1, false, "_in", false}};
      run.roles["data"] = {ArgRef{-1, false, "_in", false}};
      run.waits = true;
      run.returns = "str";
      return apply_spec(run, q, nullptr, args, site);
    }
    // The project's own runner from a module we cannot see
    // (from .utils import run_subprocess; run_subprocess(["sudo", ...])).
    if (const ApiSpec* run = runs_known_argv(q, args)) return apply_spec(*run, q, nullptr, args, site);
  }
  invoke_callbacks(args, 0, -1, site);
  // A credential handed by name to a library we do not model (an SDK
  // client's api_key=, a login's password=) authenticates what it does: the
  // client and its answers do not carry the credential, as a request's reply
  // does not carry the key it authenticated with.
  uint32_t handed = deep_taint(args.extra);
  for (const auto& v : args.pos) handed |= deep_taint(v);
  for (const auto& [name, v] : args.kw)
    if (!ctx_.lib.secret_hint(name)) handed |= deep_taint(v);
  uint32_t taint = callee.taint | handed;
  int32_t ev = args.ev() >= 0 ? args.ev() : callee.ev;
  // Only code from a module the model does not know is out of sight: an
  // unmodelled call of configparser or os does not send anything anywhere.
  if (handed & kSecretFile) {
    std::string canon = ctx_.lib.canonical_module(q);
    if (!ctx_.lib.known_module(canon.substr(0, canon.find('.')))) ctx_.secret_handed_on(q, site_of(site));
  }
  // A function we do not know that is given an in-memory buffer and data
  // (wavfile.write(buf, rate, recording)) may write the data into the buffer.
  if (taint)
    for (const Value* arg : [&] {
           std::vector<const Value*> all;
           for (const auto& p : args.pos) all.push_back(&p);
           for (const auto& kv : args.kw) all.push_back(&kv.second);
           return all;
         }())
      for (const auto& b : arg->alts)
        if (b.k == VK::object && b.c && (b.s == "io.BytesIO" || b.s == "io.StringIO")) {
          b.c->open = true;
          b.c->rest.join(Value::tainted(taint, ev));
        }
  if (a.self) return Value::tainted(taint, ev);
  // An unknown library callable: its result is an object of that name, so
  // methods called on it can be looked up (paramiko.SSHClient().connect).
  Value v = Value::object(q);
  v.taint = taint;
  v.ev = ev;
  return v;
}

namespace {

// The receiver's associated text and taint as a value (role "self").
Value self_value(const Value* self) {
  if (!self) return Value();
  Value v;
  bool any = false;
  for (const auto& a : self->alts) {
    if (a.k == VK::object && !a.extra.empty()) accumulate(v, any, Value::str(a.extra));
    else if (a.k == VK::str || a.k == VK::bytes) accumulate(v, any, Value::str(a.s));
    else accumulate(v, any, Value());
  }
  v.taint = self->taint;
  v.ev = self->ev;
  return v;
}

// Whether a call's callback arguments are "the rest" (register(f, *args,
// **kwargs)): then its keyword arguments go to the callback as well.
bool forwards_keywords(const ApiSpec& spec) {
  auto it = spec.roles.find("cbargs");
  if (it == spec.roles.end()) return false;
  for (const auto& r : it->second)
    if (r.rest) return true;
  return false;
}

// Whether `kw` is the keyword of one of the call's own roles (submit(fn=...)).
bool names_role(const ApiSpec& spec, const std::string& kw) {
  for (const auto& [role, refs] : spec.roles)
    for (const auto& r : refs)
      if (r.kw == kw) return true;
  return false;
}

// Python source with unknown parts: outside string literals each becomes a
// name nobody defined (an unknown value); inside one it stays, so the string
// is partial. Empty when too little of it is known to be worth reading.
std::string unknowns_as_names(const std::string& src) {
  size_t known = 0;
  for (char c : src)
    if (c != kUnknownPart && !std::isspace(static_cast<unsigned char>(c))) ++known;
  if (known < 16) return "";
  std::string out;
  char quote = 0;
  bool triple = false;
  for (size_t i = 0; i < src.size(); ++i) {
    char c = src[i];
    if (quote) {
      out += c;
      if (c == '\\' && i + 1 < src.size()) {
        out += src[++i];
      } else if (c == quote && (!triple || (src.compare(i, 3, std::string(3, quote)) == 0))) {
        if (triple) out += src.substr(i + 1, 2), i += 2;
        quote = 0;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      triple = src.compare(i, 3, std::string(3, c)) == 0;
      out += c;
      if (triple) out += src.substr(i + 1, 2), i += 2;
    } else if (c == '#') {
      size_t nl = src.find('\n', i);
      if (nl == std::string::npos) nl = src.size();
      out += src.substr(i, nl - i);
      i = nl - 1;
    } else if (c == kUnknownPart) {
      out += "__unknown__";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

// What a client session keeps for all its requests.
constexpr const char* kSessionRoles[] = {"headers", "auth", "params"};

// The value of one role of a call, joined over its references; nullopt when absent.
std::optional<Value> role_value(const ApiSpec& spec, const char* role, const PyInterp::Args& args,
                                const Value* self) {
  auto it = spec.roles.find(role);
  if (it == spec.roles.end()) return std::nullopt;
  std::optional<Value> out;
  for (const auto& r : it->second) {
    Value v;
    bool found = false;
    if (r.self) {
      if (self) {
        v = self_value(self);
        found = true;
      }
    } else if (r.rest) {
      std::vector<Value> items;
      for (size_t i = static_cast<size_t>(r.pos); i < args.pos.size(); ++i) items.push_back(args.pos[i]);
      if (!items.empty() || args.star_unknown) {
        v = make_list(std::move(items));
        if (args.star_unknown) {
          v.alts[0].c->open = true;
          v.alts[0].c->rest = args.extra;
          v.taint |= args.extra.taint;
        }
        found = true;
      }
    } else if (const Value* p = args.get(r.pos, r.kw)) {
      v = *p;
      found = true;
    }
    if (!found) continue;
    if (!out) out = v;
    else out->join(v);
    // For most roles the first reference present is the one (positional or keyword).
    if (std::strcmp(role, "data") != 0 && std::strcmp(role, "headers") != 0) break;
  }
  if (!out && args.star_unknown) return Value::tainted(args.extra.taint, args.extra.ev);
  // What a role carries includes what its containers and objects hold.
  if (out) {
    uint32_t deep = deep_taint(*out);
    if (deep != out->taint) {
      if (out->ev < 0) out->ev = deep_ev(*out);
      out->taint = deep;
    }
  }
  return out;
}

// What a request's URL or body role sends: a urllib Request object sends
// its URL and data; its headers authenticate (urlopen(Request(url,
// headers={"Authorization": ...}))'s reply does not carry the key).
static uint32_t sent_taint(const Value& v) {
  const bool requests = !v.alts.empty() && std::all_of(v.alts.begin(), v.alts.end(), [](const Alt& a) {
    return a.k == VK::object && a.s == "urllib.request.Request" && a.c;
  });
  if (!requests) return deep_taint(v);
  uint32_t t = 0;
  for (const auto& a : v.alts) {
    if (a.self) t |= deep_taint(*a.self);
    if (const Value* body = a.c->get_key("data")) t |= deep_taint(*body);
  }
  return t;
}

// A request made through a client session (session.post(...)) also sends
// the headers, auth and params the session keeps (session.headers.update(...),
// session.auth = ...).
static std::optional<Value> with_session_part(std::optional<Value> given, const ApiSpec& spec, const char* role,
                                              const Value* self) {
  if (!self || spec.effect != Eff::net_request) return given;
  for (const auto& a : self->alts)
    if (a.k == VK::object && a.c)
      if (const Value* kept = a.c->get_key(role)) {
        // (filled after it was kept: its items carry the labels)
        Value v = *kept;
        v.add_taint(deep_taint(v), deep_ev(v));
        if (given) given->join(v);
        else given = std::move(v);
      }
  return given;
}

// The same rule inside a tuple: (args.bind, port) where the option is its
// default "0.0.0.0" or the user's choice may bind all interfaces. Each
// combination of its items' alternatives is tried (a few); the condition
// holds when one matches and every one that does not has an unknown part.
bool PyInterp::tuple_choice_may_match(const Value& v, const RE2& re) {
  const Alt* t = v.single();
  if (!t || (t->k != VK::tuple && t->k != VK::list) || !t->c || t->c->items.empty() || t->c->items.size() > 4)
    return false;
  const auto& items = t->c->items;
  size_t combos = 1;
  for (const auto& it : items) {
    combos *= std::max<size_t>(1, it.alts.size());
    if (combos > 16) return false;
  }
  if (combos == 1) return false;  // value_text already said it
  bool some = false, others_unknown = true;
  for (size_t n = 0; n < combos; ++n) {
    std::string text = "(";
    bool known = true;
    size_t rest = n;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) text += ", ";
      size_t count = std::max<size_t>(1, items[i].alts.size());
      if (items[i].alts.empty()) {
        text += kUnknownPart;
        known = false;
      } else {
        const Alt& a = items[i].alts[rest % count];
        if (a.k == VK::unknown) known = false;
        text += alt_text(a);
      }
      rest /= count;
    }
    text += t->c->open ? ", " + std::string(1, kUnknownPart) + ")" : ")";
    if (RE2::PartialMatch(text, re)) some = true;
    else if (known) others_unknown = false;
  }
  return some && others_unknown;
}

namespace {

// sys.stdout (its buffer, sys.__stdout__): a write to it is printed, not a file written.
bool is_stdout_stream(const Value& v) {
  return !v.alts.empty() && std::all_of(v.alts.begin(), v.alts.end(), [](const Alt& a) {
    return a.k == VK::libfunc && (a.s == "sys.stdout" || a.s == "sys.stdout.buffer" || a.s == "sys.__stdout__");
  });
}

}  // namespace

Value PyInterp::apply_spec(const ApiSpec& spec, const std::string& q, const Value* self, Args& args, NodeId site) {
  for (const auto& more : spec.also) apply_spec(more, q, self, args, site);
  // print(x, file=sys.stdout), json.dump(obj, sys.stdout): what the program
  // prints, for the shell line that redirects or reads it.
  if (spec.has_effect && spec.effect == Eff::file_write)
    if (auto to = role_value(spec, "path", args, self); to && is_stdout_stream(*to)) {
      Args printed;
      for (const Value& v : args.pos)
        if (!is_stdout_stream(v)) printed.pos.push_back(v);
      const bool print = q == "builtins.print" || q == "print";
      print_to_stdout(printed, print && args.kw.size() == 1 ? printed_lines(printed) : std::nullopt);
      return Value::none();
    }
  // Conditions decide whether the effect applies.
  bool ok = true;
  auto find = [&](const std::vector<ArgRef>& refs) -> const Value* {
    for (const auto& ref : refs) {
      const Value* v = ref.self ? self : args.get(ref.pos, ref.kw);
      if (v) return v;
    }
    return nullptr;
  };
  // A condition holds when the value may be what it names: a default beside
  // what is configured at run time is enough (host=os.environ.get("HOST",
  // "0.0.0.0") may bind all interfaces); a choice among known constants (a
  // table of protocol versions) is not, unless the choice is made in the code.
  for (const auto& [refs, re] : spec.when) {
    const Value* v = find(refs);
    bool holds = v && RE2::PartialMatch(value_text(*v), re->re());
    if (v && !holds && v->alts.size() > 1) {
      bool some = false, others_unknown = true;
      for (const auto& a : v->alts) {
        if (RE2::PartialMatch(alt_text(a), re->re())) some = true;
        else if (a.k != VK::unknown) others_unknown = false;
      }
      holds = some && others_unknown;
    }
    if (v && !holds) holds = tuple_choice_may_match(*v, re->re());
    if (v && !holds) holds = base_class_matches(*v, re->re(), 0);
    if (!holds) ok = false;
  }
  // An exception holds on every path or not at all: a safe setting read from
  // the configuration beside an unsafe default (autoescape=cfg.getboolean(...,
  // fallback=False)) leaves the default's risk.
  for (const auto& [refs, re] : spec.unless) {
    const Value* v = find(refs);
    if (!v) continue;
    const RE2& pattern = re->re();  // a structured binding cannot be captured (C++17)
    bool holds = v->alts.size() > 1 ? std::all_of(v->alts.begin(), v->alts.end(),
                                                  [&](const Alt& a) { return RE2::PartialMatch(alt_text(a), pattern); })
                                     : RE2::PartialMatch(value_text(*v), pattern);
    if (holds) ok = false;
  }
  if (ok && spec.when_taint) {
    auto d = role_value(spec, "data", args, self);
    if (!d || !(d->taint & spec.when_taint)) ok = false;
  }
  if (ok && !spec.when_hint.empty()) {
    std::string h = hints();
    // A hash made for a cache key or a checksum (def cache_key(path): ...
    // md5(token.encode())) is one, whatever the hashed value is called.
    const bool for_cache = ctx_.lib.cache_hint(h);
    for (NodeId n : args.pos_nodes) h += " " + std::string(t_.text(n).substr(0, 80));
    for (const auto& kv : args.kw) h += " " + kv.first;
    if (self)
      for (const auto& a : self->alts) h += " " + a.extra;
    ok = !for_cache && ctx_.lib.secret_hint(h);
  }
  Value result;
  bool have_result = false;
  bool fresh_mapping = false;  // result: a dict of unknown keys this call made
  Site where = site_of(site);
  // The second thread or timer one call of a function starts: each call starts several.
  if (ok && spec.has_effect && spec.effect == Eff::spawn && fn_ && spawns_in_call_++ > 0) where.flags |= kRepeated;
  // An exec under a condition after a fork in the same call (`if os.fork() == 0:
  // os.execv(...)`) replaces the child: a new process, not this one.
  const bool replaces_child = forked_in_call_ && (where.flags & kConditional);
  if (ok && spec.has_effect && spec.effect == Eff::spawn && spec.tag == "fork") forked_in_call_ = true;
  if (ok && spec.has_effect) {
    Effect e;
    e.kind = spec.effect;
    e.tag = spec.tag;
    auto path = role_value(spec, "path", args, self);
    auto data = role_value(spec, "data", args, self);
    switch (spec.effect) {
      case Eff::exec: {
        auto shell = role_value(spec, "shell", args, self);
        auto argv = role_value(spec, "argv", args, self);
        bool is_shell = shell.has_value();
        if (!spec.shell_kw.empty())
          if (const Value* sk = args.get(-1, spec.shell_kw)) {
            std::string t = value_text(*sk);
            if (t != "False" && t != "None" && t != "0") is_shell = true;
          }
        Value stdio;
        for (const char* r : {"stdin", "stdout", "stderr"})
          if (auto s = role_value(spec, r, args, self)) stdio.join(*s);
        uint32_t flags = (spec.waits ? kWaited : 0) | (spec.replaces && !replaces_child ? kReplaces : 0);
        Value cmd = is_shell && shell ? *shell : argv ? *argv : Value();
        if (!spec.program.empty()) cmd = with_program(spec.program, cmd);
        // os.execv(path, argv): path is what runs; argv[0] only names it.
        if (auto exe = role_value(spec, "exe", args, self)) cmd = with_executable(*exe, cmd);
        Value printed;
        auto stdin_data = role_value(spec, "stdin", args, self);
        // The command line, remembered by a Popen (for .stdin.write / communicate)
        // and named by what it reads on its standard input (run(input=x), sh's _in=).
        std::string line;
        if (const Alt* c = cmd.single()) {
          if ((c->k == VK::list || c->k == VK::tuple) && c->c)
            for (const auto& w : c->c->items) line += (line.empty() ? "" : " ") + likely_text(w);  // as its argv
          else if (c->k == VK::str) line = c->s;
        }
        // run(input=x) feeds x to the command: a script's `while read f` reads
        // it (a shell reading its program there is stdin_effect's)
        const Value* feed = stdin_data ? &*stdin_data
                            : data && !line.empty() && !reads_program_on_stdin(line) ? &*data
                                                                                   : nullptr;
        ctx_.child_env = [this, &args] { return child_environment(args); };
        exec_effect_argv(cmd, is_shell, flags, &stdio, site, q, &printed, feed);
        ctx_.child_env = nullptr;
        if (data && !line.empty()) stdin_effect(line, *data, site);
        if (spec.spawns || spec.replaces) {
          // (kept only for a process given a standard input: it may be fed later)
          if (spec.spawns && stdin_data && !line.empty() && ctx_.process_env.size() < Ctx::kMaxProcessEnvs)
            ctx_.process_env[line] = child_environment(args);
          if (!spec.returns.empty()) {
            result = Value::object(spec.returns, line);
            have_result = true;
          }
        } else if (spec.returns == "subprocess.CompletedProcess" && !printed.alts.empty()) {
          // run(..., capture_output=True).stdout: the shape the command prints, kept by the result
          result = Value::object(spec.returns, line);
          result.alts[0].c = std::make_shared<Container>();
          result.alts[0].c->set_key("stdout", printed);
          have_result = true;
        }
        if (spec.special_id == Special::none && !have_result && spec.returns == "str") {
          result = Value::tainted(cmd.taint | printed.taint, printed.ev >= 0 ? printed.ev : cmd.ev);
          result.alts = printed.alts;  // a shape the command's output is known to have
          have_result = true;
        }
        if (have_result && printed.taint) result.add_taint(printed.taint, printed.ev);
        if (have_result) return result;
        // os.popen(line).read(): what the command prints
        Value out = Value::tainted(cmd.taint, cmd.ev);
        if (printed.taint) out.add_taint(printed.taint, printed.ev);
        return out;
      }
      case Eff::code_exec: {
        auto code = role_value(spec, "code", args, self);
        if (code) run_nested_python(*code, site, "code given to exec/eval");
        else run_nested_python(Value(), site, "code given to exec/eval");
        // eval of a constant name is that name's value (eval("\145\166\141\154") is eval).
        if (code && q == "builtins.eval")
          if (const Alt* c = code->single(); c && c->k == VK::str && is_dotted_name(c->s)) {
            size_t dot = c->s.find('.');
            Value v = lookup(c->s.substr(0, dot), site);
            while (dot != std::string::npos) {
              size_t next = c->s.find('.', dot + 1);
              v = attribute_of(v, c->s.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1), site);
              dot = next;
            }
            if (!v.alts.empty()) return v;
          }
        return Value::tainted(code ? code->taint : 0, code ? code->ev : -1);
      }
      default: break;
    }
    // Target: path, URL, endpoint or name.
    Value target;
    bool has_target = false, endpoint_role = false;
    for (const char* r : {"path", "url", "endpoint", "name", "host", "dst", "module", "dir", "pattern", "value"}) {
      auto v = role_value(spec, r, args, self);
      if (v) {
        target = *v;
        has_target = true;
        endpoint_role = std::string_view(r) == "endpoint";
        break;
      }
    }
    // A risky call's target is the argument that made it so (the address
    // that binds all interfaces), shown as an endpoint when it is one.
    if (!has_target && spec.effect == Eff::risky && !spec.when.empty())
      if (const Value* v = find(spec.when.front().first)) {
        target = *v;
        has_target = true;
        endpoint_role = true;
      }
    std::vector<std::string> targets;
    if (has_target) {
      // An address (host, port), as connect and listen take it, and sendto too.
      if (spec.effect == Eff::net_connect || spec.effect == Eff::net_listen || endpoint_role) {
        // Each endpoint it may be (an option's value or its default socket path).
        for (const auto& a : target.alts) {
          Value one;
          one.alts.push_back(a);
          std::string t = endpoint_text(one);
          if (targets.size() < 4 && std::find(targets.begin(), targets.end(), t) == targets.end()) targets.push_back(t);
        }
        if (targets.empty()) targets.push_back(endpoint_text(target));
      } else {
        // Each it may be, up to a bound: a function called with a table of
        // names and, elsewhere, with a name built from secrets sees both.
        targets = string_alternatives(target);
        // A list of files (ConfigParser.read([a, b])): each is a target.
        std::vector<std::string> listed;
        for (const auto& a : target.alts)
          if ((a.k == VK::list || a.k == VK::tuple) && a.c)
            for (const auto& item : a.c->items)
              for (auto& t : string_alternatives(item, 4))
                if (listed.size() < Value::kMaxAlts) listed.push_back(std::move(t));
        if (!listed.empty()) targets = std::move(listed);
      }
    } else {
      targets.emplace_back();
    }
    e.target_taint = has_target ? target.taint : 0;
    e.target_ev = has_target ? target.ev : -1;
    // urlopen(Request(url, data)): the destination's provenance is the URL's.
    if (has_target && !target.alts.empty() &&
        std::all_of(target.alts.begin(), target.alts.end(),
                    [](const Alt& a) { return a.k == VK::object && a.s == "urllib.request.Request" && a.self; })) {
      e.target_taint = 0;
      e.target_ev = -1;
      for (const auto& a : target.alts) {
        e.target_taint |= a.self->taint;
        if (e.target_ev < 0) e.target_ev = a.self->ev;
      }
    }
    if (data && (spec.data_path ||
                 (spec.effect == Eff::file_write && (spec.tag == "copy" || spec.tag == "move" || spec.tag == "link")))) {
      // A copy holds the content of its source, not its name; files named in
      // a list (attachments=[...], scp's put of several) are each read.
      std::vector<std::string> sources;
      if (spec.data_path)
        for (const auto& a : data->alts)
          if ((a.k == VK::list || a.k == VK::tuple) && a.c)
            for (const auto& item : a.c->items)
              if (sources.size() < 8) sources.push_back(ctx_.path(first_text(item)));
      if (sources.empty()) sources.push_back(ctx_.path(first_text(*data)));
      const std::string& src = sources[0];
      // A local copy of this program is this program (copied into a hook, it persists);
      // an upload of it (sftp.put) stays a deployment.
      uint32_t keep = spec.effect == Eff::file_write ? (kWalked | kSelf) : kWalked;
      e.data_taint = data->taint & keep;
      for (const auto& one : sources) {
        e.data_taint |= ctx_.read_taint(one, ctx_.classify(one));
        if (spec.tag == "copy") e.data_taint |= ctx_.home_tree_taint(one);  // make_archive(root_dir=~)
        // (a directory moved or copied whole carries the files written under it)
        if (auto [wt, wev] = ctx_.written_held(one); wt || wev >= 0) {
          e.data_taint |= wt;
          e.data_ev = wev;
        }
      }
      if ((e.data_taint & ~(kFileData | kWalked)) && e.data_ev < 0) e.data_ev = evidence(site, "reads " + printable(src));
      e.detail = "copy of " + printable(src);
    } else if (data) {
      e.data_taint = data->taint;
      e.data_ev = data->ev;
      deep_evs_of(*data, kEnvSecret, e.secret_evs);
      // what a file receives is matched whole by rules (an apt hook line), never printed
      e.detail = printable(value_text(*data), spec.effect == Eff::file_write ? 2000 : 200);
    } else if (spec.effect == Eff::file_write && spec.taint) {
      // A download written straight to a file (urlretrieve): the file holds the source.
      e.data_taint = spec.taint;
      auto u = role_value(spec, "url", args, self);
      e.data_ev = evidence(site, describe_taint(spec.taint) + " from " + q +
                                     (u ? " " + printable(first_text(*u), 80) : std::string()));
    }
    // Taint only in headers/auth: authentication use of a key. The secret's
    // chain is the data's evidence when the body holds none (where the key
    // goes is judged from its name: key_destination.hpp).
    for (const char* role : kSessionRoles)
      if (auto h = with_session_part(role_value(spec, role, args, self), spec, role, self)) {
        if (authentication_only(h->taint, e.data_taint)) e.flags |= kAuthHeader;
        deep_evs_of(*h, kEnvSecret, e.secret_evs);
        if ((h->taint & kEnvSecret) && !(e.data_taint & kEnvSecret)) {
          int32_t secret_ev = deep_ev_of(*h, kEnvSecret);
          e.data_ev = secret_ev >= 0 ? secret_ev : h->ev;
        } else if (!e.data_taint) {
          e.data_ev = h->ev;
        }
        e.data_taint |= h->taint;
      }
    if (auto m = role_value(spec, "mode", args, self))
      if (const Alt* ma = m->single()) {
        if (ma->k == VK::integer) e.mode = ma->i;
        else if (ma->k == VK::str && !is_partial(ma->s)) e.detail = ma->s;
      }
    if (spec.effect == Eff::net_request && has_target)
      for (const auto& a : target.alts)
        if (a.k == VK::object && (target.taint & ~kDownloaded)) {
          // urlopen(Request(url, data=..., headers=...)): what the request object
          // holds is sent; a key only in its headers authenticates, as for requests.
          if (a.s == "urllib.request.Request" && a.c) {
            const Value* body = a.c->get_key("data");
            const Value* headers = a.c->get_key("headers");
            uint32_t sent = e.data_taint | (body ? deep_taint(*body) : 0u);
            if (headers && authentication_only(deep_taint(*headers), sent)) e.flags |= kAuthHeader;
            for (const Value* part : {body, headers})
              if (part) deep_evs_of(*part, kEnvSecret, e.secret_evs);
          }
          e.data_taint |= deep_taint(target) & ~kDownloaded;
          // A secret's own chain first: whether it is the key of the API it goes to is read from it.
          int32_t secret_ev = deep_ev_of(target, kEnvSecret);
          if (e.data_ev < 0) e.data_ev = secret_ev >= 0 ? secret_ev : deep_ev(target);
        }
    if (spec.effect == Eff::net_request && params_pass_a_key(args)) e.flags |= kAuthHeader;
    if (spec.effect == Eff::net_request) {
      std::string method = spec.method;
      if (auto mv = role_value(spec, "method", args, self)) method = first_text(*mv);
      if (!method.empty()) e.tag = method;
      // The URL itself can carry data (https://host/?q=<secret>); a URL that
      // is wholly a value (from the environment) is only the destination.
      if (!e.data_taint && target.taint && !targets.empty()) {
        const std::string& u = targets[0];
        size_t scheme = u.find("://");
        size_t host_end = scheme == std::string::npos ? std::string::npos : u.find('/', scheme + 3);
        bool known_host = scheme != std::string::npos && u.find(kUnknownPart) > scheme + 3 &&
                          (host_end == std::string::npos || u.find(kUnknownPart) > host_end);
        if (known_host && is_partial(u)) {
          e.data_taint = target.taint;
          e.data_ev = target.ev;
          if (query_passes_a_key(u) && authentication_only(target.taint, 0)) e.flags |= kAuthHeader;
        }
      }
    }
    // A request on a connection (http.client's request(METHOD, "/path")):
    // the path is on the host the connection was made for.
    if (spec.effect == Eff::net_request && has_target && self)
      for (const auto& a : self->alts)
        if (a.k == VK::object && !a.extra.empty() && a.extra.find('/') == std::string::npos)
          for (auto& t : targets)
            if (!t.empty() && t[0] == '/') {
              t = a.extra + t;
              // (and where that host came from: the environment's, the user's)
              e.target_taint |= self->taint & ~kSockFd;
              if (e.target_ev < 0) e.target_ev = self->ev;
            }
    if (spec.effect == Eff::net_send && !has_target && self)
      for (const auto& a : self->alts)
        if (a.k == VK::object && !a.extra.empty()) {
          // A connected socket's sends go where it connected: that address's provenance.
          targets[0] = a.extra;
          e.target_taint = self->taint & ~kSockFd;
          e.target_ev = self->ev;
        }
    for (const auto& t : targets) {
      Effect one = e;
      bool is_path = spec.effect == Eff::file_read || spec.effect == Eff::file_write ||
                     spec.effect == Eff::file_delete || spec.effect == Eff::file_chmod ||
                     spec.effect == Eff::file_chown || spec.effect == Eff::file_list;
      one.target = is_path ? ctx_.path(t) : t;
      // shutil.copy(src, DIR): the copy lands inside the directory.
      if (spec.into_dir && data && ctx_.is_directory(t))
        one.target = ctx_.path(Ctx::into_directory(t, first_text(*data)));
      if (is_path) one.path_classes = ctx_.classify(one.target);
      if (has_target && !is_partial(t) && !t.empty()) one.flags |= kConstTarget;
      if (spec.effect == Eff::file_write && one.data_taint) {
        ctx_.record_write(one.target, one.data_taint, one.data_ev);
        // An archive extracted into a directory: every file under it is the archive's.
        if (spec.tag == "extract")
          ctx_.record_tree(one.target, one.data_taint & (kDownloaded | kDecoded | kObfuscated), one.data_ev);
      }
      // (text of several alternatives, a list joined with an option's default or
      // what the user gives: the likely one, as one run writes one)
      if (spec.effect == Eff::file_write && data && spec.tag != "copy" && spec.tag != "move" && spec.tag != "link")
        if (const Alt* d = likely_text_alt(*data))
          ctx_.record_text(one.target, d->s, true);
      if (spec.effect == Eff::file_write && spec.tag != "mkdir") {
        // A git hook: what it will run (unknown for a copy, whose taint says what it holds).
        bool copy = spec.data_path || spec.tag == "copy" || spec.tag == "move" || spec.tag == "link";
        const Alt* d = data && !copy ? likely_text_alt(*data) : nullptr;
        std::string text = d ? d->s : std::string(1, kUnknownPart);
        ctx_.record_hook(one.target, one.path_classes, text, true, one.data_taint, one.data_ev, where);
      }
      if (spec.effect == Eff::file_write && spec.tag == "link" && data && ctx_.links.size() < 64) {
        auto& names = ctx_.links[one.target];
        for (const auto& src : string_alternatives(*data, 4))
          if (names.size() < 4) names.push_back(ctx_.path(src));
      }
      if (spec.effect == Eff::file_delete && (spec.tag == "recursive")) one.flags |= kRecursiveDelete;
      if (spec.effect == Eff::file_write && spec.tag == "move" && data) {
        // A move removes its source (and keeps it at the destination, unless that is the null device).
        Effect gone;
        gone.kind = Eff::file_delete;
        gone.tag = one.target == "/dev/null" ? "delete" : "move";
        gone.target = ctx_.path(first_text(*data));
        gone.path_classes = ctx_.classify(gone.target);
        gone.target_taint = data->taint;
        gone.target_ev = data->ev;
        ctx_.effect(std::move(gone), where);
      }
      if (spec.effect == Eff::file_chmod || spec.effect == Eff::file_read) {
        // What was written there earlier (a download made executable).
        const auto* w = ctx_.written_at(one.target);
        if (w && !one.data_taint) {
          one.data_taint = w->first;
          one.data_ev = w->second;
        }
      }
      ctx_.effect(std::move(one), where);
    }
    // File reads return the file's content.
    // Every alternative of the path is read (a loop over several directories).
    if (spec.effect == Eff::file_read && spec.special_id == Special::none && spec.returns.empty()) {
      uint32_t taint = target.taint & kWalked;
      int32_t ev = -1;
      for (const std::string& alt : targets) {
        std::string t = ctx_.path(alt);
        uint32_t cls = ctx_.classify(t);
        uint32_t here = ctx_.read_taint(t, cls);
        if (spec.tag == "archive") here |= ctx_.home_tree_taint(t);  // tar.add(~/Documents)
        int32_t here_ev = -1;
        if (const auto* w = ctx_.written_at(t)) {
          here |= w->first;
          here_ev = w->second;
        }
        if (here & ~(kFileData | kWalked)) here_ev = evidence(site, "reads " + printable(t), here_ev);
        // the evidence of the first alternative that reads something that matters
        bool matters = here & ~(kFileData | kWalked), had = taint & ~(kFileData | kWalked);
        if (here_ev >= 0 && (ev < 0 || (matters && !had))) ev = here_ev;
        taint |= here;
      }
      result = Value::tainted(taint, ev);
      have_result = true;
    }
  }
  // Callbacks (Thread(target=f), Listener(on_press=f), executor.submit(f, x)).
  if (auto cb = role_value(spec, "callback", args, self)) {
    int32_t cev = -1;
    if (spec.cb_taint) cev = evidence(site, describe_taint(spec.cb_taint) + " captured by " + q);
    auto cbargs = role_value(spec, "cbargs", args, self);
    // The callback's arguments, each as given: a list of them is not data
    // whose labels every item shares (submit(fn, url, path): the URL does
    // not carry the path's).
    auto callback_arguments = [&](std::vector<Value>& items) {
      if (const Alt* l = cbargs->single(); l && (l->k == VK::list || l->k == VK::tuple) && l->c && !l->c->open) {
        items = l->c->items;
        return Value();
      }
      return iterate(*cbargs, &items);
    };
    // An instance of a class with __call__ (run_in_executor(None, resolver, name))
    // is called through that method.
    Value callables;
    for (const auto& a : cb->alts) {
      if (a.k == VK::instance && a.fn) {
        Value self_value;
        self_value.alts.push_back(a);
        Value m = find_method(*static_cast<ClassInfo*>(const_cast<void*>(a.fn)), "__call__");
        for (const auto& ma : m.alts)
          if (ma.k == VK::function) {
            Alt bound = ma;
            bound.k = VK::method;
            bound.self = std::make_shared<const Value>(self_value);
            callables.alts.push_back(std::move(bound));
          }
        continue;
      }
      callables.alts.push_back(a);
    }
    for (const auto& a : callables.alts) {
      if (a.k != VK::function && a.k != VK::method) {
        if (a.k == VK::libfunc && (cbargs || spec.returns == "callback")) {
          // Thread(target=os.system, args=("...",)); asyncio.to_thread(path.read_bytes),
          // whose result is what the library function returns.
          Args inner;
          if (cbargs) {
            std::vector<Value> items;
            callback_arguments(items);
            inner.pos = items;
          }
          // to_thread(requests.post, url, data=body): the keywords are the function's too.
          if (forwards_keywords(spec))
            for (const auto& kv : args.kw)
              if (!names_role(spec, kv.first)) inner.kw.push_back(kv);
          Value fnv;
          fnv.alts.push_back(a);
          Value returned = call(fnv, inner, site);
          if (spec.returns == "callback") {
            if (have_result) result.join(returned);
            else result = std::move(returned);
            have_result = true;
          }
        } else if (a.k == VK::libfunc && spec.cb_taint) {
          // register_function(os.system): the library function itself
          // receives what the caller sends.
          Args inner;
          inner.pos.push_back(Value::tainted(spec.cb_taint, cev));
          Value fnv;
          fnv.alts.push_back(a);
          call(fnv, inner, site);
        }
        continue;
      }
      Value one;
      one.alts.push_back(a);
      // register(f, *args, **kwargs), submit, to_thread: the keywords are the callback's too.
      std::vector<std::pair<std::string, Value>> cbkw;
      if (forwards_keywords(spec))
        for (const auto& kv : args.kw)
          if (!names_role(spec, kv.first)) cbkw.push_back(kv);
      if (!spec.cb_types.empty()) {
        // asyncio.start_server(cb): cb(reader, writer), objects of their
        // types carrying what the connection brings.
        Args inner;
        for (const auto& type : spec.cb_types) {
          if (type == "self") {  // paho's on_connect(client, ...): the object the callback was set on
            inner.pos.push_back(self ? *self : Value());
            continue;
          }
          Value v = Value::object(type, std::string(), spec.cb_taint);
          v.ev = cev;
          inner.pos.push_back(std::move(v));
        }
        auto* f = static_cast<FunctionInfo*>(const_cast<void*>(a.fn));
        call_function(*f, inner, a.k == VK::method ? a.self.get() : nullptr, site);
      } else if ((cbargs || !cbkw.empty() || spec.returns == "callback") && !spec.cb_taint) {
        Args inner;
        if (cbargs) {
          std::vector<Value> items;
          Value sum = callback_arguments(items);
          if (!items.empty()) inner.pos = items;
          else if (!cbargs->unknown()) {
            inner.star_unknown = true;
            inner.extra = sum;
          }
        }
        inner.kw = std::move(cbkw);
        auto* f = static_cast<FunctionInfo*>(const_cast<void*>(a.fn));
        Value returned = call_function(*f, inner, a.k == VK::method ? a.self.get() : nullptr, site);
        // asyncio.to_thread(grab_frame, scale): what the callback returns is the call's result.
        if (spec.returns == "callback") {
          if (have_result) result.join(returned);
          else result = std::move(returned);
          have_result = true;
        }
      } else {
        call_unknown_with(one, spec.cb_taint, cev, site, 3);
      }
    }
  }
  if (spec.special_id != Special::none) {
    bool handled = false;
    Value r = apply_special(spec, q, self, args, site, handled);
    if (handled) {
      result = std::move(r);
      have_result = true;
    }
  }
  if (!have_result) {
    if (spec.int_value) result = Value::integer(*spec.int_value);
    else if (spec.str_value && spec.returns == "list") result = make_list({Value::str(*spec.str_value)});
    else if (spec.str_value) result = Value::str(*spec.str_value);
    else if (spec.returns == "path") {
      // The file it made (shutil.make_archive, shutil.copy): later reads of it find what was written.
      auto p = role_value(spec, "path", args, self);
      result = p ? Value::str(first_text(*p)) : Value::str(std::string(1, kUnknownPart));
    } else if (!spec.returns.empty() && spec.returns != "str" && spec.returns != "bytes" && spec.returns != "int" &&
             spec.returns != "bool" && spec.returns != "list" && spec.returns != "dict" && spec.returns != "none" &&
             spec.returns != "callback") {
      // A typed object; its associated text is the call's path/URL/endpoint.
      std::string extra;
      for (const char* r : {"path", "url", "endpoint", "name", "host"})
        if (auto v = role_value(spec, r, args, self)) {
          // A known alternative over an unknown one (an archive from a download or the newest in the cache).
          extra = r == std::string("endpoint") ? endpoint_text(*v) : likely_text(*v);
          break;
        }
      result = Value::object(spec.returns, extra);
      // Its state: shared with the file object it wraps (tarfile.open(fileobj=buf)), else its own.
      std::shared_ptr<Container> state;
      if (auto wrapped = role_value(spec, "fileobj", args, self))
        for (const auto& a : wrapped->alts) {
          if (a.k == VK::object && a.c) state = a.c;
          // An open file's name is where the object writes (an archive
          // written into a named temporary file, later read by that name).
          if (a.k == VK::object && a.s == "file" && result.alts[0].extra.empty()) result.alts[0].extra = a.extra;
        }
      result.alts[0].c = state ? state : new_container();
      // A client session (requests.Session, httpx.Client) keeps its headers
      // and auth, given now or set later, for every request it makes.
      if (!spec.has_effect && !state)
        for (const char* r : kSessionRoles)
          if (spec.roles.count(r)) {
            auto v = role_value(spec, r, args, self);
            result.alts[0].c->set_key(r, v ? *v : std::string(r) == "auth" ? Value::none() : make_dict());
          }
      // An archive opened by its name holds what was written to that file (a download).
      if (!state && (spec.returns == "tarfile.TarFile" || spec.returns == "zipfile.ZipFile") && !extra.empty())
        if (const auto* w = ctx_.written_at(ctx_.path(extra))) {
          result.alts[0].c->open = true;
          result.alts[0].c->rest.join(Value::tainted(w->first, w->second));
          result.taint |= w->first;
          if (result.ev < 0) result.ev = w->second;
        }
    } else if (spec.returns == "none") {
      result = Value::none();
    } else if (spec.returns == "dict") {
      // A mapping read from somewhere (json.load, tomllib.load): keys known only
      // at run time, so a later setdefault's default is one of what a key holds.
      result = make_dict();
      result.alts[0].c->open = true;
      fresh_mapping = true;
    }
  }
  // What a client keeps for its requests (a Request's add_header, a
  // session's auth): the data role joins the receiver's state under that name.
  if (!spec.keeps.empty() && self)
    if (auto d = role_value(spec, "data", args, self))
      for (const auto& a : self->alts)
        if (a.k == VK::object && a.c) {
          Value kept = *d;
          if (const Value* before = a.c->get_key(spec.keeps)) kept.join(*before);
          a.c->set_key(spec.keeps, std::move(kept));
        }
  // Objects that accumulate what is written into them (BytesIO, TarFile):
  // the data role joins the receiver's state.
  if (spec.stores && self) {
    std::optional<Value> d = (spec.has_effect && spec.effect == Eff::file_read && have_result)
                                 ? std::optional<Value>(result)
                                 : role_value(spec, "data", args, self);
    if (d)
      for (const auto& a : self->alts)
        if (a.k == VK::object && a.c) {
          a.c->open = true;
          // A queue hands on the items themselves (a name put by one thread
          // and resolved by another keeps its text); other stores, their labels.
          a.c->rest.join(a.s == "queue.Queue" ? *d : Value::tainted(d->taint, d->ev));
          // an archive object writes its file: reading that file back reads what was stored
          if ((a.s == "tarfile.TarFile" || a.s == "zipfile.ZipFile") && !a.extra.empty())
            ctx_.record_write(ctx_.path(a.extra), d->taint, d->ev);
        }
  }
  // Written "to a file" that is an in-memory buffer (image.save(buf),
  // json.dump(x, buf)): the buffer now holds the data (a download's: what came).
  if (spec.has_effect && spec.effect == Eff::file_write)
    if (auto pv = role_value(spec, "path", args, self)) {
      auto d = role_value(spec, "data", args, self);
      uint32_t t = (d ? d->taint : 0) | (spec.tag == "download" ? spec.taint : 0);
      if (t)
        for (const auto& a : pv->alts)
          if (a.k == VK::object && a.c && a.s == "io.BytesIO") {
            a.c->open = true;
            a.c->rest.join(Value::tainted(t, d && d->ev >= 0 ? d->ev : evidence(site, "downloads into a buffer")));
          }
    }
  if (spec.keep_taint) {
    uint32_t t = args.taint() | (self ? deep_taint(*self) : 0);
    // The directory of this program (dirname(__file__), Path(__file__).parent)
    // and a file beside it (Path(__file__).with_name("conf.json"), with_suffix)
    // are not the program.
    auto ends_with = [&](std::string_view tail) {
      return spec.name.size() > tail.size() && spec.name.compare(spec.name.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (spec.special_id == Special::dirname ||
        (spec.special_id == Special::path_attr &&
         (ends_with(".parent") || ends_with(".with_name") || ends_with(".with_suffix"))))
      t &= ~kSelf;
    // A reply carries what its URL and body carried, not the key the request
    // authenticated with (a GitHub response re-posted to GitHub is not the token).
    if (spec.has_effect && spec.effect == Eff::net_request) {
      uint32_t sent = 0;
      for (const char* role : {"url", "data"})
        if (auto v = role_value(spec, role, args, self)) sent |= sent_taint(*v);
      t &= ~(kAuthSecrets & ~sent);
    }
    int32_t ev = args.ev() >= 0 ? args.ev() : self ? self->ev : -1;
    result.taint |= t;
    if (result.ev < 0) result.ev = ev;
  }
  if (spec.opens)
    if (auto pv = role_value(spec, "path", args, self)) {
      // Whichever of its paths it opens (a generator's, a branch's).
      auto paths = string_alternatives(*pv);
      if (paths.empty()) paths.emplace_back(1, kUnknownPart);
      for (const auto& alt : paths) {
        std::string path = ctx_.path(alt);
        uint32_t content =
            ctx_.read_taint(path, ctx_.classify(path)) & (kSecretFile | kHistory | kUserFile | kSysinfo | kFileData);
        int32_t cev = -1;
        if (const auto* w = ctx_.written_at(path)) {
          content |= w->first;
          cev = w->second;
        }
        if (content) {
          result.taint |= content;
          if (result.ev < 0) result.ev = cev >= 0 ? cev : evidence(site, "opens " + printable(path));
        }
      }
    }
  if (spec.taint) {
    std::string what = describe_taint(spec.taint) + " from " + q;
    if (auto u = role_value(spec, "url", args, self)) what += " " + printable(first_text(*u), 80);
    else if (auto p = role_value(spec, "path", args, self)) what += " " + printable(first_text(*p), 80);
    else if (auto n = role_value(spec, "name", args, self)) what += " " + printable(first_text(*n), 80);
    result.ev = evidence(site, what, result.ev);
    result.taint |= spec.taint;
    if (spec.taint & kUserInput) take_program_stdin(result);
  }
  // (what its values hold: what it was read from)
  if (fresh_mapping) result.alts[0].c->rest = Value::tainted(result.taint, result.ev);
  // What a lookup falls back to where the configuration is silent
  // (configparser's get(..., fallback=X)): the code's default may be what runs.
  // Like an option's default, it is a setting the user may change in the file.
  if (auto d = role_value(spec, "default", args, self)) {
    Value fallback = *d;
    fallback.taint |= kOption;
    result.join(fallback);
  }
  return result;
}


bool PyInterp::reads_program_on_stdin(const std::string& line) const {
  std::string name = command_basename(line.substr(0, line.find(' ')));
  // Only a shell or an interpreter runs what it reads (grep reading a download does not),
  // and not when given a script or code: then what it reads is data.
  const CommandSpec* spec = ctx_.lib.command(name);
  if (!ctx_.lib.is_shell(name) && !(spec && spec->kind == "interpreter")) return false;
  if (spec) {
    // The line's words; a code option's program is the rest of the line (it had blanks).
    std::vector<Word> argv;
    for (size_t b = 0; b < line.size();) {
      size_t e = line.find(' ', b);
      if (e == std::string::npos) e = line.size();
      if (!argv.empty() && (argv.back().text == "-c" || argv.back().text == "-e" || argv.back().text == "-E" ||
                            argv.back().text == "-r"))
        e = line.size();
      if (e > b) argv.push_back(Word{line.substr(b, e - b), 0, -1});
      b = e + 1;
    }
    if (!takes_program_on_stdin(argv, *spec, ctx_.lib.is_shell(name))) return false;
  }
  return true;
}

uint32_t PyInterp::process_output_taint(const Value* popen) const {
  if (!popen || popen->alts.empty()) return kShellIo;
  for (const auto& a : popen->alts) {
    if (a.k != VK::object || a.extra.empty() || a.extra[0] == kUnknownPart) return kShellIo;
    if (reads_program_on_stdin(a.extra)) return kShellIo;
  }
  return 0;
}

std::optional<Value> PyInterp::call_own_method(const Alt& instance, const std::string& name, Args& args,
                                              NodeId site) {
  if (instance.k != VK::instance || !instance.fn) return std::nullopt;
  Value m = find_method(*static_cast<ClassInfo*>(const_cast<void*>(instance.fn)), name);
  Value self;
  self.alts.push_back(instance);
  Value out;
  bool any = false;
  for (const auto& ma : m.alts)
    if (ma.k == VK::function)
      accumulate(out, any, call_function(*static_cast<FunctionInfo*>(const_cast<void*>(ma.fn)), args, &self, site));
  if (!any) return std::nullopt;
  return out;
}

void PyInterp::stdin_effect(const std::string& line, const Value& data, NodeId site) {
  if (!reads_program_on_stdin(line)) return;
  std::string name = command_basename(line.substr(0, line.find(' ')));
  Effect e;
  e.kind = Eff::exec;
  e.tag = "stdin";
  e.target = name;
  e.detail = printable(line, 200);
  e.data_taint = data.taint;
  e.data_ev = data.ev;
  const bool shell = ctx_.lib.is_shell(name);
  if (shell) e.flags |= kShellInterp;
  ctx_.effect(std::move(e), site_of(site));
  // The script itself, where it is known in part (bash -s given a batch of
  // command lines built in a loop): what it runs is judged as this code's,
  // each of the few scripts it may be (lines built under each of a few roots).
  if (shell)
    for (const auto& a : data.alts)
      if (&a - data.alts.data() < static_cast<std::ptrdiff_t>(kMaxNestedScripts) &&
          (a.k == VK::str || a.k == VK::bytes) && !a.s.empty() && a.s != std::string(1, kUnknownPart))
        run_nested_shell(a.s, data.taint, data.ev, site, "in the script it gives a shell on its standard input");
}

void PyInterp::feed_process(const std::string& line, const Value& data, NodeId site) {
  const Alt* in = data.single();
  if (line.empty() || is_partial(line.substr(0, line.find(' '))) || reads_program_on_stdin(line) || !in ||
      (in->k != VK::str && in->k != VK::bytes) || in->s.empty())
    return;
  std::vector<Word> words;
  for (size_t at = 0; at < line.size();) {
    const size_t end = std::min(line.find(' ', at), line.size());
    if (end > at) words.push_back(Word{line.substr(at, end - at), 0, -1});
    at = end + 1;
  }
  CommandIo io;
  io.stdin_taint = data.taint;
  io.stdin_ev = data.ev;
  io.stdin_text = in->s;
  io.stdin_known = !is_partial(in->s);
  Site fed = site_of(site);
  fed.via = "in the command it feeds";
  // (a copy: the map may grow while the command runs)
  if (auto env = ctx_.process_env.find(line); env != ctx_.process_env.end())
    ctx_.child_env = [given = env->second] { return given; };
  run_command(words, io, ctx_, fed);
  ctx_.child_env = nullptr;
}

void PyInterp::exec_effect_argv(const Value& cmd, bool shell, uint32_t flags, const Value* stdio, NodeId site,
                                const std::string& fn, Value* output, const Value* stdin_data) {
  Site where = site_of(site, flags);
  bool stdio_socket = false;
  if (stdio)
    for (const auto& a : stdio->alts)
      if (a.k == VK::object && (a.s.rfind("socket.", 0) == 0 || a.s.rfind("ssl.", 0) == 0)) stdio_socket = true;
  if (stdio && (stdio->taint & kSockFd)) stdio_socket = true;
  const bool on_pty = stdio && (stdio->taint & kPty);
  std::optional<std::vector<std::string>> copy_args;  // the next emit's: an exec of itself, its arguments
  std::vector<std::pair<std::string, std::string>> copy_env;  // ... and what it sets in the copy's environment
  auto emit = [&](const std::string& name, const std::string& line, uint32_t taint, int32_t ev) {
    Effect e;
    e.kind = Eff::exec;
    e.tag = "process";
    e.copy_args = std::move(copy_args);
    e.copy_env = std::move(copy_env);
    copy_args.reset();
    copy_env.clear();
    e.target = name;
    e.detail = printable(line, 200);
    e.data_taint = taint;
    e.data_ev = ev;
    if (stdio_socket) e.flags |= kStdioSocket;
    // Once this process's standard input and output are a socket (os.dup2),
    // a program run in it talks to the network: a shell is a reverse shell,
    // and so may be a program known only at run time (a "console" from
    // settings the analysis cannot read).
    const bool may_be_shell = ctx_.lib.is_shell(name) || (ctx_.stdio_socket_ev >= 0 && name == std::string(1, kUnknownPart));
    if (ctx_.stdio_socket_ev >= 0 && may_be_shell) {
      e.flags |= kStdioSocket;
      if (e.data_ev < 0) e.data_ev = ctx_.stdio_socket_ev;
    }
    if (may_be_shell) e.flags |= kShellInterp;
    if (on_pty && ctx_.lib.is_shell(name) && ctx_.shell_on_pty_ev < 0)
      ctx_.shell_on_pty_ev = evidence(site, "starts a shell on a pseudo-terminal or socket pair", stdio->ev);
    (void)fn;
    ctx_.effect(std::move(e), where);
  };
  if (cmd.alts.empty()) {
    emit(std::string(1, kUnknownPart), std::string(1, kUnknownPart), cmd.taint, cmd.ev);
    return;
  }
  // Every alternative (a Value holds at most kMaxAlts): a table of fixed
  // commands beside a line received from the network runs either.
  for (const auto& a : cmd.alts) {
    if ((a.k == VK::list || a.k == VK::tuple) && a.c) {
      std::vector<Word> words;
      std::string line;
      uint32_t taint = cmd.taint;
      int32_t ev = cmd.ev;
      for (const auto& item : a.c->items) {
        Word w;
        w.text = likely_text(item);
        w.taint = item.taint;
        w.ev = item.ev;
        taint |= item.taint;
        if (ev < 0) ev = item.ev;
        line += (line.empty() ? "" : " ") + w.text;
        words.push_back(std::move(w));
      }
      if (a.c->open) {
        // Elements known only at run time: a list filled in a loop holds some
        // of the few texts it was filled with (`pip install *specs`, the specs
        // of the groups asked for), each named, then what else it may hold,
        // then its known end.
        size_t named = 0;
        for (const auto& r : a.c->rest.alts)
          if (!a.c->rest_mixed && r.k == VK::str && !r.s.empty() && !is_partial(r.s) && named++ < kMaxNamedElements) {
            words.push_back(Word{r.s, a.c->rest.taint, a.c->rest.ev});
            line += " " + r.s;
          }
        Word w;
        w.text = std::string(1, kUnknownPart);
        w.taint = a.c->rest.taint;
        taint |= w.taint;
        words.push_back(w);
        line += " ...";
        for (const auto& item : a.c->tail) {
          words.push_back(Word{likely_text(item), item.taint, item.ev});
          line += " " + words.back().text;
        }
      }
      if (words.empty()) continue;
      std::string name = command_basename(words[0].text);
      // The program is what runs; its arguments are data (an interpreter's
      // code arguments are judged by the command model).
      taint = 0;
      ev = -1;
      // Except the program itself: its own file run directly or by an
      // interpreter (sys.executable __file__) is a copy of itself.
      if (runs_script(name) && words.size() > 1) taint |= words[1].taint & kSelf;
      taint |= words[0].taint & kSelf;
      // The variables it sets for the copy (env={**os.environ, "SHARD": i}):
      // a copy told it is a worker by its environment.
      if (taint & kSelf)
        if (ctx_.child_env)
          for (auto& [var, w] : ctx_.child_env()) copy_env.emplace_back(var, w.text);
      // Its own arguments passed on (sys.argv[1:]) with such a marker: a copy
      // of unknown arguments, judged by what the marker makes it do.
      if ((taint & kSelf) && a.c->open && !copy_env.empty()) copy_args.emplace();
      if ((taint & kSelf) && !a.c->open) {
        // Its arguments, when every one is known but an option's value: what
        // the copy is told (--role worker --interval <the user's>).
        copy_args = copy_arguments(words, (words[0].taint & kSelf) ? 1 : 2);
      }
      // (a name without a slash is looked up in PATH, not the working directory)
      if (words[0].text.find('/') != std::string::npos)
        if (const auto* it = ctx_.written_at(ctx_.path(words[0].text))) {
          taint |= it->first;
          ev = it->second;
        }
      emit(name, line, taint, ev);
      CommandIo io;
      io.stdin_socket = stdio_socket;
      // Popen(["curl", "-T", "-", url], stdin=tar.stdout): what it reads is the other's output.
      if (stdin_data) {
        io.stdin_taint = stdin_data->taint;
        io.stdin_ev = stdin_data->ev;
        // run(..., input="\n".join(names)): its text, or the shape of its lines
        if (const Alt* in = stdin_data->single(); in && (in->k == VK::str || in->k == VK::bytes)) {
          io.stdin_text = in->s;
          io.stdin_known = !is_partial(in->s);
        }
      }
      Site nested = where;
      nested.via = "in the command it runs";
      CommandResult out = run_command(words, io, ctx_, nested);
      // What the command prints (a clipboard, a secret dump) is what check_output returns,
      // and its shape where the command model knows one (`findmnt -no SOURCE /`: a device
      // path), for one command line.
      if (output && out.stdout_taint) output->add_taint(out.stdout_taint, out.stdout_ev);
      if (output && cmd.alts.size() == 1 && is_partial(out.stdout_text) &&
          out.stdout_text.find_first_not_of(std::string("\n") + kUnknownPart) != std::string::npos)
        output->alts = Value::str(out.stdout_text).alts;
    } else if (a.k == VK::str || a.k == VK::bytes) {
      std::string line = a.s;
      bool looks_shell = shell || line.find(' ') != std::string::npos;
      std::string first = line.substr(0, line.find(' '));
      // A whole command line from tainted data runs that data; data spliced
      // into a known command is an argument.
      size_t lead = line.find_first_not_of(" \t");
      bool whole = !is_partial(line) || (lead != std::string::npos && line[lead] == kUnknownPart);
      uint32_t taint = whole ? cmd.taint : 0;
      int32_t ev = whole ? cmd.ev : -1;
      if (const auto* it = ctx_.written_at(ctx_.path(first))) {
        taint |= it->first;
        ev = it->second;
      }
      emit(command_basename(first), line, taint, ev);
      if (looks_shell) {
        // The program's own path in the line (`python3 {__file__} &`) stays its own in the shell.
        auto [printed, printed_ev] = ctx_.printed_by(
            [&] { run_nested_shell(line, taint | (cmd.taint & kSelf), ev, site, "in the command line it runs"); });
        // What the line prints (whoami && hostname) is what check_output returns.
        if (output && printed) output->add_taint(printed, printed_ev);
      } else {
        std::vector<Word> words{Word{line, taint, ev}};
        CommandIo io;
        io.stdin_socket = stdio_socket;
        Site nested = where;
        nested.via = "in the command it runs";
        run_command(words, io, ctx_, nested);
      }
    } else if (a.k == VK::object && !a.extra.empty()) {
      emit(command_basename(a.extra), a.extra, cmd.taint, cmd.ev);
    } else {
      emit(std::string(1, kUnknownPart), std::string(1, kUnknownPart), cmd.taint, cmd.ev);
    }
  }
}

void PyInterp::run_nested_python(const Value& code, NodeId site, const char* via) {
  Site where = site_of(site);
  Effect e;
  e.kind = Eff::code_exec;
  e.tag = "python";
  e.data_taint = code.taint;
  e.data_ev = code.ev;
  // Constant only when every alternative is known text (a string, or a code
  // object compiled from one) that no option or settings file may replace: a
  // rule compiled from the defaults or from the user's rules file is not.
  bool constant = !code.alts.empty() && !(code.taint & kOption);
  std::string shown;
  for (const auto& a : code.alts) {
    bool compiled = a.k == VK::object && a.s == "code";
    const std::string& text = compiled ? a.extra : a.s;
    bool known = compiled ? !text.empty() && !is_partial(text)
                          : (a.k == VK::str || a.k == VK::bytes) && !is_partial(text);
    // What is shown is the part not known, if there is one.
    if (shown.empty() || (!known && constant)) shown = text;
    constant = constant && known;
  }
  if (constant) e.flags |= kConstTarget;
  e.detail = printable(shown, 160);
  ctx_.effect(e, where);
  for (const auto& a : code.alts) {
    std::string src;
    if (a.k == VK::str || a.k == VK::bytes) src = a.s;
    else if (a.k == VK::object && a.s == "code") src = a.extra;
    else continue;
    // Code with parts not known (a list formatted in, a name computed) is
    // still read: what is known of it runs, the rest is unknown values.
    if (is_partial(src)) src = unknowns_as_names(src);
    if (src.empty()) continue;
    interpret_python(src, ctx_, &where, via, code.taint, code.ev);
  }
}

// What a child process finds in its environment: what the code set in
// os.environ, then a call's env= dict (keys known where they are written).
std::vector<std::pair<std::string, Word>> PyInterp::child_environment(const Args& args) const {
  std::vector<std::pair<std::string, Word>> env;
  auto put = [&](const std::string& name, const Value& v) {
    Word w{likely_text(v), v.taint, v.ev};
    for (auto& [n, old] : env)
      if (n == name) {
        old = std::move(w);
        return;
      }
    env.emplace_back(name, std::move(w));
  };
  for (const auto& [name, v] : set_env_) put(name, v);
  if (const Value* given = args.get(-1, "env"))
    if (const Alt* d = given->single(); d && d->k == VK::dict && d->c)
      for (const auto& [name, v] : d->c->keyed) put(name, v);
  return env;
}

void PyInterp::set_environment(const std::vector<std::pair<std::string, Word>>& env) {
  for (const auto& [name, w] : env) {
    Value v = Value::str(w.text, w.taint);
    v.ev = w.ev;
    inherited_env_[name] = std::move(v);
  }
}

void PyInterp::run_nested_shell(const std::string& line, uint32_t taint, int32_t ev, NodeId site, const char* via) {
  Site where = site_of(site);
  if (where.via.empty() && via) where.via = via;
  if (run_windows_line(line, ctx_, where, taint, ev)) return;
  interpret_shell(line, ctx_, &where, via, taint, ev);
}

void PyInterp::import_effects(const std::string& module, NodeId site) {
  std::string top = module.substr(0, module.find('.'));
  // A module the model does not know, imported once a downloaded archive or
  // directory is on sys.path (importlib or a plain `import m`), runs the download.
  if (ctx_.import_dir_taint && !ctx_.lib.known_module(top))
    run_nested_python(Value::tainted(ctx_.import_dir_taint, ctx_.import_dir_ev), site, "in the module it imports");
  // The standard library comes first on sys.path: `import crypt` is the standard
  // module even though a malicious package squatted that name on PyPI.
  if (!ctx_.threats.is_standard_module(top) && ctx_.threats.is_malicious_package(top)) {
    Effect e;
    e.kind = Eff::threat;
    e.tag = "package";
    e.target = top;
    e.detail = "import " + module;
    ctx_.effect(std::move(e), site_of(site));
  }
}

}  // namespace mai::assess
