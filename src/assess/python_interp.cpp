#include "assess/python_interp.hpp"

#include <algorithm>
#include <cstring>

#include "assess/key_destination.hpp"
#include "assess/library_model.hpp"
#include "assess/python_compare.hpp"
#include "assess/python_strings.hpp"
#include "assess/taint.hpp"

namespace mai::assess {

namespace {

bool is_statement(K k) {
  switch (k) {
    case K::expression_statement: case K::import_statement: case K::import_from_statement:
    case K::future_import_statement: case K::return_statement: case K::delete_statement:
    case K::raise_statement: case K::pass_statement: case K::break_statement: case K::continue_statement:
    case K::if_statement: case K::for_statement: case K::while_statement: case K::try_statement:
    case K::with_statement: case K::function_definition: case K::class_definition:
    case K::decorated_definition: case K::global_statement: case K::nonlocal_statement:
    case K::match_statement: case K::assert_statement: case K::print_statement: case K::exec_statement:
    case K::block:
      return true;
    default:
      return false;
  }
}

// Whether a loop body can leave the loop (break/return/raise at its own level,
// not inside a nested loop or function), or ends the process.
// (A wait in an exception handler is a retry's back-off after a failure, not
// the loop's pace: `except OSError: time.sleep(0.01)` around a fork.)
bool body_can_exit(const SyntaxTree& t, NodeId body) {
  std::vector<std::pair<NodeId, bool>> stack{{body, false}};  // (node, inside an except clause)
  size_t guard = 0;
  while (!stack.empty() && ++guard < 100000) {
    auto [n, in_handler] = stack.back();
    stack.pop_back();
    K k = t.kind(n);
    if (k == K::break_statement || k == K::return_statement || k == K::raise_statement) return true;
    if (k == K::call) {
      std::string_view f = t.text(t.child(n, F::function));
      if (f == "sys.exit" || f == "exit" || f == "os._exit" || f == "quit") return true;
      if (!in_handler && (f.find("wait") != std::string_view::npos || f.find("sleep") != std::string_view::npos ||
                          f.find("join") != std::string_view::npos))
        return true;
    }
    if (n != body && (k == K::for_statement || k == K::while_statement || k == K::function_definition ||
                      k == K::class_definition || k == K::lambda))
      continue;
    in_handler |= k == K::except_clause || k == K::except_group_clause;
    for (NodeId c = t[n].first; c != kNoNode; c = t[c].next)
      if (t[c].named) stack.emplace_back(c, in_handler);
  }
  return false;
}

}  // namespace

PyInterp::PyInterp(const SyntaxTree& tree, Ctx& ctx, uint32_t code_taint, int32_t code_ev,
                   const std::vector<Word>* script_args)
    : t_(tree), ctx_(ctx), code_taint_(code_taint), code_ev_(code_ev) {
  if (script_args) script_args_ = *script_args;
  module_ = std::make_shared<Scope>();
  scope_ = module_;
}

Site PyInterp::site_of(NodeId n, uint32_t extra_flags) const {
  uint32_t flags = loop_flags() | extra_flags;
  if (fn_ && fn_->recursive) flags |= kRecursive;
  if (n == kNoNode) return ctx_.at(0, 0, flags);
  return ctx_.at(t_[n].line, t_[n].col, flags);
}

uint32_t PyInterp::loop_flags() const {
  uint32_t f = outer_loop_flags_;
  if (loop_depth_ > 0) f |= kInLoop;
  if (data_loop_ > 0) f |= kOverData;
  if (infinite_loop_ > 0) f |= kInInfiniteLoop;
  if (cond_depth_ > 0 || guarded_ > 0) f |= kConditional;
  if (unthrottled_ > 0) f |= kUnthrottled;
  return f;
}

int32_t PyInterp::evidence(NodeId at, std::string what, int32_t parent) {
  Site s = site_of(at);
  return ctx_.log.evidence(s.line, s.col, std::move(what), parent);
}

std::string PyInterp::hints() const {
  std::string h;
  for (const auto& s : hint_stack_) {
    h += s;
    h += ' ';
  }
  if (fn_) h += fn_->name;
  return h;
}

void PyInterp::run() {
  NodeId root = t_.root();
  if (root == kNoNode) return;
  exec_block(root);
  // A copy run with its command line known (self_copies.hpp) does what that
  // line leads to: the functions it never reached are not the copy's.
  if (ctx_.copy_run) return;
  // Functions and methods never called: once each, with unknown arguments.
  // Then every function once more, as callbacks and later calls would see
  // the state the whole module left (a buffer a callback filled), with the
  // arguments the module's calls gave it (a key passed in from the
  // environment stays that key).
  replaying_ = true;
  auto uncalled = [this] {
    const Ctx::Place module_place = ctx_.place();  // each starts where the module ended
    for (size_t round = 0; round < 8 && !stop_; ++round) {
      bool any = false;
      for (size_t i = 0; i < functions_.size() && !stop_; ++i) {
        FunctionInfo& f = functions_[i];
        if (f.analysed) continue;
        any = true;
        Args args;
        for (const auto& [name, v] : f.seen_args) args.kw.emplace_back(name, v);
        Value self;
        if (f.owner) {
          // An instance its class makes without arguments, when every
          // parameter of its __init__ has a default (Engine(path=SOCKET)):
          // a method nobody calls still sees the attributes it would have.
          if (f.name != "__init__" && constructible_without_arguments(*f.owner)) {
            Args none;
            self = instantiate(*f.owner, none, f.def);
            // Any instance, not this new one: it sees the state every
            // instance of the class was left in (a buffer a callback filled).
            for (auto& a : self.alts) a.i = 0;
          } else {
            Alt a;
            a.k = VK::instance;
            a.fn = f.owner;
            self.alts.push_back(a);
          }
        }
        call_function(f, args, f.owner ? &self : nullptr, f.def);
        ctx_.return_to(module_place);
      }
      if (!any) break;
    }
  };
  check_django_settings(root);
  web_framework_ = imports_web_framework();
  run_django_commands();
  run_script_hooks();
  if (hooks_called_)
    // A hook the library called during the module runs again with the state
    // the module left, and what it calls with it (memos hold the earlier state).
    for (auto& f : functions_) {
      f.analysed = false;
      f.memo.clear();
      f.calls = 0;
    }
  uncalled();
  if (!stop_ && ctx_.budget.left() > ctx_.budget_half && !functions_.empty()) {
    for (auto& f : functions_) {
      f.analysed = false;
      f.memo.clear();
      f.calls = 0;
    }
    uncalled();
  }
}

bool PyInterp::constructible_without_arguments(ClassInfo& c) {
  for (const auto& m : find_method(c, "__init__").alts) {
    if (m.k != VK::function) continue;
    const auto& init = *static_cast<const FunctionInfo*>(m.fn);
    if (init.params == kNoNode) return false;
    bool first = true;
    for (NodeId p = t_.first_named(init.params); p != kNoNode; p = t_.next_named(p)) {
      K k = t_.kind(p);
      bool required = k == K::identifier || k == K::typed_parameter;
      if (first) {  // self
        first = false;
        continue;
      }
      if (required) return false;
    }
    return true;
  }
  return false;  // no __init__ of its own: nothing to learn
}

void PyInterp::run_django_commands() {
  std::function<bool(const ClassInfo&, int)> is_command = [&](const ClassInfo& c, int depth) {
    if (depth > 8) return false;
    for (const auto& b : c.bases)
      for (const auto& a : b.alts) {
        if (a.k == VK::cls && is_command(*static_cast<const ClassInfo*>(a.fn), depth + 1)) return true;
        if ((a.k == VK::libfunc || a.k == VK::module) && a.s.rfind("django.core.management", 0) == 0 &&
            a.s.size() >= 7 && a.s.compare(a.s.size() - 7, 7, "Command") == 0)
          return true;
      }
    return false;
  };
  auto call_method = [&](ClassInfo& c, const char* name, Args& args) {
    Value self;
    Alt me;
    me.k = VK::instance;
    me.fn = &c;
    self.alts.push_back(me);
    for (const auto& m : find_method(c, name).alts)
      if (m.k == VK::function)
        call_function(*static_cast<FunctionInfo*>(const_cast<void*>(m.fn)), args, &self,
                      static_cast<const FunctionInfo*>(m.fn)->def);
  };
  for (auto& c : classes_) {
    if (stop_ || !is_command(c, 0)) continue;
    Value parser = Value::object("argparse.ArgumentParser");
    parser.alts[0].c = new_container();
    Args with_parser;
    with_parser.pos.push_back(parser);
    call_method(c, "add_arguments", with_parser);
    Args options;
    for (const auto& [dest, v] : parser.alts[0].c->keyed) options.kw.emplace_back(dest, v);
    call_method(c, "handle", options);
  }
}

// A Django settings module (it names INSTALLED_APPS or ROOT_URLCONF) that sets
// DEBUG = True serves debug pages with settings and tracebacks: a debug
// server, as Flask's debug=True is.
void PyInterp::check_django_settings(NodeId root) {
  NodeId debug = kNoNode;
  bool settings = false;
  for (NodeId s = t_.first_named(root); s != kNoNode; s = t_.next_named(s)) {
    if (t_.kind(s) != K::expression_statement) continue;
    NodeId asg = t_.first_named(s);
    if (asg == kNoNode || t_.kind(asg) != K::assignment) continue;
    NodeId left = t_.child(asg, F::left);
    if (left == kNoNode || t_.kind(left) != K::identifier) continue;
    std::string_view name = t_.text(left);
    if (name == "INSTALLED_APPS" || name == "ROOT_URLCONF") settings = true;
    if (name == "DEBUG") debug = asg;
  }
  if (!settings || debug == kNoNode) return;
  auto it = module_->vars.find("DEBUG");
  if (it == module_->vars.end() || value_text(it->second) != "True") return;
  Effect e;
  e.kind = Eff::risky;
  e.tag = "debug_server";
  e.detail = "Django DEBUG = True";
  ctx_.effect(std::move(e), site_of(debug));
}

uint32_t PyInterp::handler_taint(const Alt& decorator) const {
  const ApiSpec* spec = decorator.self ? ctx_.lib.method(decorator.s, decorator.extra) : ctx_.lib.api(decorator.s);
  return spec && spec->handler ? spec->cb_taint : 0;
}

uint32_t PyInterp::handler_taint(const Alt& base, const std::string& name) const {
  const ApiSpec* spec = ctx_.lib.method(base.s, name);
  return spec && spec->handler ? spec->cb_taint : 0;
}

bool PyInterp::imports_web_framework() const {
  static const char* const kFrameworks[] = {"django", "aiohttp", "flask", "starlette", "fastapi", "tornado",
                                            "bottle", "pyramid", "falcon", "sanic", "quart", "werkzeug", "xmlrpc"};
  for (const char* f : kFrameworks)
    if (imports(f)) return true;
  return false;
}

bool PyInterp::imports(std::string_view package) const {
  for (const auto& [name, v] : module_->vars)
    for (const auto& a : v.alts) {
      if (a.k != VK::module && a.k != VK::libfunc) continue;
      if (std::string_view(a.s).substr(0, a.s.find('.')) == package) return true;
    }
  return false;
}

// Programs that load this script and call its hooks by event name (the
// library model's script_hooks: mitmproxy's addons): each module-level
// function named after an event, and each such method of the objects in the
// registry list, runs with one object of the hooks' argument type.
void PyInterp::run_script_hooks() {
  for (const auto& hooks : ctx_.lib.script_hooks()) {
    if (stop_ || !imports(hooks.package)) continue;
    auto call = [&](const Alt& fn, const Value* self) {
      Args args;
      args.pos.push_back(Value::object(hooks.argument));
      auto& f = *static_cast<FunctionInfo*>(const_cast<void*>(fn.fn));
      call_function(f, args, self, f.def);
    };
    for (const auto& event : hooks.events)
      if (auto fn = module_->vars.find(event); fn != module_->vars.end())
        for (const auto& a : fn->second.alts)
          if (a.k == VK::function) call(a, nullptr);
    auto registry = module_->vars.find(hooks.registry);
    if (registry == module_->vars.end()) continue;
    for (const auto& list : registry->second.alts) {
      if ((list.k != VK::list && list.k != VK::tuple) || !list.c) continue;
      for (const auto& item : list.c->items)
        for (const auto& obj : item.alts) {
          if (obj.k != VK::instance || stop_) continue;
          Value self;
          self.alts.push_back(obj);
          auto& cls = *static_cast<ClassInfo*>(const_cast<void*>(obj.fn));
          for (const auto& event : hooks.events)
            for (const auto& m : find_method(cls, event).alts)
              if (m.k == VK::function) call(m, &self);
        }
    }
  }
}

// ---------------------------------------------------------------- statements

void PyInterp::exec_block(NodeId block) {
  for (NodeId c = t_[block].first; c != kNoNode && !stop_ && !left_; c = t_[c].next) {
    if (!t_[c].named) continue;
    K k = t_.kind(c);
    exec_stmt(c);
    // Code after return/raise/break/continue at this level never runs.
    if (k == K::return_statement || k == K::raise_statement || k == K::break_statement ||
        k == K::continue_statement)
      break;
  }
}

void PyInterp::exec_stmt(NodeId s) {
  if (stop_) return;
  if (!ctx_.budget.spend()) {
    stop_ = true;
    ctx_.mark_incomplete("the code is too large to analyse fully");
    return;
  }
  if (ctx_.depth > ctx_.depth_allowance) {
    ctx_.mark_incomplete("the code is nested too deeply to analyse fully");
    return;
  }
  ++ctx_.depth;
  switch (t_.kind(s)) {
    case K::expression_statement: {
      for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
        K k = t_.kind(c);
        if (k == K::string || k == K::concatenated_string) continue;  // docstrings, bare strings
        if (k == K::assignment || k == K::augmented_assignment) {
          NodeId left = t_.child(c, F::left);
          NodeId right = t_.child(c, F::right);
          if (k == K::assignment) {
            if (right == kNoNode) break;  // annotation only
            // a = b = value: the rightmost is the value.
            std::vector<NodeId> targets{left};
            while (t_.kind(right) == K::assignment) {
              targets.push_back(t_.child(right, F::left));
              right = t_.child(right, F::right);
            }
            hint_stack_.push_back(text(left).substr(0, 64));
            Value v = eval(right);
            hint_stack_.pop_back();
            for (NodeId tg : targets) assign(tg, v);
          } else {
            NodeId op = t_.child(c, F::operator_);
            std::string o = op == kNoNode ? "+=" : text(op);
            if (!o.empty() && o.back() == '=') o.pop_back();
            hint_stack_.push_back(text(left).substr(0, 64));
            Value l = eval(left);
            Value r = eval(right);
            hint_stack_.pop_back();
            // list += iterable extends in place (aliases see it). An iterable
            // that is one of several lists (a function's two returns) makes
            // as many lists, as `+` does: extending one list with their
            // elements joined had kept only what the first elements share.
            bool in_place = false;
            if (o == "+" && r.alts.size() <= 1)
              for (const auto& a : l.alts)
                if (a.k == VK::list && a.c) {
                  std::vector<Value> items;
                  Value sum = iterate(r, &items);
                  if (!items.empty()) {
                    for (auto& x : items) a.c->push(x);
                  } else if (const Container* oc = open_list(r); oc && !a.c->open) {
                    // an open list's known elements, then the rest (packages named
                    // here and some read from a file)
                    for (const auto& x : oc->items) a.c->push(x);
                    a.c->add_unknown(oc->rest);
                  } else {
                    a.c->push(sum);
                  }
                  in_place = true;
                }
            if (!in_place) assign(left, binary(o, l, r, c));
          }
        } else {
          eval(c);
        }
      }
      break;
    }
    case K::return_statement: {
      NodeId v = t_.first_named(s);
      Value r = v == kNoNode ? Value::none() : eval(v);
      if (!returns_.empty()) accumulate(*returns_.back().value, returns_.back().any, r);
      break;
    }
    case K::delete_statement:
      // `del xs[i]` may remove a list's last elements: what was known of its end goes.
      for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
        bool many = t_.kind(c) == K::expression_list;
        for (NodeId d = many ? t_.first_named(c) : c; d != kNoNode; d = many ? t_.next_named(d) : kNoNode) {
          if (t_.kind(d) != K::subscript) continue;
          NodeId obj = t_.child(d, F::value);
          if (obj == kNoNode || t_.kind(obj) != K::identifier) continue;
          for (const auto& a : eval(obj).alts)
            if (a.k == VK::list && a.c) a.c->forget_tail();
        }
      }
      break;
    case K::raise_statement:
      // What is raised reaches the handler that catches it (`except E as e`,
      // traceback.format_exc()): its message may carry what it was built from.
      for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
        Value v = eval(c);
        raised_.add_taint(deep_taint(v), v.ev >= 0 ? v.ev : deep_ev(v));
        // E(message): the exception's text is its arguments'.
        NodeId args = t_.kind(c) == K::call ? t_.child(c, F::arguments) : kNoNode;
        if (args != kNoNode)
          for (NodeId a = t_.first_named(args); a != kNoNode; a = t_.next_named(a)) {
            Value av = eval(a);
            raised_.add_taint(deep_taint(av), av.ev >= 0 ? av.ev : deep_ev(av));
          }
      }
      break;
    case K::assert_statement:
    case K::print_statement:
      for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) eval(c);
      break;
    case K::exec_statement: {
      NodeId code = t_.child(s, F::code);
      if (code == kNoNode) code = t_.first_named(s);
      if (code != kNoNode) {
        Value v = eval(code);
        Args args;
        args.pos.push_back(v);
        args.pos_nodes.push_back(code);
        call(Value::libfunc("builtins.exec"), args, s);
      }
      break;
    }
    case K::pass_statement: case K::break_statement: case K::continue_statement: break;
    case K::global_statement:
    case K::nonlocal_statement:
      if (globals_ && t_.kind(s) == K::global_statement)
        for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) globals_->insert(text(c));
      break;
    case K::if_statement: exec_if(s); break;
    case K::for_statement: exec_for(s); break;
    case K::while_statement: exec_while(s); break;
    case K::try_statement: exec_try(s); break;
    case K::with_statement: exec_with(s); break;
    case K::match_statement: exec_match(s); break;
    case K::import_statement: exec_import(s); break;
    case K::import_from_statement: exec_import_from(s); break;
    case K::future_import_statement: break;
    case K::function_definition: exec_def(s, kNoNode); break;
    case K::class_definition: exec_class(s); break;
    case K::decorated_definition: {
      NodeId def = t_.child(s, F::definition);
      std::vector<std::pair<Value, NodeId>> decorators;
      for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c))
        if (t_.kind(c) == K::decorator) {
          NodeId e = t_.first_named(c);
          if (e != kNoNode) decorators.emplace_back(eval(e), c);
        }
      if (t_.kind(def) == K::function_definition) exec_def(def, s);
      else if (t_.kind(def) == K::class_definition) exec_class(def);
      // A decorator of this file's own runs with what it decorates (a registry's
      // @register("name") files it under that name, an event bus's @bus.on(...)
      // subscribes it); the name keeps the function or class itself.
      if (t_.kind(def) == K::function_definition || t_.kind(def) == K::class_definition) {
        NodeId name = t_.child(def, F::name);
        if (name != kNoNode)
          for (auto it = decorators.rbegin(); it != decorators.rend() && !stop_; ++it)
            if (std::any_of(it->first.alts.begin(), it->first.alts.end(),
                            [](const Alt& a) { return a.k == VK::function || a.k == VK::method; })) {
              Args args;
              args.pos.push_back(lookup(text(name), name));
              args.pos_nodes.push_back(name);
              call(it->first, args, it->second);
            }
      }
      break;
    }
    case K::block: exec_block(s); break;
    case K::comment: break;
    default:
      // ERROR nodes and anything unfamiliar: walk what is inside.
      for (NodeId c = t_.first_named(s); c != kNoNode && !stop_; c = t_.next_named(c)) {
        if (is_statement(t_.kind(c))) exec_stmt(c);
        else eval(c);
      }
      break;
  }
  --ctx_.depth;
}

