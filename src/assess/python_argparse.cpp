// argparse: what a program's options hold. add_argument records each option
// under its destination in the parser's state (its default and, since the
// user may give one, an unknown value from the command line); parse_args
// returns a namespace over that state, so `args.zone` is the option's default
// or user input, and a constant default (a server, a path, a URL) keeps
// what it says through the rest of the program.
#include <string>

#include "assess/library_model.hpp"
#include "assess/python_interp.hpp"
#include "assess/taint.hpp"

namespace mai::assess {
namespace {

constexpr const char* kNamespace = "argparse.Namespace";

// The destination argparse derives: dest=, else the first long option, else
// the positional name, else the first short option; dashes become underscores.
std::string destination(const PyInterp::Args& args) {
  if (const Value* d = args.get(-1, "dest"))
    if (const Alt* a = d->single(); a && a->k == VK::str) return a->s;
  std::string long_opt, short_opt, positional;
  for (const Value& v : args.pos) {
    const Alt* a = v.single();
    if (!a || a->k != VK::str || a->s.empty()) continue;
    if (a->s.rfind("--", 0) == 0) {
      if (long_opt.empty()) long_opt = a->s.substr(2);
    } else if (a->s[0] == '-') {
      if (short_opt.empty()) short_opt = a->s.substr(1);
    } else if (positional.empty()) {
      positional = a->s;
    }
  }
  std::string d = !long_opt.empty() ? long_opt : !positional.empty() ? positional : short_opt;
  for (auto& c : d)
    if (c == '-') c = '_';
  return d;
}

std::string const_text(const Value* v) {
  const Alt* a = v ? v->single() : nullptr;
  return a && a->k == VK::str ? a->s : std::string();
}

}  // namespace

Value PyInterp::argparse_call(const std::string& method, const Value* self, Args& args, NodeId site) {
  std::shared_ptr<Container> state;
  if (self)
    for (const auto& a : self->alts)
      if (a.k == VK::object && a.c) state = a.c;
  if (method == "parse_args" || method == "parse_known_args" || method == "parse_intermixed_args" ||
      method == "parse_known_intermixed_args") {
    Value ns = Value::object(kNamespace);
    ns.alts[0].c = state ? state : new_container();
    if (method.find("known") != std::string::npos)
      return make_list({ns, Value::tainted(kUserInput, -1)}, VK::tuple);
    return ns;
  }
  if (method == "set_defaults") {
    if (state)
      for (const auto& [k, v] : args.kw) {
        if (const Value* old = state->get_key(k)) {
          Value joined = *old;
          joined.join(v);
          state->set_key(k, joined);
        } else {
          state->set_key(k, v);
        }
      }
    return Value::none();
  }
  if (method != "add_argument") {
    // add_argument_group, add_mutually_exclusive_group, add_subparsers,
    // add_parser: options added there land in the same namespace.
    Value same = Value::object("argparse.ArgumentParser");
    same.alts[0].c = state ? state : new_container();
    return same;
  }
  std::string dest = destination(args);
  if (dest.empty() || !state) return Value();
  std::string action = const_text(args.get(-1, "action"));
  std::string nargs = const_text(args.get(-1, "nargs"));
  if (auto given = option_from_command_line(args, action, nargs)) {
    if (const Value* old = state->get_key(dest)) given->join(*old);
    given->taint |= kOption;
    state->set_key(dest, *given);
    return Value();
  }
  // What the user may give on the command line.
  Value v;
  if (action == "store_true" || action == "store_false") {
    // The default, which holds unless the user gives the flag, and the
    // user's choice (verify=args.verify_tls is off by default: a condition
    // on the default holds, as on an environment variable's).
    v = Value::boolean(action == "store_false");
    v.join(Value::tainted(kUserInput, -1));
  } else if (action == "count") {
    v = Value::tainted(kUserInput, -1);
  } else if (action == "append" || action == "extend" || nargs == "+" || nargs == "*") {
    v = make_list({}, VK::list);
    v.alts[0].c->open = true;
    v.alts[0].c->rest = Value::tainted(kUserInput, -1);
  } else {
    v = Value::tainted(kUserInput, -1);
  }
  // type= converts what the user types and a default given as a string, as
  // argparse does (type=Path makes path objects, int(s, 8) a mode); other
  // defaults are kept as they are.
  const Value* type = args.get(-1, "type");
  auto convert = [&](const Value& x) {
    if (!type || type->unknown()) return x;
    Args one;
    one.pos.push_back(x);
    Value out = call(*type, one, site);
    // str(...) of what the user types is still just unknown text: an unknown
    // value (so a default beside it is the value library conditions see).
    bool opaque = !out.alts.empty();
    for (const auto& a : out.alts)
      if (a.k != VK::str || a.s != std::string(1, kUnknownPart)) opaque = false;
    if (opaque) out = Value();
    out.taint |= x.taint;
    if (out.ev < 0) out.ev = x.ev;
    return out;
  };
  bool scalar = v.alts.empty() || v.alts[0].k != VK::list;
  if (scalar && action != "store_true" && action != "store_false") v = convert(v);
  if (const Value* c = args.get(-1, "const")) v.join(*c);
  if (const Value* d = args.get(-1, "default")) {
    bool text = !d->alts.empty() && d->alts[0].k == VK::str;
    v.join(text && scalar ? convert(*d) : *d);
  }
  if (const Value* old = state->get_key(dest)) v.join(*old);
  v.taint |= kOption;
  state->set_key(dest, v);
  return Value();
}

// A program run with a command line known whole (a copy of itself told
// `--role worker`): an option's value is what that line gives it, else its
// default. Nothing for positionals and options of several values, or without
// such a command line: the user's input then, as add_argument records.
std::optional<Value> PyInterp::option_from_command_line(const Args& args, const std::string& action,
                                                        const std::string& nargs) {
  if (!script_args_ || !nargs.empty() || (action != "" && action != "store" && action != "store_true" &&
                                          action != "store_false"))
    return std::nullopt;
  std::vector<std::string> flags;
  for (const Value& v : args.pos) {
    std::string f = const_text(&v);
    if (f.size() < 2 || f[0] != '-') return std::nullopt;  // a positional, or a name not known
    flags.push_back(f);
  }
  if (flags.empty()) return std::nullopt;
  // (an unknown word is an option's value: the copy's line says which)
  const std::vector<Word>& line = *script_args_;
  const bool flag_only = action == "store_true" || action == "store_false";
  std::optional<std::string> given;
  bool present = false;
  for (size_t k = 0; k < line.size(); ++k)
    for (const auto& f : flags) {
      if (line[k].text == f) {
        present = true;
        if (!flag_only && k + 1 < line.size()) given = line[k + 1].text;
      } else if (!flag_only && f.rfind("--", 0) == 0 && line[k].text.rfind(f + "=", 0) == 0) {
        present = true;
        given = line[k].text.substr(f.size() + 1);
      }
    }
  if (flag_only) return Value::boolean(present == (action == "store_true"));
  if (given && is_partial(*given)) return std::nullopt;  // the user's, as without the line
  if (given) {
    if (const Value* type = args.get(-1, "type"); type && !type->unknown()) {
      Args one;
      one.pos.push_back(Value::str(*given));
      return call(*type, one, kNoNode);
    }
    return Value::str(*given);
  }
  if (const Value* d = args.get(-1, "default")) return *d;
  return Value::none();
}

std::optional<Value> PyInterp::argparse_attribute(const Alt& a, const std::string& name) {
  if (a.k != VK::object || a.s != kNamespace || !a.c) return std::nullopt;
  if (const Value* v = a.c->get_key(name)) return *v;
  return std::nullopt;
}

}  // namespace mai::assess