void PyInterp::begin_log() { logs_.emplace_back(); }

std::vector<std::tuple<PyInterp::Scope*, std::string, bool, Value>> PyInterp::end_log_and_undo(
    std::vector<Value>& finals) {
  Log log = std::move(logs_.back());
  logs_.pop_back();
  finals.clear();
  for (auto& [scope, name, existed, old] : log.old) {
    auto it = scope->vars.find(name);
    finals.push_back(it == scope->vars.end() ? Value() : it->second);
    if (existed) scope->vars[name] = old;
    else if (it != scope->vars.end()) scope->vars.erase(it);
  }
  return std::move(log.old);
}

template <class Fn>
void PyInterp::branches(const std::vector<Fn>& paths, bool may_skip_all) {
  // key -> (scope, name, existed, old, joined value, how many paths set it)
  struct Merge {
    Scope* scope;
    std::string name;
    bool existed;
    Value old;
    Value joined;
    size_t set = 0;
  };
  std::vector<Merge> merged;
  std::unordered_map<std::string, size_t> index;
  for (const auto& path : paths) {
    if (stop_) break;
    begin_log();
    ++branch_depth_;
    path();
    --branch_depth_;
    std::vector<Value> finals;
    auto olds = end_log_and_undo(finals);
    for (size_t i = 0; i < olds.size(); ++i) {
      auto& [scope, name, existed, old] = olds[i];
      std::string key = std::to_string(reinterpret_cast<uintptr_t>(scope)) + "/" + name;
      auto it = index.find(key);
      if (it == index.end()) {
        index.emplace(key, merged.size());
        merged.push_back(Merge{scope, name, existed, old, finals[i], 1});
      } else {
        Merge& m = merged[it->second];
        if (m.set == 0) m.joined = finals[i];
        else m.joined.join(finals[i]);
        ++m.set;
      }
    }
  }
  size_t n = paths.size() + (may_skip_all ? 1 : 0);
  for (auto& m : merged) {
    Value v = m.joined;
    if (m.existed && m.set < n) v.join(m.old);
    // Record in the enclosing log, then set.
    if (!logs_.empty()) {
      Log& log = logs_.back();
      std::string key = std::to_string(reinterpret_cast<uintptr_t>(m.scope)) + "/" + m.name;
      if (log.touched.insert(key).second) log.old.emplace_back(m.scope, m.name, m.existed, m.old);
    }
    m.scope->vars[m.name] = std::move(v);
  }
}

// `if __name__ == "__main__":` runs whenever the program does: not a condition.
bool PyInterp::is_main_guard(NodeId cond) const {
  if (cond == kNoNode || t_.kind(cond) != K::comparison_operator) return false;
  for (NodeId c = t_.first_named(cond); c != kNoNode; c = t_.next_named(c))
    if (t_.kind(c) == K::identifier && text(c) == "__name__") return true;
  return false;
}

namespace {

// The truth of an alternative whose value is known exactly; nothing for the rest.
std::optional<bool> truth_of(const Alt& a) {
  switch (a.k) {
    case VK::boolean: case VK::integer: return a.i != 0;
    case VK::none: return false;
    case VK::str: case VK::bytes:
      if (is_partial(a.s)) return std::nullopt;
      return !a.s.empty();
    default: return std::nullopt;
  }
}

}  // namespace

// Only a parameter: a call binds it and nothing else in the program can (a
// module's global may be set through globals(), setattr or another module,
// which the interpreter does not all see), unless the function declares
// nonlocal or global names (a nested callback may set it later).
std::optional<bool> PyInterp::parameter_flag_truth(NodeId cond, int depth) {
  if (cond == kNoNode || fn_ == nullptr || fn_->lambda || depth > 4) return std::nullopt;
  switch (t_.kind(cond)) {
    case K::parenthesized_expression: return parameter_flag_truth(t_.first_named(cond), depth + 1);
    case K::not_operator: {
      auto inner = parameter_flag_truth(t_.child(cond, F::argument), depth + 1);
      if (inner) return !*inner;
      return std::nullopt;
    }
    case K::identifier: break;
    default: return std::nullopt;
  }
  const std::string name = text(cond);
  if (!is_parameter(*fn_, name) || (globals_ && globals_->count(name))) return std::nullopt;
  if (fn_->writes_outer < 0) fn_->writes_outer = declares_outer_names(fn_->body) ? 1 : 0;
  if (fn_->writes_outer) return std::nullopt;
  auto it = scope_->vars.find(name);
  if (it == scope_->vars.end() || it->second.alts.empty()) return std::nullopt;
  std::optional<bool> truth;
  for (const Alt& a : it->second.alts) {
    auto t = truth_of(a);
    if (!t || (truth && *t != *truth)) return std::nullopt;
    truth = t;
  }
  return truth;
}

std::string PyInterp::parameter_name(NodeId p) const {
  NodeId n = p;
  K k = t_.kind(p);
  if (k == K::default_parameter || k == K::typed_default_parameter) n = t_.child(p, F::name);
  else if (k == K::typed_parameter) n = t_.first_named(p);
  return n != kNoNode && t_.kind(n) == K::identifier ? text(n) : std::string();
}

bool PyInterp::is_parameter(const FunctionInfo& f, const std::string& name) const {
  if (f.params == kNoNode) return false;
  for (NodeId p = t_.first_named(f.params); p != kNoNode; p = t_.next_named(p))
    if (parameter_name(p) == name) return true;
  return false;
}

bool PyInterp::declares_outer_names(NodeId body) const {
  std::vector<NodeId> todo{body};
  while (!todo.empty()) {
    NodeId n = todo.back();
    todo.pop_back();
    if (n == kNoNode) continue;
    K k = t_.kind(n);
    if (k == K::nonlocal_statement || k == K::global_statement) return true;
    for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c)) todo.push_back(c);
  }
  return false;
}

// A branch that can leave the function (return, raise, sys.exit()): what
// follows the `if` runs only when it was not taken.
bool PyInterp::can_leave(NodeId n, int depth) const {
  if (n == kNoNode || depth > 12) return false;
  switch (t_.kind(n)) {
    case K::return_statement: case K::raise_statement: return true;
    case K::function_definition: case K::class_definition: case K::lambda: return false;
    case K::call: {
      NodeId f = t_.child(n, F::function);
      std::string name = f == kNoNode ? "" : text(f);
      if (name == "exit" || name == "sys.exit" || name == "os._exit" || name == "quit") return true;
      break;
    }
    default: break;
  }
  for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c))
    if (can_leave(c, depth + 1)) return true;
  return false;
}

// Whether a block ends by returning or ending the process at its own level.
bool PyInterp::block_returns(NodeId block) const {
  NodeId last = kNoNode;
  for (NodeId c = t_.first_named(block); c != kNoNode; c = t_.next_named(c))
    if (t_.kind(c) != K::comment) last = c;
  if (last == kNoNode) return false;
  if (t_.kind(last) == K::return_statement) return true;
  if (t_.kind(last) != K::expression_statement) return false;
  NodeId call = t_.first_named(last);
  if (call == kNoNode || t_.kind(call) != K::call) return false;
  std::string_view f = t_.text(t_.child(call, F::function));
  return f == "sys.exit" || f == "exit" || f == "quit" || f == "os._exit";
}

void PyInterp::exec_if(NodeId s) {
  std::vector<std::function<void()>> paths;
  NodeId cond = t_.child(s, F::condition);
  Value decided_by;
  if (cond != kNoNode) decided_by = eval(cond);
  bool conditional = !is_main_guard(cond);
  NodeId cons = t_.child(s, F::consequence);
  // `if system_cache:` in a call that passed False (or left the default)
  // runs only the other way: a flag's two paths are not both this call's.
  auto flag = conditional ? parameter_flag_truth(cond) : std::nullopt;
  // A copy of the program run with a command line known whole (self_copies.hpp)
  // goes the one way a condition known here says (`if args.role == "supervisor"`).
  if (!flag && conditional && ctx_.copy_run && !decided_by.alts.empty()) {
    std::optional<bool> all;
    for (const Alt& a : decided_by.alts) {
      auto t = truth_of(a);
      if (!t || (all && *all != *t)) {
        all.reset();
        break;
      }
      all = t;
    }
    flag = all;
  }
  if (flag && *flag) {
    if (cons != kNoNode) exec_block(cons);
    // (a copy's branch that returns at the function's own level: the rest of it never runs)
    if (ctx_.copy_run && cons != kNoNode && loop_depth_ == 0 && cond_depth_ == 0 && block_returns(cons)) left_ = true;
    return;
  }
  bool leaves = false;
  if (!flag) {
    leaves |= can_leave(cons, 0);
    paths.push_back([this, cons, cond] {
      narrow_by_condition(cond);
      if (cons != kNoNode) exec_block(cons);
    });
  }
  bool has_else = false;
  for (NodeId c = t_[s].first; c != kNoNode; c = t_[c].next) {
    if (t_[c].field != F::alternative) continue;
    if (t_.kind(c) == K::elif_clause) {
      NodeId ec = t_.child(c, F::condition);
      NodeId eb = t_.child(c, F::consequence);
      leaves |= can_leave(eb, 0);
      paths.push_back([this, ec, eb] {
        if (ec != kNoNode) eval(ec);
        if (eb != kNoNode) exec_block(eb);
      });
    } else if (t_.kind(c) == K::else_clause) {
      has_else = true;
      NodeId eb = t_.child(c, F::body);
      leaves |= can_leave(eb, 0);
      paths.push_back([this, eb] {
        if (eb != kNoNode) exec_block(eb);
      });
    }
  }
  if (flag && paths.size() == 1 && has_else) {  // `if flag: ... else: ...` with the flag false
    paths[0]();
    return;
  }
  if (paths.empty()) return;
  if (conditional) ++cond_depth_;
  branches(paths, !has_else);
  if (conditional) --cond_depth_;
  if (conditional && leaves) ++guarded_;
}

// Where `NAME.endswith(".bin")` holds, a name known only at run time ends so
// (files listed and filtered by extension: the spool's *.bin, not its
// status.json); a known text that does not is not NAME there.
void PyInterp::narrow_by_condition(NodeId cond) {
  if (t_.kind(cond) != K::call) return;
  NodeId fn = t_.child(cond, F::function);
  if (t_.kind(fn) != K::attribute) return;
  NodeId obj = t_.child(fn, F::object), attr = t_.child(fn, F::attribute);
  if (t_.kind(obj) != K::identifier || attr == kNoNode) return;
  const bool ends = t_.text(attr) == "endswith";
  if (!ends && t_.text(attr) != "startswith") return;
  NodeId argl = t_.child(cond, F::arguments);
  NodeId lit = argl == kNoNode ? kNoNode : t_.first_named(argl);
  if (lit == kNoNode || t_.next_named(lit) != kNoNode) return;
  if (t_.kind(lit) != K::string && t_.kind(lit) != K::concatenated_string) return;
  const Value literal = eval(lit);
  const Alt* affix = literal.single();
  if (!affix || affix->k != VK::str || affix->s.empty() || is_partial(affix->s)) return;
  const std::string name(t_.text(obj));
  Value v = lookup(name, cond);
  Value out;
  bool any = false;
  const std::vector<Alt> unknown_text{Value::str(std::string(1, kUnknownPart)).alts[0]};
  for (const Alt& a : v.alts.empty() ? unknown_text : v.alts) {
    // text, or a value not known at all (a listed name), which the call shows is text
    if (a.k != VK::str && a.k != VK::unknown) return;
    const std::string s = a.k == VK::str ? a.s : std::string(1, kUnknownPart);
    bool holds = ends ? s.size() >= affix->s.size() && s.compare(s.size() - affix->s.size(), affix->s.size(), affix->s) == 0
                      : s.compare(0, affix->s.size(), affix->s) == 0;
    Value one = Value::str(s);
    if (!holds) {
      if (!is_partial(s)) continue;  // a known text that does not end so is not NAME here
      bool open_end = ends ? s.back() == kUnknownPart : s.front() == kUnknownPart;
      if (!open_end) continue;
      one = Value::str(ends ? s + affix->s : affix->s + s);
    }
    accumulate(out, any, one);
  }
  if (!any) return;
  out.taint = v.taint;
  out.ev = v.ev;
  assign_name(name, std::move(out));
}

void PyInterp::run_loop_body(NodeId body, const std::function<void()>& bind, bool exact) {
  if (exact) {
    bind();
    exec_block(body);
    return;
  }
  std::vector<std::function<void()>> one{[&] {
    bind();
    exec_block(body);
  }};
  branches(one, true);
}

// A `for` over an open collection runs its body for at most this many known
// elements one by one (each pass costs a body's evaluation).
constexpr size_t kKnownOfOpen = 8;

namespace {
// Whether an alternative is data known only at run time, not a collection
// whose known part another path already follows (an open list).
bool run_time_data(const Alt& a) {
  return a.k != VK::list && a.k != VK::tuple && a.k != VK::set && a.k != VK::dict && a.k != VK::none;
}

// The closed lists and tuples among a value's alternatives, and whether
// they are all it may be.
std::vector<const Container*> known_lists(const Value& v, bool& only) {
  std::vector<const Container*> out;
  only = true;
  for (const auto& a : v.alts) {
    if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open) out.push_back(a.c.get());
    else only = false;
  }
  return out;
}

// One of a few short known lists (groups = [RUNTIME] or [RUNTIME, DEV];
// one dict's items of several a key picks): their elements, each as itself.
// `beside_unknown`: also a known list beside what is known only at run time
// (a built-in profile's plugins, or those of a profile file the user names).
std::vector<Value> elements_of_few_lists(const Value& v, bool beside_unknown) {
  bool only = true;
  std::vector<const Container*> lists = known_lists(v, only);
  std::vector<Value> out;
  if (!only && (!beside_unknown || !std::all_of(v.alts.begin(), v.alts.end(), [](const Alt& a) {
                  return run_time_data(a) || ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open);
                })))
    return out;
  if (lists.size() < (only ? 2u : 1u) || lists.size() > 4) return out;
  for (const Container* l : lists)
    if (l->items.size() > kKnownOfOpen) return {};
  for (const Container* l : lists) out.insert(out.end(), l->items.begin(), l->items.end());
  return out;
}
}  // namespace

void PyInterp::exec_for(NodeId s) {
  NodeId left = t_.child(s, F::left);
  NodeId right = t_.child(s, F::right);
  NodeId body = t_.child(s, F::body);
  Value it = right == kNoNode ? Value() : eval(right);
  std::vector<Value> items;
  Value summary = iterate(it, &items);
  ++loop_depth_;
  bool over_data = items.empty();
  if (over_data) ++data_loop_;
  bool cheap = ctx_.budget.left() < ctx_.budget_half;
  if (!items.empty() && !cheap && body != kNoNode) {
    for (auto& x : items) {
      if (stop_) break;
      run_loop_body(body, [&] { assign(left, x); }, true);
    }
  } else if (body != kNoNode) {
    // An open collection's few known elements first, each as itself (a
    // dict's known keys keep their own values), then the rest. Its known
    // end too (patterns.extend(PROFILE) after extends of unknown lists): each
    // of those as itself, not only as one of the rest's alternatives.
    if (const Container* oc = cheap ? nullptr : open_list(it)) {
      if (oc->items.size() <= kKnownOfOpen)
        for (const auto& x : oc->items) {
          if (stop_) break;
          run_loop_body(body, [&] { assign(left, x); }, true);
        }
      for (const auto& x : oc->tail) {
        if (stop_) break;
        run_loop_body(body, [&] { assign(left, x); }, false);
      }
    }
    // One of a few known lists (or a known list beside data known only at
    // run time): each element of each as itself, on a path that may not run.
    if (!cheap)
      for (const auto& x : elements_of_few_lists(it, true)) {
        if (stop_) break;
        run_loop_body(body, [&] { assign(left, x); }, false);
      }
    for (int pass = 0; pass < (cheap || loop_depth_ > 2 ? 1 : 2) && !stop_; ++pass)
      run_loop_body(body, [&] { assign(left, summary); }, false);
  }
  if (over_data) --data_loop_;
  --loop_depth_;
  for (NodeId c = t_[s].first; c != kNoNode; c = t_[c].next)
    if (t_.kind(c) == K::else_clause) {
      NodeId eb = t_.child(c, F::body);
      if (eb != kNoNode) exec_block(eb);
    }
}

// A loop body that waits for something (a connection, data, a queue item, a
// timer, a thread): a server's thread per connection, not a thread bomb.
bool PyInterp::body_waits(NodeId n, int depth) const {
  if (n == kNoNode || depth > 12) return false;
  K k = t_.kind(n);
  if (k == K::function_definition || k == K::class_definition || k == K::lambda) return false;
  // a pause in an exception handler is a retry's back-off: it runs only when
  // the work failed (`except OSError: time.sleep(0.01)` around a fork)
  if (k == K::except_clause || k == K::except_group_clause) return false;
  if (k == K::await) return true;
  if (k == K::call) {
    NodeId f = t_.child(n, F::function);
    std::string name = f == kNoNode ? "" : text(f);
    name = name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
    static const char* const waits[] = {"accept", "recv", "recvfrom", "recv_into", "get", "sleep", "wait", "join",
                                        "select", "poll", "read", "readline", "input", "handle_request", "result",
                                        "communicate", "acquire", "serve_forever", "getch", "listen"};
    for (const char* w : waits)
      if (name == w) return true;
  }
  for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c))
    if (body_waits(c, depth + 1)) return true;
  return false;
}

// `while self._may_grow(depth):` where a cap of 0 means no cap: a condition
// that stays true with every name the body assigns unknown is as endless as
// `while True`. A body that sets an attribute may change what the condition
// reads (self.running = False): such a loop is not judged.
bool PyInterp::true_whatever_the_body_sets(NodeId cond, const Value& first, NodeId body) {
  auto all_true = [](const Value& v) {
    return !v.alts.empty() && std::all_of(v.alts.begin(), v.alts.end(), [](const Alt& a) {
      auto t = truth_of(a);
      return t && *t;
    });
  };
  if (!all_true(first)) return false;
  std::vector<std::string> names;
  std::vector<NodeId> stack{body};
  for (size_t guard = 0; !stack.empty() && ++guard < 100000;) {
    NodeId n = stack.back();
    stack.pop_back();
    const K k = t_.kind(n);
    if (n != body && (k == K::function_definition || k == K::class_definition || k == K::lambda)) continue;
    NodeId target = k == K::assignment || k == K::augmented_assignment ? t_.child(n, F::left)
                    : k == K::for_statement                             ? t_.child(n, F::left)
                    : k == K::named_expression                          ? t_.child(n, F::name)
                                                                        : kNoNode;
    if (target != kNoNode) {
      std::vector<NodeId> parts{target};
      while (!parts.empty()) {
        NodeId p = parts.back();
        parts.pop_back();
        const K pk = t_.kind(p);
        if (pk == K::identifier) names.emplace_back(t_.text(p));
        else if (pk == K::attribute || pk == K::subscript) return false;
        else
          for (NodeId c = t_.first_named(p); c != kNoNode; c = t_.next_named(c)) parts.push_back(c);
      }
    }
    for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next)
      if (t_[c].named) stack.push_back(c);
  }
  if (names.empty()) return false;  // nothing changes: the first value is the answer, but no loop is that plain
  std::vector<std::pair<Scope*, std::optional<Value>>> saved;
  for (const auto& name : names) {
    Scope* scope = (globals_ && globals_->count(name)) ? module_.get() : scope_.get();
    auto it = scope->vars.find(name);
    saved.emplace_back(scope, it == scope->vars.end() ? std::nullopt : std::optional<Value>(it->second));
    scope->vars[name] = Value();
  }
  const bool still = all_true(eval(cond));
  for (size_t i = saved.size(); i-- > 0;) {
    auto& [scope, old] = saved[i];
    if (old) scope->vars[names[i]] = std::move(*old);
    else scope->vars.erase(names[i]);
  }
  return still;
}

void PyInterp::exec_while(NodeId s) {
  NodeId cond = t_.child(s, F::condition);
  NodeId body = t_.child(s, F::body);
  bool infinite = false;
  if (cond != kNoNode) {
    Value c = eval(cond);
    std::string_view ct = t_.text(cond);
    infinite = body != kNoNode && !body_can_exit(t_, body) &&
               (ct == "True" || ct == "1" || ct == "not False" || true_whatever_the_body_sets(cond, c, body));
  }
  ++loop_depth_;
  if (infinite) ++infinite_loop_;
  bool unthrottled = infinite && !body_waits(body, 0);
  if (unthrottled) ++unthrottled_;
  bool cheap = ctx_.budget.left() < ctx_.budget_half;
  if (body != kNoNode)
    for (int pass = 0; pass < (cheap || loop_depth_ > 2 ? 1 : 2) && !stop_; ++pass)
      run_loop_body(body, [&] {
        if (cond != kNoNode && pass) eval(cond);
      }, false);
  if (infinite) --infinite_loop_;
  if (unthrottled) --unthrottled_;
  --loop_depth_;
  for (NodeId c = t_[s].first; c != kNoNode; c = t_[c].next)
    if (t_.kind(c) == K::else_clause) {
      NodeId eb = t_.child(c, F::body);
      if (eb != kNoNode) exec_block(eb);
    }
}

void PyInterp::exec_try(NodeId s) {
  NodeId body = t_.child(s, F::body);
  if (body != kNoNode) exec_block(body);
  std::vector<std::function<void()>> handlers;
  std::vector<NodeId> tail;
  for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
    K k = t_.kind(c);
    if (k == K::except_clause || k == K::except_group_clause) {
      handlers.push_back([this, c] {
        for (NodeId x = t_.first_named(c); x != kNoNode; x = t_.next_named(x)) {
          if (t_.kind(x) == K::block) exec_block(x);
          else if (t_.kind(x) == K::as_pattern) {
            NodeId alias = t_.child(x, F::alias);
            NodeId target = alias == kNoNode ? kNoNode : t_.first_named(alias);
            if (target != kNoNode) assign(target, Value::tainted(raised_.taint, raised_.ev));
          }
        }
      });
    } else if (k == K::else_clause || k == K::finally_clause) {
      tail.push_back(c);
    }
  }
  if (!handlers.empty()) branches(handlers, true);
  for (NodeId c : tail)
    for (NodeId x = t_.first_named(c); x != kNoNode; x = t_.next_named(x))
      if (t_.kind(x) == K::block) exec_block(x);
}

void PyInterp::exec_with(NodeId s) {
  for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
    if (t_.kind(c) == K::with_clause) {
      for (NodeId item = t_.first_named(c); item != kNoNode; item = t_.next_named(item)) {
        NodeId v = t_.child(item, F::value);
        if (v == kNoNode) v = t_.first_named(item);
        if (v == kNoNode) continue;
        if (t_.kind(v) == K::as_pattern) {
          NodeId expr = t_.first_named(v);
          NodeId alias = t_.child(v, F::alias);
          Value val = eval(expr);
          // __enter__ of library objects returns the object itself.
          Value entered;
          bool any = false;
          for (const auto& a : val.alts) {
            if (a.k == VK::list && a.c && a.s == kGeneratorType) {
              // A generator (no list is a context manager): contextlib's
              // contextmanager enters with what it yields.
              if (any) entered.join(a.c->summary());
              else entered = a.c->summary();
              any = true;
              continue;
            }
            Args none;
            if (auto r = call_own_method(a, "__enter__", none, v)) {
              if (any) entered.join(*r);
              else entered = std::move(*r);
              any = true;
              continue;
            }
            Value one;
            one.alts.push_back(a);
            one.taint = val.taint;
            one.ev = val.ev;
            if (any) entered.join(one);
            else entered = one;
            any = true;
          }
          if (!any) entered = val;
          NodeId target = alias == kNoNode ? kNoNode : t_.first_named(alias);
          if (target != kNoNode) assign(target, entered);
        } else {
          eval(v);
        }
      }
    } else if (t_.kind(c) == K::block) {
      exec_block(c);
    }
  }
}

void PyInterp::exec_match(NodeId s) {
  NodeId subject = t_.first_named(s);
  if (subject != kNoNode) eval(subject);
  std::vector<std::function<void()>> paths;
  std::vector<NodeId> cases;
  std::vector<NodeId> stack{s};
  // case clauses sit in the match statement's body block
  for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
    if (t_.kind(c) == K::case_clause) cases.push_back(c);
    else if (t_.kind(c) == K::block)
      for (NodeId x = t_.first_named(c); x != kNoNode; x = t_.next_named(x))
        if (t_.kind(x) == K::case_clause) cases.push_back(x);
  }
  for (NodeId c : cases)
    paths.push_back([this, c] {
      for (NodeId x = t_.first_named(c); x != kNoNode; x = t_.next_named(x))
        if (t_.kind(x) == K::block) exec_block(x);
    });
  branches(paths, true);
}

void PyInterp::assign_name(const std::string& name, Value v) {
  Scope* scope = (globals_ && globals_->count(name)) ? module_.get() : scope_.get();
  if (!logs_.empty()) {
    Log& log = logs_.back();
    std::string key = std::to_string(reinterpret_cast<uintptr_t>(scope)) + "/" + name;
    if (log.touched.insert(key).second) {
      auto it = scope->vars.find(name);
      if (it == scope->vars.end()) log.old.emplace_back(scope, name, false, Value());
      else log.old.emplace_back(scope, name, true, it->second);
    }
  }
  note_host_names(name, v);
  scope->vars[name] = std::move(v);
}

// A name's or attribute's constant texts, and a constant list's, that name
// hosts: where a key goes is judged by the name too (key_destination.hpp).
void PyInterp::note_host_names(const std::string& name, const Value& v) {
  auto note = [&](const Value& x) {
    for (const auto& a : x.alts)
      if (a.k == VK::str && a.s.size() >= 4 && a.s.find('.') != std::string::npos) assess::note_host_names(ctx_.log, name, a.s);
  };
  note(v);
  for (const auto& a : v.alts)
    if ((a.k == VK::list || a.k == VK::tuple) && a.c)
      for (const auto& item : a.c->items) note(item);
}

void PyInterp::assign_attribute(const Value& o, const std::string& name, const Value& v, NodeId target) {
  note_host_names(name, v);
  for (const auto& a : o.alts) {
    if (a.k == VK::instance) {
      store_instance_attr(a, name, v);
    } else if (a.k == VK::cls) {
      auto* cls = static_cast<ClassInfo*>(const_cast<void*>(a.fn));
      cls->scope->vars[name] = v;
    } else if (a.k == VK::object || a.k == VK::module || a.k == VK::libfunc) {
      // Setting a library attribute (ctx.check_hostname = False): "T.attr=" in the model.
      std::string q = a.k == VK::object ? a.s : a.s;
      const ApiSpec* spec = a.k == VK::object ? ctx_.lib.method(a.s, name + "=") : ctx_.lib.api(q + "." + name + "=");
      // "T.*=": setting any attribute does it (prctl.cap_effective.net_admin = True).
      if (!spec) spec = a.k == VK::object ? ctx_.lib.method(a.s, "*=") : ctx_.lib.api(q + ".*=");
      if (spec) {
        Args args;
        args.kw.emplace_back("value", v);
        Value self;
        self.alts.push_back(a);
        apply_spec(*spec, spec->name, &self, args, target);
      }
    }
  }
}

void PyInterp::assign(NodeId target, const Value& v) {
  if (target == kNoNode || stop_) return;
  switch (t_.kind(target)) {
    case K::identifier: assign_name(text(target), v); break;
    case K::attribute: {
      NodeId obj = t_.child(target, F::object);
      NodeId attr = t_.child(target, F::attribute);
      if (obj == kNoNode || attr == kNoNode) break;
      assign_attribute(eval(obj), text(attr), v, target);
      break;
    }
    case K::subscript: {
      NodeId obj = t_.child(target, F::value);
      NodeId key = t_.child(target, F::subscript);
      Value o = eval(obj);
      Value k = key == kNoNode ? Value() : eval(key);
      for (const auto& a : o.alts) {
        if (a.k == VK::dict && a.c) {
          a.c->store(k, v, /*keep_old=*/!logs_.empty());
        } else if (a.k == VK::list && a.c) {
          a.c->add_unknown(v);
        } else if (a.k == VK::object || a.k == VK::libfunc || a.k == VK::module) {
          std::string base = a.s;
          const ApiSpec* spec = a.k == VK::object ? ctx_.lib.method(a.s, "[]=") : ctx_.lib.api(base + "[]=");
          if (spec) {
            Args args;
            args.kw.emplace_back("key", k);
            args.kw.emplace_back("value", v);
            Value self;
            self.alts.push_back(a);
            apply_spec(*spec, spec->name, &self, args, target);
          } else if (a.k == VK::object && a.c) {
            // app["settings"] = settings: a mapping-like object keeps its items.
            a.c->store(k, v, /*keep_old=*/!logs_.empty());
          }
        }
      }
      // buf[i] = x into a name (a bytearray, a buffer): the name now holds
      // what was stored, as a whole (an XOR loop filling an output buffer).
      if (v.taint && t_.kind(obj) == K::identifier && (o.taint | v.taint) != o.taint) {
        Value updated = o;
        updated.taint |= v.taint;
        if (updated.ev < 0) updated.ev = v.ev;
        assign_name(std::string(t_.text(obj)), std::move(updated));
      }
      break;
    }
    case K::pattern_list: case K::tuple_pattern: case K::list_pattern: case K::tuple: case K::list:
    case K::expression_list: {
      std::vector<NodeId> targets;
      for (NodeId c = t_.first_named(target); c != kNoNode; c = t_.next_named(c))
        if (t_.kind(c) != K::comment) targets.push_back(c);
      // Per alternative: element-wise when its length is known.
      std::vector<Value> out(targets.size());
      std::vector<bool> set(targets.size(), false);
      auto put = [&](size_t i, const Value& x) {
        if (!set[i]) out[i] = x;
        else out[i].join(x);
        set[i] = true;
      };
      bool any = false;
      // What the items themselves carry, when every alternative is taken
      // element-wise: only the rest of the whole's taint (a container's own)
      // goes to every target, so `name, token = (name, token)` keeps the
      // name free of the token.
      uint32_t carried = 0;
      bool all_element_wise = true;
      for (const auto& a : v.alts) {
        if ((a.k == VK::tuple || a.k == VK::list) && a.c && !a.c->open) {
          const auto& items = a.c->items;
          for (const auto& x : items) carried |= x.taint;
          size_t star = targets.size();
          for (size_t i = 0; i < targets.size(); ++i)
            if (t_.kind(targets[i]) == K::list_splat_pattern) star = i;
          if (star == targets.size() && items.size() == targets.size()) {
            for (size_t i = 0; i < targets.size(); ++i) put(i, items[i]);
            any = true;
            continue;
          }
          if (star < targets.size() && items.size() + 1 >= targets.size()) {
            size_t after = targets.size() - star - 1;
            for (size_t i = 0; i < star; ++i) put(i, items[i]);
            std::vector<Value> mid(items.begin() + static_cast<long>(star),
                                   items.end() - static_cast<long>(after));
            put(star, make_list(mid));
            for (size_t i = 0; i < after; ++i) put(star + 1 + i, items[items.size() - after + i]);
            any = true;
            continue;
          }
        }
        all_element_wise = false;
        Value one;
        one.alts.push_back(a);
        Value e = iterate(one, nullptr);
        e.taint |= v.taint;
        if (e.ev < 0) e.ev = v.ev;
        for (size_t i = 0; i < targets.size(); ++i) put(i, e);
        any = true;
      }
      if (!any) {
        all_element_wise = false;
        Value e = Value::tainted(v.taint, v.ev);
        for (size_t i = 0; i < targets.size(); ++i) put(i, e);
      }
      const uint32_t whole = all_element_wise ? v.taint & ~carried : v.taint;
      for (size_t i = 0; i < targets.size(); ++i) {
        NodeId tg = targets[i];
        if (t_.kind(tg) == K::list_splat_pattern) tg = t_.first_named(tg);
        out[i].taint |= whole;
        if (out[i].ev < 0) out[i].ev = v.ev;
        assign(tg, out[i]);
      }
      break;
    }
    case K::parenthesized_expression: assign(t_.first_named(target), v); break;
    case K::list_splat_pattern: assign(t_.first_named(target), v); break;
    default: break;
  }
}

// ---------------------------------------------------------------- imports

void PyInterp::exec_import(NodeId s) {
  for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
    if (t_.kind(c) == K::dotted_name) {
      std::string name = text(c);
      import_effects(name, c);
      std::string top = name.substr(0, name.find('.'));
      assign_name(top, Value::module(ctx_.lib.canonical_module(top)));
    } else if (t_.kind(c) == K::aliased_import) {
      NodeId n = t_.child(c, F::name);
      NodeId alias = t_.child(c, F::alias);
      if (n == kNoNode || alias == kNoNode) continue;
      std::string name = text(n);
      import_effects(name, n);
      assign_name(text(alias), Value::module(ctx_.lib.canonical_module(name)));
    }
  }
}

void PyInterp::exec_import_from(NodeId s) {
  NodeId mod = t_.child(s, F::module_name);
  if (mod == kNoNode) return;
  std::string module = text(mod);
  bool relative = t_.kind(mod) == K::relative_import;
  if (!relative) import_effects(module, mod);
  std::string canon = relative ? module : ctx_.lib.canonical_module(module);
  for (NodeId c = t_.first_named(s); c != kNoNode; c = t_.next_named(c)) {
    if (c == mod) continue;
    if (t_.kind(c) == K::wildcard_import) {
      if (!relative) scope_->star_modules.push_back(canon);
      continue;
    }
    NodeId n = c, alias = kNoNode;
    if (t_.kind(c) == K::aliased_import) {
      n = t_.child(c, F::name);
      alias = t_.child(c, F::alias);
    }
    if (n == kNoNode || (t_.kind(n) != K::dotted_name && t_.kind(n) != K::identifier)) continue;
    std::string name = text(n);
    std::string bind = alias == kNoNode ? name : text(alias);
    // A name from the project's own module (from .utils import run) is that
    // module's function, which the model does not know by name (".utils.run").
    Value v = attribute_of(Value::module(canon), name, n);
    assign_name(bind, v);
  }
}

// ---------------------------------------------------------------- definitions

PyInterp::FunctionInfo* PyInterp::reused_function(NodeId def) {
  if (functions_.size() < kMaxDefinitions) return nullptr;
  auto it = last_function_.find(def);
  if (it == last_function_.end()) return nullptr;
  ctx_.mark_incomplete("the code is too large to analyse fully");
  return it->second;
}

PyInterp::ClassInfo* PyInterp::reused_class(NodeId def) {
  if (classes_.size() < kMaxDefinitions) return nullptr;
  auto it = last_class_.find(def);
  if (it == last_class_.end()) return nullptr;
  ctx_.mark_incomplete("the code is too large to analyse fully");
  return it->second;
}

namespace {

template <typename Info>
Value definition_value(VK kind, Info* info) {
  Value v;
  Alt a;
  a.k = kind;
  a.fn = info;
  v.alts.push_back(a);
  return v;
}

}  // namespace

void PyInterp::exec_def(NodeId s, NodeId decorated) {
  NodeId name = t_.child(s, F::name);
  if (FunctionInfo* old = reused_function(s)) {
    if (name != kNoNode) assign_name(old->name, definition_value(VK::function, old));
    return;
  }
  functions_.emplace_back();
  FunctionInfo& f = functions_.back();
  last_function_[s] = &f;
  if (decorated != kNoNode)
    for (NodeId c = t_.first_named(decorated); c != kNoNode; c = t_.next_named(c))
      if (t_.kind(c) == K::decorator) {
        std::string_view d = t_.text(c);
        if (d == "@property" || d.find("cached_property") != std::string_view::npos) f.property = true;
        if (d == "@staticmethod") f.static_method = true;
        if (d == "@classmethod") f.class_method = true;
        // @app.route("/run/<cmd>"), @app.get(...), @router.post(...): the
        // parameters come from the request (URL variables, FastAPI's query).
        static const RE2 route(R"(^@\w[\w.]*\.(route|get|post|put|patch|delete|api_route|websocket|register_function)\b)");
        if (RE2::PartialMatch(re2::StringPiece(d.data(), d.size()), route)) f.route = true;
        // @task / @task(...) of Fabric 2 or invoke: the runner calls it with a
        // context whose run/sudo are this code's commands.
        NodeId target = t_.first_named(c);
        if (target != kNoNode && t_.kind(target) == K::call) target = t_.child(target, F::function);
        if (target == kNoNode || (t_.kind(target) != K::attribute && t_.kind(target) != K::identifier)) continue;
        for (const auto& a : eval(target).alts)
          if (a.k == VK::libfunc || a.k == VK::module) {
            if (a.s == "fabric.task" || a.s == "fabric.tasks.task") f.task_context = "fabric.Connection";
            if (a.s == "invoke.task" || a.s == "invoke.tasks.task") f.task_context = "invoke.Context";
            // @bot.message_handler(...), @client.event: the library calls it with what it received.
            f.handler_taint |= handler_taint(a);
          }
      }
  f.def = s;
  f.params = t_.child(s, F::parameters);
  f.body = t_.child(s, F::body);
  f.name = name == kNoNode ? "" : text(name);
  f.closure = scope_;
  f.owner = cls_body_;
  // A WSGI application is called by the server with (environ, start_response).
  if (f.params != kNoNode) {
    std::string_view ps = t_.text(f.params);
    f.wsgi = ps.find("environ") != std::string_view::npos && ps.find("start_response") != std::string_view::npos;
  }
  fn_by_node_[s] = &f;
  // Defaults are evaluated where the function is defined.
  if (f.params != kNoNode)
    for (NodeId p = t_.first_named(f.params); p != kNoNode; p = t_.next_named(p)) {
      K k = t_.kind(p);
      if (k == K::default_parameter || k == K::typed_default_parameter) {
        NodeId pn = t_.child(p, F::name);
        NodeId pv = t_.child(p, F::value);
        if (pn != kNoNode && pv != kNoNode) f.defaults.emplace_back(text(pn), eval(pv));
      }
    }
  Value v;
  Alt a;
  a.k = VK::function;
  a.fn = &f;
  v.alts.push_back(a);
  if (name != kNoNode) assign_name(f.name, v);
}

Value PyInterp::eval_lambda(NodeId e) {
  if (FunctionInfo* old = reused_function(e)) return definition_value(VK::function, old);
  functions_.emplace_back();
  FunctionInfo& f = functions_.back();
  last_function_[e] = &f;
  f.def = e;
  f.params = t_.child(e, F::parameters);
  f.body = t_.child(e, F::body);
  f.lambda = true;
  f.name = "<lambda>";
  f.closure = scope_;
  if (f.params != kNoNode)
    for (NodeId p = t_.first_named(f.params); p != kNoNode; p = t_.next_named(p))
      if (t_.kind(p) == K::default_parameter) {
        NodeId pn = t_.child(p, F::name);
        NodeId pv = t_.child(p, F::value);
        if (pn != kNoNode && pv != kNoNode) f.defaults.emplace_back(text(pn), eval(pv));
      }
  Value v;
  Alt a;
  a.k = VK::function;
  a.fn = &f;
  v.alts.push_back(a);
  return v;
}

void PyInterp::exec_class(NodeId s) {
  NodeId name = t_.child(s, F::name);
  if (ClassInfo* old = reused_class(s)) {
    if (name != kNoNode) assign_name(old->name, definition_value(VK::cls, old));
    return;
  }
  classes_.emplace_back();
  ClassInfo& c = classes_.back();
  last_class_[s] = &c;
  c.def = s;
  c.name = name == kNoNode ? "" : text(name);
  c.scope = std::make_shared<Scope>();
  c.scope->parent = scope_;
  NodeId supers = t_.child(s, F::superclasses);
  if (supers != kNoNode)
    for (NodeId b = t_.first_named(supers); b != kNoNode; b = t_.next_named(b)) {
      if (t_.kind(b) != K::keyword_argument) {
        c.bases.push_back(eval(b));
      } else if (NodeId kn = t_.child(b, F::name); kn != kNoNode && t_.text(kn) == "metaclass") {
        if (NodeId kv = t_.child(b, F::value); kv != kNoNode) c.metaclass = eval(kv);
      }
    }
  for (const auto& b : c.bases)
    for (const auto& ba : b.alts)
      if (ba.k == VK::cls && c.metaclass.unknown())
        c.metaclass = static_cast<const ClassInfo*>(ba.fn)->metaclass;
  NodeId body = t_.child(s, F::body);
  // `name: type` and `name: type = default` in the body: the fields a generated
  // constructor takes (dataclass, NamedTuple, attrs, pydantic), in order.
  if (body != kNoNode)
    for (NodeId st = t_.first_named(body); st != kNoNode; st = t_.next_named(st)) {
      if (t_.kind(st) != K::expression_statement) continue;
      NodeId as = t_.first_named(st);
      if (as == kNoNode || t_.kind(as) != K::assignment || t_.child(as, F::type) == kNoNode) continue;
      NodeId left = t_.child(as, F::left);
      if (left != kNoNode && t_.kind(left) == K::identifier) {
        c.fields.push_back(text(left));
        NodeId right = t_.child(as, F::right);
        if (right != kNoNode && t_.text(right).find("repr=False") != std::string_view::npos)
          c.repr_hidden.push_back(text(left));
      }
    }
  if (body != kNoNode) {
    auto saved_scope = scope_;
    auto* saved_cls = cls_body_;
    auto saved_logs = std::move(logs_);
    logs_.clear();
    scope_ = c.scope;
    cls_body_ = &c;
    exec_block(body);
    scope_ = saved_scope;
    cls_body_ = saved_cls;
    logs_ = std::move(saved_logs);
  }
  // Methods a library base class calls with what it received (dataReceived of
  // a twisted Protocol, data_received of an asyncio one).
  for (auto& [mname, mv] : c.scope->vars)
    for (auto& m : mv.alts)
      if (m.k == VK::function)
        for (const auto& b : c.bases)
          for (const auto& ba : b.alts)
            if (ba.k == VK::libfunc || ba.k == VK::module)
              static_cast<FunctionInfo*>(const_cast<void*>(m.fn))->handler_taint |= handler_taint(ba, mname);
  Value v;
  Alt a;
  a.k = VK::cls;
  a.fn = &c;
  v.alts.push_back(a);
  if (name != kNoNode) assign_name(c.name, v);
  // A user metaclass's __new__ and __init__ run with the new class (name,
  // bases, namespace), as does a base's __init_subclass__: plugin registries
  // filled as their classes are defined.
  for (const auto& ma : c.metaclass.alts)
    if (ma.k == VK::cls)
      for (const char* hook : {"__new__", "__init__"})
        for (const auto& m : find_method(*static_cast<ClassInfo*>(const_cast<void*>(ma.fn)), hook).alts)
          if (m.k == VK::function) {
            Args made;
            made.pos = {Value::str(c.name), make_list(c.bases, VK::tuple), make_dict()};
            if (std::string(hook) == "__new__") {  // (metaclass, name, bases, namespace)
              Value meta;
              meta.alts.push_back(ma);
              made.pos.insert(made.pos.begin(), meta);
            }
            call_function(*static_cast<FunctionInfo*>(const_cast<void*>(m.fn)), made,
                          std::string(hook) == "__new__" ? nullptr : &v, s);
          }
  for (const auto& b : c.bases)
    for (const auto& ba : b.alts)
      if (ba.k == VK::cls)
        for (const auto& m : find_method(*static_cast<ClassInfo*>(const_cast<void*>(ba.fn)), "__init_subclass__").alts)
          if (m.k == VK::function) {
            Args none;
            call_function(*static_cast<FunctionInfo*>(const_cast<void*>(m.fn)), none, &v, s);
          }
}

// ---------------------------------------------------------------- expressions

Value PyInterp::eval(NodeId e) {
  if (e == kNoNode || stop_) return Value();
  if (!ctx_.budget.spend()) {
    stop_ = true;
    ctx_.mark_incomplete("the code is too large to analyse fully");
    return Value();
  }
  if (ctx_.depth > ctx_.depth_allowance && !in_fallback_ && ctx_.depth_allowance == Ctx::kMaxDepth) {
    // Too deep to follow: still evaluate the calls inside (a bounded number,
    // each with its own allowance of depth), so nesting hides nothing.
    ctx_.mark_incomplete("the code is nested too deeply to analyse fully");
    in_fallback_ = true;
    std::vector<NodeId> stack{e}, calls;
    size_t visited = 0;
    while (!stack.empty() && calls.size() < 64 && ++visited < 200000) {
      NodeId n = stack.back();
      stack.pop_back();
      if (t_.kind(n) == K::call) calls.push_back(n);
      for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next) stack.push_back(c);
    }
    ctx_.depth_allowance = 2 * Ctx::kMaxDepth;
    for (NodeId c : calls) eval_call(c);
    ctx_.depth_allowance = Ctx::kMaxDepth;
    in_fallback_ = false;
    return Value();
  }
  if (ctx_.depth > ctx_.depth_allowance) return Value();
  ++ctx_.depth;
  Value v = eval_inner(e);
  --ctx_.depth;
  return v;
}

Value PyInterp::eval_inner(NodeId e) {
  switch (t_.kind(e)) {
    case K::identifier: return lookup(fold_identifier(t_.text(e)), e);
    case K::string: return eval_string(e);
    case K::concatenated_string: return eval_concat(e);
    case K::integer: {
      auto v = parse_int_literal(t_.text(e));
      return v ? Value::integer(*v) : Value();
    }
    case K::float_: {
      Value v;
      Alt a;
      a.k = VK::floating;
      v.alts.push_back(a);
      return v;
    }
    case K::true_: return Value::boolean(true);
    case K::false_: return Value::boolean(false);
    case K::none: return Value::none();
    case K::ellipsis: return Value();
    case K::parenthesized_expression: {
      NodeId c = t_.first_named(e);
      while (c != kNoNode && t_.kind(c) == K::comment) c = t_.next_named(c);
      return eval(c);
    }
    case K::list: case K::tuple: case K::set: case K::expression_list: return eval_display(e);
    case K::dictionary: {
      Value v = make_dict();
      auto& c = *v.alts[0].c;
      for (NodeId p = t_.first_named(e); p != kNoNode; p = t_.next_named(p)) {
        if (t_.kind(p) == K::pair) {
          Value k = eval(t_.child(p, F::key));
          Value val = eval(t_.child(p, F::value));
          v.taint |= val.taint;
          if (v.ev < 0) v.ev = val.ev;
          const Alt* ks = k.single();
          if (ks && (ks->k == VK::str || ks->k == VK::integer) && !is_partial(ks->s))
            c.set_key(ks->k == VK::str ? ks->s : std::to_string(ks->i), val);
          else
            c.store(k, val);
        } else if (t_.kind(p) == K::dictionary_splat) {
          Value inner = eval(t_.first_named(p));
          v.taint |= inner.taint;
          if (v.ev < 0) v.ev = inner.ev;
          bool merged = false;
          if (const Alt* a = inner.single())
            if (a->k == VK::dict && a->c) {
              for (const auto& kv : a->c->keyed) c.set_key(kv.first, kv.second);
              if (a->c->open) {
                c.open = true;
                c.rest.join(a->c->rest);
                c.rest_keys.join(a->c->rest_keys);
              }
              merged = true;
            }
          if (!merged) {
            c.open = true;
            c.rest.join(inner);
          }
        }
      }
      return v;
    }
    case K::attribute: return eval_attribute(e);
    case K::subscript: return eval_subscript(e);
    case K::call: return eval_call(e);
    case K::binary_operator: return eval_binary(e);
    case K::unary_operator: {
      NodeId arg = t_.child(e, F::argument);
      Value v = eval(arg);
      NodeId op = t_.child(e, F::operator_);
      std::string o = op == kNoNode ? "" : text(op);
      Value out;
      bool any = false;
      for (const auto& a : v.alts) {
        Value r = a.k == VK::integer ? Value::integer(o == "-" ? -a.i : o == "~" ? ~a.i : a.i) : Value();
        if (!any) out = r;
        else out.join(r);
        any = true;
      }
      if (v.alts.empty()) out = Value();
      out.taint = v.taint;
      out.ev = v.ev;
      return out;
    }
    case K::not_operator: {
      // Each alternative whose truth is known, negated (`autoescape: not
      // html_templates` with the parameter's default True is False); the
      // rest unknown.
      Value v = eval(t_.child(e, F::argument));
      Value b;
      bool any = false;
      for (const Alt& a : v.alts) {
        auto t = truth_of(a);
        accumulate(b, any, t ? Value::boolean(!*t) : Value());
      }
      return any ? b : Value();
    }
    case K::boolean_operator: {
      Value l = eval(t_.child(e, F::left));
      Value r = eval(t_.child(e, F::right));
      NodeId op = t_.child(e, F::operator_);
      return short_circuit(std::move(l), r, op != kNoNode && text(op) == "and");
    }
    case K::comparison_operator: {
      // plumbum's `cmd > "file"` / `cmd < "file"` is a redirection, not a comparison
      NodeId l = t_.first_named(e), r = l == kNoNode ? kNoNode : t_.next_named(l);
      if (r != kNoNode && t_.next_named(r) == kNoNode) {
        for (NodeId c = t_[l].next; c != kNoNode && c != r; c = t_[c].next) {
          std::string o = text(c);
          if (o != ">" && o != "<") continue;
          Value lv = eval(l), rv = eval(r);
          if (auto cmd = plumbum_operator(o, lv, rv, e)) return *cmd;
          return Value();
        }
      }
      if (r != kNoNode && t_.next_named(r) == kNoNode) {
        std::string op;
        for (NodeId c = t_[l].next; c != kNoNode && c != r; c = t_[c].next)
          for (char ch : text(c))
            if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\\') op += ch;
        if (op == "notin") op = "not in";
        if (op == "isnot") op = "is not";
        Value lv = eval(l), rv = eval(r);
        return compare_values(op, lv, rv);
      }
      for (NodeId c = t_.first_named(e); c != kNoNode; c = t_.next_named(c)) eval(c);
      return Value();
    }
    case K::conditional_expression: {
      // body if condition else alternative (three named children)
      std::vector<NodeId> parts;
      for (NodeId c = t_.first_named(e); c != kNoNode; c = t_.next_named(c))
        if (t_.kind(c) != K::comment) parts.push_back(c);
      if (parts.size() < 3) {
        Value v;
        for (NodeId p : parts) v.join(eval(p));
        return v;
      }
      Value a = eval(parts[0]);
      eval(parts[1]);
      Value b = eval(parts[2]);
      a.join(b);
      return a;
    }
    case K::lambda: return eval_lambda(e);
    case K::list_comprehension: case K::set_comprehension: case K::generator_expression:
    case K::dictionary_comprehension:
      return eval_comprehension(e);
    case K::named_expression: {
      NodeId name = t_.child(e, F::name);
      Value v = eval(t_.child(e, F::value));
      if (name != kNoNode) assign(name, v);
      return v;
    }
    case K::await: return eval(t_.first_named(e));
    case K::yield: {
      NodeId c = t_.first_named(e);
      Value v = c == kNoNode ? Value::none() : eval(c);
      const bool from = c != kNoNode && t_.text(e).substr(0, 10).find("from") != std::string_view::npos;
      std::vector<Value> items{v};
      if (from) {
        items.clear();
        v = iterate(v, &items);
      }
      if (!yields_.empty()) {
        Sink& sink = yields_.back();
        accumulate(*sink.value, sink.any, v);
        if (branch_depth_ > sink.branch_depth || (from && items.empty())) sink.exact = false;
        if (sink.in_order.size() + items.size() > Container::kMaxItems) sink.exact = false;
        else sink.in_order.insert(sink.in_order.end(), items.begin(), items.end());
      }
      return Value();
    }
    case K::keyword_argument: return eval(t_.child(e, F::value));
    case K::list_splat: case K::dictionary_splat: return eval(t_.first_named(e));
    case K::comment: case K::type: return Value();
    case K::assignment: case K::augmented_assignment: {
      // inside ERROR recovery
      Value v = eval(t_.child(e, F::right));
      assign(t_.child(e, F::left), v);
      return v;
    }
    default: {
      // ERROR and unfamiliar nodes: evaluate what is inside for its effects.
      Value out;
      for (NodeId c = t_.first_named(e); c != kNoNode && !stop_; c = t_.next_named(c)) {
        if (is_statement(t_.kind(c))) exec_stmt(c);
        else out.taint |= eval(c).taint;
      }
      return out;
    }
  }
}

Value PyInterp::eval_string(NodeId e) {
  NodeId start = kNoNode;
  for (NodeId c = t_[e].first; c != kNoNode; c = t_[c].next)
    if (t_.kind(c) == K::string_start) {
      start = c;
      break;
    }
  std::string_view prefix = start == kNoNode ? std::string_view() : t_.text(start);
  StringPrefix p = parse_prefix(prefix);
  // One text per combination of the interpolated values' alternatives (an
  // option's default or what the user gives), bounded (text_combinations).
  std::vector<std::string> literals(1);
  std::vector<Value> values;
  uint32_t taint = 0;
  int32_t ev = -1;
  for (NodeId c = t_[e].first; c != kNoNode; c = t_[c].next) {
    K k = t_.kind(c);
    if (k == K::string_content || k == K::escape_sequence) {
      decode_literal(t_.text(c), p.raw, p.bytes, literals.back());
    } else if (k == K::interpolation) {
      NodeId x = t_.child(c, F::expression);
      if (x == kNoNode) x = t_.first_named(c);
      values.push_back(eval(x));
      taint |= values.back().taint;
      if (ev < 0) ev = values.back().ev;
      literals.emplace_back();
    }
  }
  const bool interpolated = !values.empty();
  std::vector<const Value*> parts;
  for (const auto& v : values) parts.push_back(&v);
  std::vector<std::string> outs;
  for (const auto& row : text_combinations(parts)) {
    std::string out = literals[0];
    for (size_t i = 0; i < row.size() && out.size() <= (1u << 24); ++i) out += row[i] + literals[i + 1];
    outs.push_back(std::move(out));
  }
  Value v;
  for (auto& out : outs) v.add(p.bytes ? Value::bytes(std::move(out)).alts[0] : Value::str(std::move(out)).alts[0]);
  v.taint = taint;
  if (p.fstring && interpolated) {
    v.taint |= kFormatted;
    if (concat_depth_ == 0) check_sql(v, e);  // a part of "SELECT ... " f"WHERE {x}" is checked whole
  }
  v.ev = ev;
  return v;
}

// Adjacent literals ("SELECT a FROM t " f"WHERE x = '{v}'"): one text, so SQL
// whose keywords and interpolation sit in different parts is still SQL built
// by formatting.
Value PyInterp::eval_concat(NodeId e) {
  Value acc;
  bool first = true;
  ++concat_depth_;
  for (NodeId c = t_.first_named(e); c != kNoNode; c = t_.next_named(c)) {
    if (t_.kind(c) != K::string) continue;
    Value v = eval_string(c);
    if (first) acc = v;
    else acc = binary("+", acc, v, e);
    first = false;
  }
  --concat_depth_;
  if ((acc.taint & kFormatted) && concat_depth_ == 0) check_sql(acc, e);
  return acc;
}

namespace {
// A list display being built: the elements before the first splat of unknown
// length, the unknown ones, and the known end after them.
struct Display {
  std::vector<Value> items, after;
  bool open = false;
  bool mixed = false;  // the unknown part is one of several lists (Container::rest_mixed)
  Value rest;
  void add(const Value& x) { (open ? after : items).push_back(x); }
  void add_unknown(const Value& sum) {
    open = true;
    for (const auto& x : after) rest.join(x);
    after.clear();
    rest.join(sum);
  }
};

// The lists a splat may be, when each is known: `[*prefix, binary, ...]`
// with prefix ["sudo", "-n"] or [].
}  // namespace

// [a, *xs, b] (tuples and sets alike): one list per known list each splat
// may be (up to kMaxDisplays), and an open one around a splat of unknown
// length that keeps its known end (`[*labels, "s1", zone]` ends in the zone).
Value PyInterp::eval_display(NodeId e) {
  constexpr size_t kMaxDisplays = 4;
  std::vector<Display> ds(1);
  for (NodeId c = t_.first_named(e); c != kNoNode; c = t_.next_named(c)) {
    if (t_.kind(c) == K::comment) continue;
    if (t_.kind(c) != K::list_splat) {
      Value x = eval(c);
      for (auto& d : ds) d.add(x);
      continue;
    }
    Value inner = eval(t_.first_named(c));
    bool only = true;
    std::vector<const Container*> lists = known_lists(inner, only);
    if (!only) lists.clear();
    if (!lists.empty() && ds.size() * lists.size() <= kMaxDisplays) {
      std::vector<Display> next;
      for (const auto& d : ds)
        for (const Container* l : lists) {
          next.push_back(d);
          for (const auto& x : l->items) next.back().add(x);
        }
      ds = std::move(next);
      continue;
    }
    std::vector<Value> xs;
    Value sum = iterate(inner, &xs);
    for (auto& d : ds) {
      if (!xs.empty()) for (const auto& x : xs) d.add(x);
      else d.add_unknown(sum);
      if (xs.empty() && inner.alts.size() > 1) d.mixed = true;
    }
  }
  VK k = t_.kind(e) == K::list ? VK::list : t_.kind(e) == K::set ? VK::set : VK::tuple;
  Value out;
  for (auto& d : ds) {
    Value v = make_list(std::move(d.items), k);
    if (d.open) {
      Container& list = *v.alts[0].c;
      list.add_unknown(d.rest);
      list.rest_mixed = d.mixed;
      v.taint |= d.rest.taint;
      for (const auto& x : d.after) {
        v.taint |= x.taint;
        list.rest.join(x);
      }
      list.set_tail(std::move(d.after));
    }
    if (&d == &ds.front()) out = std::move(v);
    else out.join(v);
  }
  return out;
}

Value PyInterp::eval_binary(NodeId e) {
  NodeId ln = t_.child(e, F::left), rn = t_.child(e, F::right);
  Value l = eval(ln);
  Value r = eval(rn);
  NodeId op = t_.child(e, F::operator_);
  std::string o = op == kNoNode ? "+" : text(op);
  if (auto cmd = plumbum_operator(o, l, r, e)) return *cmd;
  Value v = binary(o, l, r, e);
  // Text built from a literal and something else (SQL by formatting).
  if (o == "%" || o == "+") {
    auto literal = [&](NodeId n) { return t_.kind(n) == K::string || t_.kind(n) == K::concatenated_string; };
    bool text = false;
    for (const auto& a : v.alts)
      if (a.k == VK::str) text = true;
    if (text && !(literal(ln) && literal(rn))) {
      v.taint |= kFormatted;
      check_sql(v, e);
    }
  }
  return v;
}

void PyInterp::check_sql(const Value& v, NodeId at) {
  // SQL built by formatting values into it (Bandit's B608), executed or not.
  // Text known whole on every path (clauses of constants joined, "?"
  // placeholders and all) has nothing formatted into it that could inject.
  if (std::none_of(v.alts.begin(), v.alts.end(), [](const Alt& a) { return a.k != VK::str || is_partial(a.s); })) return;
  for (const auto& a : v.alts)
    if (a.k == VK::str && ctx_.lib.sql_statement(a.s)) {
      Effect e;
      e.kind = Eff::risky;
      e.tag = "sql_format";
      e.detail = printable(a.s, 160);
      ctx_.effect(std::move(e), site_of(at));
      return;
    }
}

Value PyInterp::eval_attribute(NodeId e) {
  NodeId obj = t_.child(e, F::object);
  NodeId attr = t_.child(e, F::attribute);
  Value o = eval(obj);
  if (attr == kNoNode) return Value::tainted(o.taint, o.ev);
  std::string name = fold_identifier(t_.text(attr));
  if (name == "__subclasses__" && reaches_object(obj)) return Value::libfunc("builtins.object.__subclasses__");
  return attribute_of(o, name, e);
}

// `object`, or a walk up to it from any value (().__class__.__base__,
// ''.__class__.__mro__[1], x.__class__.__bases__[0]): where a sandbox escape
// starts to look for a class to abuse among all of object's subclasses.
bool PyInterp::reaches_object(NodeId n) const {
  if (t_.kind(n) == K::identifier) return t_.text(n) == "object";
  if (t_.kind(n) == K::subscript) n = t_.child(n, F::value);
  if (n == kNoNode || t_.kind(n) != K::attribute) return false;
  NodeId attr = t_.child(n, F::attribute);
  std::string_view a = attr == kNoNode ? "" : t_.text(attr);
  return a == "__base__" || a == "__bases__" || a == "__mro__";
}

Value PyInterp::eval_subscript(NodeId e) {
  NodeId obj = t_.child(e, F::value);
  Value o = eval(obj);
  // Slices: s[a:b:c]
  NodeId key = t_.child(e, F::subscript);
  if (key != kNoNode && t_.kind(key) == K::slice) {
    std::vector<std::optional<int64_t>> parts;
    std::string_view st = t_.text(key);
    // parse the three slots from the slice's children by position of ':'
    std::optional<int64_t> slot[3];
    int idx = 0;
    uint32_t pos = t_[key].begin;
    for (NodeId c = t_[key].first; c != kNoNode; c = t_[c].next) {
      // count ':' between pos and this child
      for (uint32_t b = pos; b < t_[c].begin; ++b)
        if (t_.code()[b] == ':' && idx < 2) ++idx;
      if (t_[c].named) {
        Value v = eval(c);
        if (const Alt* a = v.single())
          if (a->k == VK::integer) slot[idx] = a->i;
      }
      pos = t_[c].end;
    }
    (void)st;
    (void)parts;
    Value out;
    bool any = false;
    for (const auto& a : o.alts) {
      Value one;
      if ((a.k == VK::str || a.k == VK::bytes) && !is_partial(a.s)) {
        one = a.k == VK::str ? Value::str(py_slice(a.s, slot[0], slot[1], slot[2]))
                             : Value::bytes(py_slice(a.s, slot[0], slot[1], slot[2]));
        // Reversing text written in the code hides it.
        if (slot[2] && *slot[2] < 0 && a.s.size() > 1) one.taint |= kObfuscated;
      } else if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open) {
        std::vector<Value> items = py_slice_items(a.c->items, slot[0], slot[1], slot[2]);
        one = make_list(std::move(items), a.k);
      } else if ((a.k == VK::list || a.k == VK::tuple) && a.c && slot[0] && *slot[0] >= 0 &&
                 (!slot[2] || *slot[2] == 1)) {
        // Leading elements dropped from a list with more elements than listed
        // (sys.argv[1:] is what the user typed, not the program's path).
        std::vector<Value> items;
        for (size_t i = static_cast<size_t>(*slot[0]); i < a.c->items.size(); ++i) items.push_back(a.c->items[i]);
        one = make_list(std::move(items), a.k);
        one.alts[0].c->open = true;
        one.alts[0].c->rest = a.c->rest;
        if (!slot[1]) one.alts[0].c->tail = a.c->tail;  // to the end: the same last elements
        one.taint |= a.c->rest.taint;
      } else if (a.k == VK::str || a.k == VK::bytes) {
        one = Value::str(std::string(1, kUnknownPart));
      } else if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->tail.empty()) {
        // Some of its elements: not necessarily its last ones.
        auto part = std::make_shared<Container>(*a.c);
        part->tail.clear();
        Alt copy = a;
        copy.c = std::move(part);
        one.alts.push_back(std::move(copy));
      } else {
        one.alts.push_back(a);  // a slice of a list is still that kind of list
      }
      if (!any) out = one;
      else out.join(one);
      any = true;
    }
    out.taint |= o.taint;
    if (out.ev < 0) out.ev = o.ev;
    return out;
  }
  Value k = key == kNoNode ? Value() : eval(key);
  // x[a, b]: the key is the tuple (a, b) (plumbum's cmd["-s", url] binds both)
  std::vector<Value> items;
  for (NodeId c = key == kNoNode ? kNoNode : t_.next_named(key); c != kNoNode; c = t_.next_named(c))
    items.push_back(eval(c));
  if (!items.empty()) {
    items.insert(items.begin(), std::move(k));
    k = make_list(std::move(items), VK::tuple);
  }
  return subscript_of(o, k, e);
}

Value PyInterp::eval_comprehension(NodeId e, const Value* first_iterable) {
  // body, then for_in_clause / if_clause in order.
  NodeId body = t_.child(e, F::body);
  std::vector<NodeId> clauses;
  for (NodeId c = t_.first_named(e); c != kNoNode; c = t_.next_named(c))
    if (t_.kind(c) == K::for_in_clause || t_.kind(c) == K::if_clause) clauses.push_back(c);
  bool dict = t_.kind(e) == K::dictionary_comprehension;
  Value first;  // the first clause's iterable (evaluated in the enclosing scope, as Python does)
  if (!first_iterable && !clauses.empty() && t_.kind(clauses[0]) == K::for_in_clause) {
    NodeId right = t_.child(clauses[0], F::right);
    first = right == kNoNode ? Value() : eval(right);
    first_iterable = &first;
    // One of a few known lists (a command picked in a loop over candidates,
    // None until then): a list per list, not their elements mixed into one.
    // Known lists beside data known only at run time (a built-in profile's
    // plugins, or a profile file's): a list per list, and one of the rest.
    std::vector<const Alt*> lists;
    Value others;  // the alternatives that are not known lists (nor None)
    bool others_data = true;  // ... and all data known only at run time
    for (const auto& a : first.alts)
      if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open) lists.push_back(&a);
      else if (a.k != VK::none) others.alts.push_back(a), others_data = others_data && run_time_data(a);
    const bool only_lists = others.alts.empty();
    if (!dict && (only_lists || others_data) && lists.size() >= (only_lists ? 2u : 1u) && lists.size() <= 4) {
      Value out;
      bool any = false;
      auto one_of = [&](Value one) {
        one.taint = first.taint;
        one.ev = first.ev;
        accumulate(out, any, eval_comprehension(e, &one));
      };
      for (const Alt* a : lists) {
        Value one;
        one.alts.push_back(*a);
        one_of(std::move(one));
      }
      if (!only_lists) one_of(std::move(others));
      return out;
    }
  }
  auto saved = scope_;
  auto inner = std::make_shared<Scope>();
  inner->parent = scope_;
  scope_ = inner;
  auto saved_logs = std::move(logs_);
  logs_.clear();
  std::vector<Value> results;
  bool open = false;
  Value rest;  // what the elements past `results` may be (joined as they come)
  bool rest_any = false;
  size_t produced = 0;
  Value dict_value = dict ? make_dict() : Value();
  std::function<void(size_t)> run = [&](size_t i) {
    if (stop_) return;
    if (i == clauses.size()) {
      if (body == kNoNode) return;
      if (dict && t_.kind(body) == K::pair) {
        Value k = eval(t_.child(body, F::key));
        Value v = eval(t_.child(body, F::value));
        auto& c = *dict_value.alts[0].c;
        const Alt* ks = k.single();
        if (ks && ks->k == VK::str && !is_partial(ks->s) && !open) c.set_key(ks->s, v);
        else {
          c.open = true;
          c.rest.join(v);
          c.rest_keys.join(k);
        }
        dict_value.taint |= v.taint | k.taint;
        if (dict_value.ev < 0) dict_value.ev = v.ev >= 0 ? v.ev : k.ev;
        return;
      }
      Value v = eval(body);
      if (produced++ < Container::kMaxItems && !open) results.push_back(v);
      else {
        open = true;
        accumulate(rest, rest_any, v);
      }
      return;
    }
    NodeId c = clauses[i];
    if (t_.kind(c) == K::if_clause) {
      NodeId x = t_.first_named(c);
      if (x != kNoNode) eval(x);
      run(i + 1);
      return;
    }
    NodeId left = t_.child(c, F::left);
    NodeId right = t_.child(c, F::right);
    Value it = i == 0 && first_iterable ? *first_iterable : eval(right);
    std::vector<Value> items;
    Value summary = iterate(it, &items);
    if (!items.empty() && items.size() * (produced + 1) <= 4096) {
      for (auto& x : items) {
        assign(left, x);
        run(i + 1);
      }
    } else {
      // An open collection's known elements first, one by one (a dict's
      // known keys keep their own values), then one that stands for the rest.
      std::vector<Value> known;
      if (const Container* oc = open_list(it)) {
        known = oc->items;
        // (its known last ones too where order does not matter)
        if (dict) known.insert(known.end(), oc->tail.begin(), oc->tail.end());
      } else if (const Alt* d = it.single(); d && d->k == VK::dict && d->c && d->c->open) {
        // an open dict's known keys (a plan of packages some of which a file adds)
        for (const auto& kv : d->c->keyed) known.push_back(Value::str(kv.first, it.taint));
      } else {
        // one of a few known lists (`for name, pin in groups[g].items()`):
        // each pair whole, not names crossed with every version
        known = elements_of_few_lists(it, false);
      }
      if (known.size() * (produced + 1) <= 4096)
        for (auto& x : known) {
          assign(left, x);
          run(i + 1);
        }
      assign(left, summary);
      open = true;
      size_t before = results.size();
      run(i + 1);
      // An element computed from a summary stands for any number of them.
      while (results.size() > before) {
        accumulate(rest, rest_any, results.back());
        results.pop_back();
      }
    }
  };
  run(0);
  scope_ = saved;
  logs_ = std::move(saved_logs);
  if (dict) return dict_value;
  Value v = make_list(std::move(results),
                      t_.kind(e) == K::set_comprehension ? VK::set : VK::list);
  if (open) {
    v.alts[0].c->open = true;
    v.alts[0].c->rest = rest;
    v.taint |= rest.taint;
    if (v.ev < 0) v.ev = rest.ev;
  }
  return v;
}

Value PyInterp::lookup(const std::string& name, NodeId at) {
  for (Scope* s = scope_.get(); s; s = s->parent.get()) {
    auto it = s->vars.find(name);
    if (it != s->vars.end()) return it->second;
  }
  if (globals_ && globals_->count(name)) {
    auto it = module_->vars.find(name);
    if (it != module_->vars.end()) return it->second;
  }
  // from m import *
  for (Scope* s = scope_.get(); s; s = s->parent.get())
    for (const auto& m : s->star_modules)
      if (ctx_.lib.api(m + "." + name)) return attribute_of(Value::module(m), name, at);
  if (name == "__file__") {
    Value v = Value::str(std::string(1, kUnknownPart), kSelf);
    return v;
  }
  if (name == "__name__") return Value::str("__main__");
  if (name == "__builtins__" || name == "builtins") return Value::module("builtins");
  if (ctx_.lib.api("builtins." + name)) return attribute_of(Value::module("builtins"), name, at);
  // A fragment that uses a module without importing it still means that module.
  if (ctx_.lib.known_module(name)) return Value::module(ctx_.lib.canonical_module(name));
  return Value();
}

// `l or r` is l where l is true, else r; `l and r` is l where l is false,
// else r (args.listen or "0.0.0.0": the default None never reaches the
// bind). What both carry is kept.
Value PyInterp::short_circuit(Value l, const Value& r, bool is_and) {
  const bool keeps = !is_and;  // the truth for which l is the result
  bool right = l.alts.empty();
  Value out;
  for (const auto& a : l.alts) {
    std::optional<bool> t = truth_of(a);
    if (!t || *t == keeps) out.add(a);
    if (!t || *t != keeps) right = true;
  }
  out.taint = l.taint;
  out.ev = l.ev;
  if (l.alts.empty()) out = std::move(l);
  if (right) out.join(r);
  return out;
}

Value PyInterp::attribute_of(const Value& obj, const std::string& name, NodeId at) {
  Value out;
  bool any = false;
  size_t by_spec = 0;  // alternatives whose attribute a library spec computed
  auto put = [&](Value v) {
    if (!any) out = std::move(v);
    else out.join(v);
    any = true;
  };
  for (const auto& a : obj.alts) {
    if (name == "__call__" && (a.k == VK::libfunc || a.k == VK::function || a.k == VK::method)) {
      // f.__call__ is f (os.__dict__["system"].__call__(...)).
      Value same;
      same.alts.push_back(a);
      same.taint = obj.taint;
      same.ev = obj.ev;
      put(same);
      continue;
    }
    switch (a.k) {
      case VK::module: case VK::libfunc: {
        if (a.self) {
          // attribute of a bound library method: unknown
          put(Value());
          break;
        }
        std::string q = ctx_.lib.canonical_module(a.s + "." + name);
        const ApiSpec* spec = ctx_.lib.api(q);
        if (spec && spec->attr) {
          Args none;
          put(apply_spec(*spec, q, nullptr, none, at));
        } else if (a.s == "builtins" && name == "__dict__") {
          put(Value::object("builtins.__dict__"));
        } else if (a.k == VK::module && name == "__dict__") {
          put(Value::object("vars", a.s));  // os.__dict__["system"] is os.system
        } else {
          put(Value::libfunc(q));
        }
        break;
      }
      case VK::object: {
        if (a.s == "selectors.SelectorKey" && a.c) {
          // A selector's key: what was registered (its descriptor, the file object's).
          const Value* v = a.c->get_key(name == "fd" ? "fileobj" : name);
          put(v ? *v : Value());
          break;
        }
        if (auto opt = argparse_attribute(a, name)) {
          put(*opt);
          break;
        }
        const ApiSpec* spec = ctx_.lib.method(a.s, name);
        // What the object keeps (a session's headers and auth, a Request's data).
        if (!spec && a.c)
          if (const Value* kept = a.c->get_key(name)) {
            put(*kept);
            break;
          }
        if (!spec && name == "__init__") {
          // super().__init__(addr, handler) in a subclass of a library class:
          // the library's constructor, with those arguments.
          put(Value::libfunc(a.s));
          break;
        }
        Value self;
        self.alts.push_back(a);
        self.taint = obj.taint;
        self.ev = obj.ev;
        if (spec && spec->attr) {
          Args none;
          Value v = apply_spec(*spec, spec->name, &self, none, at);
          // (and the text it is known to hold: a finished process's output's shape)
          if (a.c)
            if (const Value* kept = a.c->get_key(name); kept && !kept->alts.empty()) v.alts = kept->alts;
          put(std::move(v));
          ++by_spec;
        } else {
          Value m;
          Alt f;
          f.k = VK::libfunc;
          f.s = a.s;
          f.extra = name;
          f.self = std::make_shared<const Value>(self);
          m.alts.push_back(std::move(f));
          m.taint = obj.taint;
          m.ev = obj.ev;
          put(std::move(m));
        }
        break;
      }
      case VK::str: case VK::bytes: case VK::list: case VK::tuple: case VK::dict: case VK::set: {
        Value self;
        self.alts.push_back(a);
        self.taint = obj.taint;
        self.ev = obj.ev;
        Value m;
        Alt f;
        f.k = VK::libfunc;
        f.s = a.k == VK::str ? "str" : a.k == VK::bytes ? "bytes" : a.k == VK::list ? "list"
              : a.k == VK::tuple ? "tuple" : a.k == VK::dict ? "dict" : "set";
        f.extra = name;
        f.self = std::make_shared<const Value>(self);
        m.alts.push_back(std::move(f));
        m.taint = obj.taint;
        m.ev = obj.ev;
        put(std::move(m));
        break;
      }
      case VK::instance: {
        auto* cls = static_cast<ClassInfo*>(const_cast<void*>(a.fn));
        if (name == "__dict__" && !instance_attr(a, name)) {
          Value self;
          self.alts.push_back(a);
          put(instance_dict(self));
          break;
        }
        Value v;
        bool found = false;
        const Value* own = own_instance_attr(a, name);
        if (const Value* attr = instance_attr(a, name)) {
          v = *attr;
          found = true;
        }
        // A dataclass field of an instance known apart holds what its
        // generated __init__ stored (the default among it), not its class's
        // default alone.
        bool field = false;
        if (own && find_method(*cls, "__init__").unknown()) {
          const std::vector<std::string> fields = dataclass_fields(*cls);
          field = std::find(fields.begin(), fields.end(), name) != fields.end();
        }
        Value m = field ? Value() : find_method(*cls, name);
        if (!m.unknown()) {
          Value bound;
          for (const auto& ma : m.alts) {
            if (ma.k == VK::function && static_cast<const FunctionInfo*>(ma.fn)->property) {
              // A property: reading it runs its getter on this instance.
              Value self;
              self.alts.push_back(a);
              Args none;
              Value got = call_function(*static_cast<FunctionInfo*>(const_cast<void*>(ma.fn)), none, &self, at);
              if (bound.alts.empty() && !bound.taint) bound = std::move(got);
              else bound.join(got);
            } else if (ma.k == VK::function && !static_cast<const FunctionInfo*>(ma.fn)->static_method) {
              Alt b;
              b.k = VK::method;
              b.fn = ma.fn;
              Value self;
              if (static_cast<const FunctionInfo*>(ma.fn)->class_method) {
                Alt c;
                c.k = VK::cls;
                c.fn = a.fn;
                self.alts.push_back(c);
              } else {
                self.alts.push_back(a);
              }
              b.self = std::make_shared<const Value>(self);
              bound.add(b);
            } else {
              bound.add(ma);
            }
          }
          if (found) v.join(bound);
          else v = bound;
          found = true;
        }
        if (!found) {
          // A proxy's __getattr__(name) answers for the attributes it lacks.
          Value hook = find_method(*cls, "__getattr__");
          for (const auto& ha : hook.alts)
            if (ha.k == VK::function) {
              Value self;
              self.alts.push_back(a);
              Args want;
              want.pos.push_back(Value::str(name));
              Value got = call_function(*static_cast<FunctionInfo*>(const_cast<void*>(ha.fn)), want, &self, at);
              if (!found) v = std::move(got);
              else v.join(got);
              found = true;
            }
        }
        if (!found) {
          // Attributes of library base classes (class H(BaseHTTPRequestHandler)).
          for (const auto& b : cls->bases)
            for (const auto& ba : b.alts)
              if (ba.k == VK::libfunc || ba.k == VK::module) {
                Value obj2 = Value::object(ba.s);
                if (const Value* part = instance_attr(a, kLibraryPart)) obj2 = *part;
                v = attribute_of(obj2, name, at);
                found = true;
                // The base's method calls the subclass's override of its hook
                // (HTTPConnection.request opens the connection with self.connect()).
                const ApiSpec* base_method = ctx_.lib.method(ba.s, name);
                // It runs now, and, being the library's callback (a thread's run()
                // reads a queue the module fills after start()), once more with
                // the state the module leaves, as uncalled functions are.
                if (base_method && !base_method->calls.empty())
                  for (const auto& hm : find_method(*cls, base_method->calls).alts)
                    if (hm.k == VK::function) {
                      Value self;
                      self.alts.push_back(a);
                      Args none;
                      call_function(*static_cast<FunctionInfo*>(const_cast<void*>(hm.fn)), none, &self, at);
                      if (!replaying_) hooks_called_ = true;
                    }
              }
        }
        put(found ? v : Value());
        break;
      }
      case VK::cls: {
        auto* cls = static_cast<ClassInfo*>(const_cast<void*>(a.fn));
        Value m = find_method(*cls, name);
        // Cls.factory(): a classmethod gets the class as its first argument.
        for (auto& ma : m.alts)
          if (ma.k == VK::function && static_cast<const FunctionInfo*>(ma.fn)->class_method) {
            Value self;
            self.alts.push_back(a);
            ma.k = VK::method;
            ma.self = std::make_shared<const Value>(self);
          }
        put(m);
        break;
      }
      case VK::function: case VK::method:
        put(Value());
        break;
      default:
        put(Value());
        break;
    }
  }
  if (!any) {
    out = Value();
    // data of unknown type read from somewhere (a file's bytes): .hex() is
    // its encoding, as for known bytes
    if (name == "hex" && obj.taint) out.taint |= kEncoded;
  }
  // (an attribute the model computes has the labels it gives: Path(__file__).parent
  // is the program's directory, not the program)
  if (by_spec == 0 || by_spec < obj.alts.size()) out.taint |= obj.taint;
  if (out.ev < 0) out.ev = obj.ev;
  return out;
}

std::pair<uint32_t, int32_t> PyInterp::attributes_held(const Value& obj) {
  uint32_t t = obj.taint;
  int32_t ev = obj.ev;
  for (const auto& a : obj.alts)
    if (a.k == VK::instance && a.fn)
      for (const auto& [name, v] : static_cast<const ClassInfo*>(a.fn)->inst) {
        t |= deep_taint(v);
        if (ev < 0) ev = deep_ev(v);
      }
  return {t, ev};
}

Value PyInterp::instance_dict(const Value& obj, bool deep, int depth) {
  Value out;
  bool any = false;
  for (const auto& a : obj.alts) {
    Value d = make_dict();
    auto& c = *d.alts[0].c;
    auto put = [&](const std::string& name, const Value& v) {
      c.set_key(name, deep ? as_plain_data(v, depth + 1) : v);
      d.taint |= v.taint;
      if (d.ev < 0) d.ev = v.ev;
    };
    if (a.k == VK::instance && a.fn) {
      auto& cls = *static_cast<ClassInfo*>(const_cast<void*>(a.fn));
      for (const auto& name_value : cls.inst)
        if (name_value.first != kLibraryPart) put(name_value.first, *instance_attr(a, name_value.first));
      // A dataclass's fields not set through the instance hold the class's
      // default (field(default_factory=dict), which methods then fill).
      std::vector<const ClassInfo*> line{&cls};
      for (size_t i = 0; i < line.size() && i < 8; ++i) {
        for (const auto& f : line[i]->fields)
          if (!c.get_key(f)) {
            Value v = find_method(cls, f);
            if (!v.unknown()) put(f, v);
          }
        for (const auto& b : line[i]->bases)
          for (const auto& ba : b.alts)
            if (ba.k == VK::cls) line.push_back(static_cast<const ClassInfo*>(ba.fn));
      }
    } else {
      c.open = true;
      c.rest = Value::tainted(obj.taint, obj.ev);
    }
    accumulate(out, any, d);
  }
  out.taint |= obj.taint;
  return out;
}

// What asdict makes of a field's value: a dataclass instance a dict, a
// closed list or tuple of them a list of dicts (pools=[Endpoint(...), ...]).
Value PyInterp::as_plain_data(const Value& v, int depth) {
  constexpr int kMaxDepth = 4;
  if (depth > kMaxDepth) return v;
  Value out;
  bool any = false;
  for (const auto& a : v.alts) {
    Value one;
    one.alts.push_back(a);
    one.taint = v.taint;
    one.ev = v.ev;
    if (a.k == VK::instance && a.fn) {
      accumulate(out, any, instance_dict(one, true, depth));
    } else if ((a.k == VK::list || a.k == VK::tuple) && a.c) {
      std::vector<Value> items;
      for (const auto& x : a.c->items) items.push_back(as_plain_data(x, depth + 1));
      Value l = make_list(std::move(items), a.k);
      if (a.c->open) {
        // extended with a generator's findings: the unknown many are dicts too
        auto& c = *l.alts[0].c;
        c.open = true;
        c.rest = as_plain_data(a.c->rest, depth + 1);
        std::vector<Value> tail;
        for (const auto& x : a.c->tail) tail.push_back(as_plain_data(x, depth + 1));
        c.set_tail(std::move(tail));
      }
      l.taint |= v.taint;
      accumulate(out, any, l);
    } else {
      accumulate(out, any, one);
    }
  }
  if (!any) return v;
  return out;
}

const Value* PyInterp::find_instance_attr(const ClassInfo& c, const std::string& name, int depth) const {
  auto it = c.inst.find(name);
  if (it != c.inst.end()) return &it->second;
  if (depth > 8) return nullptr;
  for (const auto& b : c.bases)
    for (const auto& a : b.alts)
      if (a.k == VK::cls)
        if (const Value* v = find_instance_attr(*static_cast<const ClassInfo*>(a.fn), name, depth + 1)) return v;
  return nullptr;
}

Value PyInterp::find_method(ClassInfo& c, const std::string& name, int depth) {
  auto it = c.scope->vars.find(name);
  if (it != c.scope->vars.end()) return it->second;
  if (depth > 8) return Value();
  for (const auto& b : c.bases)
    for (const auto& a : b.alts)
      if (a.k == VK::cls) {
        Value v = find_method(*static_cast<ClassInfo*>(const_cast<void*>(a.fn)), name, depth + 1);
        if (!v.unknown()) return v;
      }
  return Value();
}

namespace {

// A configparser section with the parser's DEFAULT options it does not set
// itself (ConfigParser(defaults=...)): what Python's section proxy answers.
Value with_ini_defaults(const Alt& parser, const Value& section) {
  const Value* defaults = parser.s == "configparser.ConfigParser" && parser.c ? parser.c->get_key("DEFAULT") : nullptr;
  const Alt* d = defaults ? defaults->single() : nullptr;
  const Alt* sec = section.single();
  if (!d || !d->c || !sec || sec->k != VK::dict || !sec->c || sec->c == d->c) return section;
  bool missing = false;
  for (const auto& kv : d->c->keyed) missing = missing || !sec->c->get_key(kv.first);
  if (!missing) return section;
  Value out = make_dict();
  *out.alts[0].c = *sec->c;
  for (const auto& [k, v] : d->c->keyed)
    if (!out.alts[0].c->get_key(k)) out.alts[0].c->set_key(k, v);
  out.taint = section.taint;
  out.ev = section.ev;
  return out;
}

}  // namespace

Value PyInterp::subscript_of(const Value& obj, const Value& key, NodeId at) {
  Value out = subscript_of_alternatives(obj, key, at);
  if (uint32_t carried = key.taint & kLookupCarried) out.add_taint(carried, key.ev);
  return out;
}

namespace {

// The value a defaultdict made for its unknown keys, if it made one.
std::optional<Value> unknown_key_bucket(const Container& c) {
  for (const auto& a : c.rest.alts)
    if (a.c && a.k == c.missing) {
      Value v;
      v.alts.push_back(a);
      v.taint = c.rest.taint;
      v.ev = c.rest.ev;
      return v;
    }
  return std::nullopt;
}

}  // namespace

Value PyInterp::subscript_of_alternatives(const Value& obj, const Value& key, NodeId at) {
  Value out;
  bool any = false;
  auto put = [&](Value v) {
    if (!any) out = std::move(v);
    else out.join(v);
    any = true;
  };
  const Alt* ks = key.single();
  bool keep_obj_taint = true;
  // A dict's taint is its values' (and whatever it got as a whole): an entry
  // looked up by its key carries its own, not its neighbours'.
  uint32_t neighbours = 0;
  size_t hits = 0;  // alternatives that had the key
  for (const auto& a : obj.alts) {
    switch (a.k) {
      case VK::dict: {
        if (!a.c) {
          put(Value());
          break;
        }
        if (ks && (ks->k == VK::str || ks->k == VK::integer) && !is_partial(ks->s)) {
          std::string name = ks->k == VK::str ? ks->s : std::to_string(ks->i);
          const Value* v = a.c->get_key(name);
          if (v) {
            put(*v);
            for (const auto& kv : a.c->keyed) neighbours |= kv.second.taint;
            ++hits;
            break;
          }
          // A defaultdict makes the key's value on first use (handlers[event].append(f)).
          if (a.c->missing != VK::none && !a.c->open) {
            Value made = empty_of(a.c->missing);
            a.c->set_key(name, made);
            put(std::move(made));
            break;
          }
        }
        // At a key not known here, a defaultdict's made values share one
        // bucket among its unknown keys (groups[row["email"]].append(row)
        // fills what groups.values() gives).
        const bool known_key = ks && (ks->k == VK::str || ks->k == VK::integer) && !is_partial(ks->s);
        if (a.c->missing != VK::none && !known_key) {
          if (auto bucket = unknown_key_bucket(*a.c)) {
            put(std::move(*bucket));
            break;
          }
          Value made = empty_of(a.c->missing);
          a.c->store(key, made);
          put(std::move(made));
          break;
        }
        put(a.c->summary());
        break;
      }
      case VK::list: case VK::tuple: {
        if (!a.c) {
          put(Value());
          break;
        }
        if (ks && ks->k == VK::integer && !a.c->open) {
          int64_t i = ks->i < 0 ? ks->i + static_cast<int64_t>(a.c->items.size()) : ks->i;
          if (i >= 0 && i < static_cast<int64_t>(a.c->items.size())) {
            put(a.c->items[static_cast<size_t>(i)]);
            break;
          }
        }
        if (ks && ks->k == VK::integer && a.c->open && ks->i >= 0 &&
            ks->i < static_cast<int64_t>(a.c->items.size())) {
          put(a.c->items[static_cast<size_t>(ks->i)]);
          break;
        }
        // Past the listed elements of an open list: one of the rest (sys.argv[1]
        // is what the user typed, not the program's path in sys.argv[0]).
        if (ks && ks->k == VK::integer && a.c->open && ks->i >= static_cast<int64_t>(a.c->items.size())) {
          put(a.c->rest);
          break;
        }
        put(a.c->summary());
        break;
      }
      case VK::str: case VK::bytes: {
        if (ks && ks->k == VK::integer && !is_partial(a.s)) {
          int64_t i = ks->i < 0 ? ks->i + static_cast<int64_t>(a.s.size()) : ks->i;
          if (i >= 0 && i < static_cast<int64_t>(a.s.size())) {
            if (a.k == VK::str) put(Value::str(std::string(1, a.s[static_cast<size_t>(i)])));
            else put(Value::integer(static_cast<unsigned char>(a.s[static_cast<size_t>(i)])));
            break;
          }
        }
        // Some character of a constant (KEY[i % len(KEY)]): unknown, but
        // constant data (an XOR with it is a cipher, not data mixed with data).
        {
          Value part;
          if (!is_partial(a.s)) part.taint = kConstData;
          put(part);
        }
        break;
      }
      case VK::object: case VK::libfunc: case VK::module: {
        if (auto cmd = plumbum_subscript(a, obj, key)) {
          put(*cmd);
          break;
        }
        std::string type = a.s;
        // Namespaces as dictionaries: globals()['x'], vars(os)['system'],
        // __builtins__.__dict__['eval'], sys.modules['os'].
        if (a.k == VK::object && (type == "globals" || type == "vars" || type == "builtins.__dict__" ||
                                  type == "sys.modules")) {
          Value r;
          bool any_key = false;
          for (const auto& kt : string_alternatives(key, 4)) {
            if (is_partial(kt)) {
              r.join(Value());
              continue;
            }
            std::string k = fold_identifier(kt);
            Value one = type == "globals" ? lookup(k, at)
                        : type == "vars" ? attribute_of(Value::module(a.extra), k, at)
                        : type == "sys.modules" ? Value::module(ctx_.lib.canonical_module(k))
                                                : attribute_of(Value::module("builtins"), k, at);
            if (!any_key) r = one;
            else r.join(one);
            any_key = true;
          }
          if (key.taint & (kDecoded | kObfuscated)) {
            r.taint |= kHiddenName | (key.taint & (kDecoded | kObfuscated));
            if (r.ev < 0) r.ev = key.ev;
          }
          put(r);
          break;
        }
        // What a document read from the code put under that name (an INI section).
        if (a.k == VK::object && a.c && ks && ks->k == VK::str && !is_partial(ks->s)) {
          if (const Value* v = a.c->get_key(ks->s)) {
            put(with_ini_defaults(a, *v));
            break;
          }
          // A section the code did not set: the parser's defaults, or what a
          // file read may hold.
          if (a.s == "configparser.ConfigParser" && a.c->get_key("DEFAULT")) {
            Value section = make_dict();
            section.alts[0].c->open = true;
            section.alts[0].c->rest = a.c->rest;
            put(with_ini_defaults(a, section));
            break;
          }
        }
        const ApiSpec* spec = a.k == VK::object ? ctx_.lib.method(type, "[]") : ctx_.lib.api(type + "[]");
        if (spec) {
          Args args;
          args.kw.emplace_back("key", key);
          Value self;
          self.alts.push_back(a);
          self.taint = obj.taint;
          self.ev = obj.ev;
          put(apply_spec(*spec, spec->name, &self, args, at));
          if (!spec->keep_taint) keep_obj_taint = false;
        } else {
          put(Value());
        }
        break;
      }
      case VK::instance: {
        // obj[key] of a class of the code's own: its __getitem__(key).
        auto& cls = *static_cast<ClassInfo*>(const_cast<void*>(a.fn));
        Value got;
        bool called = false;
        for (const auto& m : find_method(cls, "__getitem__").alts)
          if (m.k == VK::function) {
            Value self;
            self.alts.push_back(a);
            Args args;
            args.pos.push_back(key);
            Value one = call_function(*static_cast<FunctionInfo*>(const_cast<void*>(m.fn)), args, &self, at);
            if (!called) got = std::move(one);
            else got.join(one);
            called = true;
          }
        put(called ? got : Value());
        break;
      }
      default: put(Value()); break;
    }
  }
  if (!any) out = Value();
  if (!keep_obj_taint) return out;
  uint32_t whole = hits && hits == obj.alts.size() ? obj.taint & ~neighbours : obj.taint;
  out.taint |= whole;
  if (out.ev < 0 && whole) out.ev = obj.ev;
  return out;
}

std::vector<Value> PyInterp::text_lines(const Value& text) {
  constexpr size_t kMaxLines = 256;
  const Alt* t = text.single();
  std::vector<Value> out;
  if (!t || t->k != VK::str || t->s.empty() || t->s == std::string(1, kUnknownPart)) return out;
  for (size_t at = 0; at < t->s.size();) {
    if (out.size() == kMaxLines) return {};
    const size_t nl = t->s.find('\n', at);
    const size_t end = nl == std::string::npos ? t->s.size() : nl + 1;
    Value line = Value::str(t->s.substr(at, end - at), text.taint);
    line.ev = text.ev;
    out.push_back(std::move(line));
    at = end;
  }
  return out;
}

Value PyInterp::iterate(const Value& v, std::vector<Value>* exact) {
  Value sum;
  bool any = false;
  auto put = [&](const Value& x) {
    if (!any) sum = x;
    else sum.join(x);
    any = true;
  };
  bool all_exact = exact != nullptr && v.alts.size() == 1;
  for (const auto& a : v.alts) {
    if ((a.k == VK::list || a.k == VK::tuple || a.k == VK::set) && a.c) {
      for (const auto& x : a.c->items) put(x);
      if (a.c->open) {
        put(a.c->rest);
        all_exact = false;
      } else if (all_exact) {
        *exact = a.c->items;
      }
    } else if (a.k == VK::dict && a.c) {
      for (const auto& kv : a.c->keyed) put(Value::str(kv.first));
      if (a.c->open) {
        put(a.c->rest_keys);
        all_exact = false;
      } else if (all_exact) {
        exact->clear();
        for (const auto& kv : a.c->keyed) exact->push_back(Value::str(kv.first));
      }
    } else if ((a.k == VK::str || a.k == VK::bytes) && !is_partial(a.s) && a.s.size() > 256) {
      put(Value::tainted(kConstData, -1));
      all_exact = false;
    } else if ((a.k == VK::str) && !is_partial(a.s) && a.s.size() <= 256) {
      for (char ch : a.s) put(Value::str(std::string(1, ch)));
      if (all_exact) {
        exact->clear();
        for (char ch : a.s) exact->push_back(Value::str(std::string(1, ch)));
      }
    } else if (a.k == VK::bytes && !is_partial(a.s) && a.s.size() <= 256) {
      for (char ch : a.s) put(Value::integer(static_cast<unsigned char>(ch)));
      if (all_exact) {
        exact->clear();
        for (char ch : a.s) exact->push_back(Value::integer(static_cast<unsigned char>(ch)));
      }
    } else if (a.k == VK::object) {
      // Iterating a library object: its "__iter__" in the model (os.walk results, files).
      const ApiSpec* spec = ctx_.lib.method(a.s, "__iter__");
      bool lines_known = false;
      if (spec) {
        Args none;
        Value self;
        self.alts.push_back(a);
        self.taint = v.taint;
        self.ev = v.ev;
        Value got = apply_spec(*spec, spec->name, &self, none, kNoNode);
        // A file this code wrote (its text known): its lines, one by one.
        std::vector<Value> lines = spec->special_id == Special::read_file ? text_lines(got) : std::vector<Value>{};
        if (!lines.empty()) {
          for (const auto& x : lines) put(x);
          if (all_exact) *exact = std::move(lines);
          lines_known = true;
        } else {
          put(got);
        }
      } else {
        put(Value());
      }
      if (!lines_known) all_exact = false;
    } else if (a.k == VK::instance) {
      // An instance of a class of the code's: what its __iter__ gives (often
      // a generator walking something), once per iteration.
      Value m = find_method(*static_cast<ClassInfo*>(const_cast<void*>(a.fn)), "__iter__");
      bool called = false;
      Value self;
      self.alts.push_back(a);
      for (const auto& ma : m.alts)
        if (ma.k == VK::function && iter_depth_ < 4) {
          Args none;
          ++iter_depth_;
          Value it = call_function(*static_cast<FunctionInfo*>(const_cast<void*>(ma.fn)), none, &self, kNoNode);
          --iter_depth_;
          // __iter__ returning self (with a __next__) is not followed: unknown.
          bool is_self = false;
          for (const auto& ia : it.alts)
            if (ia.k == VK::instance && ia.fn == a.fn) is_self = true;
          if (!is_self) {
            put(iterate(it, nullptr));
            called = true;
          }
        }
      if (!called) put(Value());
      all_exact = false;
    } else {
      put(Value());
      all_exact = false;
    }
  }
  if (!any) sum = Value();
  if (!all_exact && exact) exact->clear();
  sum.taint |= v.taint;
  if (sum.ev < 0) sum.ev = v.ev;
  if (exact)
    for (auto& x : *exact) {
      x.taint |= v.taint;
      if (x.ev < 0) x.ev = v.ev;
    }
  return sum;
}

std::string PyInterp::alt_text(const Alt& a) {
  switch (a.k) {
    case VK::str: case VK::bytes: return a.s;
    case VK::integer: return std::to_string(a.i);
    case VK::boolean: return a.i ? "True" : "False";
    case VK::none: return "None";
    case VK::module: case VK::libfunc: return a.self ? a.s + "." + a.extra : a.s;
    case VK::object: return a.s + (a.extra.empty() ? "" : ":" + a.extra);
    // the code's own callables: conditions can tell them from text (timeit.timeit(fn) runs no text)
    case VK::function: case VK::method: case VK::cls: return "<callable>";
    case VK::tuple: case VK::list: {
      if (!a.c) return std::string(1, kUnknownPart);
      std::string out = "(";
      for (size_t i = 0; i < a.c->items.size() && i < 8; ++i) {
        if (i) out += ", ";
        out += value_text(a.c->items[i]);
      }
      if (a.c->open) out += ", " + std::string(1, kUnknownPart);
      return out + ")";
    }
    case VK::dict: {
      // {key: value, ...} so that conditions can name an option (jwt's options={"verify_signature": False}).
      if (!a.c) return std::string(1, kUnknownPart);
      std::string out = "{";
      for (size_t i = 0; i < a.c->keyed.size() && i < 8; ++i) {
        if (i) out += ", ";
        out += a.c->keyed[i].first + ": " + value_text(a.c->keyed[i].second);
      }
      if (a.c->open) out += ", " + std::string(1, kUnknownPart);
      return out + "}";
    }
    default: return std::string(1, kUnknownPart);
  }
}

std::string PyInterp::value_text(const Value& v) {
  if (v.alts.empty()) return std::string(1, kUnknownPart);
  std::string out;
  for (const auto& a : v.alts) {
    if (!out.empty()) out += '\n';
    out += alt_text(a);
  }
  return out;
}

}  // namespace mai::assess
