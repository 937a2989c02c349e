// The Python abstract interpreter (internal to src/assess): walks the
// tree-sitter tree of a module with abstract values, flow-sensitively within
// straight-line code and joining at branches; loops over known collections
// run per element; user functions, lambdas and methods are re-evaluated at
// each call with the actual arguments (memoised, depth-limited), and those
// never called are analysed once with unknown arguments. Library calls go
// through the library model to effects.
#pragma once
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "assess/context.hpp"
#include "assess/syntax_tree.hpp"
#include "assess/value.hpp"
#include <re2/re2.h>

namespace mai::assess {

struct ApiSpec;

// Marks a tuple that holds functools.partial's bound arguments (the `self`
// of the method it makes): a call puts them before its own.
inline const std::string kBoundArguments = "\x1fpartial";

class PyInterp {
 public:
  PyInterp(const SyntaxTree& tree, Ctx& ctx, uint32_t code_taint, int32_t code_ev,
           const std::vector<Word>* script_args = nullptr);
  void run();
  // The variables the parent put in this program's environment.
  void set_environment(const std::vector<std::pair<std::string, Word>>& env);

  struct ClassInfo;
  struct Scope {
    std::unordered_map<std::string, Value> vars;
    std::shared_ptr<Scope> parent;
    std::vector<std::string> star_modules;  // from m import *
    // Each call's scope holds its closure's, so 100,000 nested lambdas make a
    // chain as long, and letting shared_ptr free it recursively overflowed
    // the stack (SIGSEGV, the whole service with it). Freed in a loop.
    ~Scope() {
      std::shared_ptr<Scope> p = std::move(parent);
      while (p && p.use_count() == 1) {
        std::shared_ptr<Scope> next = std::move(p->parent);
        p.reset();
        p = std::move(next);
      }
    }
  };
  struct FunctionInfo {
    NodeId def = kNoNode;     // function_definition or lambda
    NodeId params = kNoNode;
    NodeId body = kNoNode;    // block, or the lambda's expression
    bool lambda = false;
    std::string name;
    std::shared_ptr<Scope> closure;
    std::vector<std::pair<std::string, Value>> defaults;
    ClassInfo* owner = nullptr;
    bool analysed = false;   // its body was interpreted at least once
    bool recursive = false;  // calls itself
    bool on_stack = false;
    bool property = false;   // @property: reading the attribute calls it
    bool static_method = false;  // @staticmethod: an instance does not bind itself to it
    bool class_method = false;   // @classmethod: its class binds to the first parameter
    bool route = false;      // a web framework's route: its parameters come from the request
    bool wsgi = false;       // a WSGI application (environ, start_response): environ is the request
    std::string task_context;  // @task of Fabric 2 or invoke: the type of the context it is called with
    uint32_t handler_taint = 0;  // a library calls it with data of its own (a bot's message, a protocol's bytes)
    int calls = 0;
    std::unordered_map<std::string, Value> memo;  // argument key -> return value
    // Each parameter's values over the calls the module made, joined: the
    // closing pass runs the function with these, not with unknowns.
    std::vector<std::pair<std::string, Value>> seen_args;
    int8_t writes_outer = -1;  // its body declares nonlocal or global names (-1: not looked yet)
  };
  struct ClassInfo {
    std::string name;
    NodeId def = kNoNode;
    std::shared_ptr<Scope> scope;           // class body: methods and class attributes
    std::vector<Value> bases;
    std::unordered_map<std::string, Value> inst;  // self.x assignments, joined
    std::vector<std::string> fields;  // annotated names of the body (a dataclass's, NamedTuple's), in order
    std::vector<std::string> repr_hidden;  // of those, declared field(repr=False)
    Value metaclass;  // a user class given as metaclass=, or a base's (inherited)
  };

  struct Args {
    std::vector<Value> pos;
    std::vector<NodeId> pos_nodes;
    std::vector<std::pair<std::string, Value>> kw;
    bool star_unknown = false;  // *args / **kwargs we could not expand
    Value extra;                // their taint
    const Value* get(int pos, const std::string& kw) const;
    uint32_t taint() const;
    int32_t ev() const;
  };

 private:
  friend struct PyCalls;
  // ---- statements ----
  void exec_block(NodeId block);
  void exec_stmt(NodeId s);
  void exec_if(NodeId s);
  void note_host_names(const std::string& name, const Value& v);
  void exec_for(NodeId s);
  void exec_while(NodeId s);
  std::vector<std::pair<std::string, Word>> child_environment(const Args& args) const;
  // A read of standard input (sys.stdin, input()) also holds what the pipe
  // into this nested program carries (Ctx::program_stdin_taint).
  void take_program_stdin(Value& read) const;
  // What print(*args) writes when its arguments are constant text: one
  // argument's alternatives each a line (any of them may be printed).
  std::optional<std::string> printed_lines(const Args& args, bool newline = true) const;
  // Its standard output: what the shell line that ran it redirects or reads
  // gets the arguments' labels, and `text` when known.
  void print_to_stdout(const Args& args, const std::optional<std::string>& text);
  bool true_whatever_the_body_sets(NodeId cond, const Value& first, NodeId body);
  void exec_try(NodeId s);
  void exec_with(NodeId s);
  void exec_match(NodeId s);
  void exec_import(NodeId s);
  void exec_import_from(NodeId s);
  void exec_def(NodeId s, NodeId decorated);
  void exec_class(NodeId s);
  // obj.name = v (also setattr(obj, "name", v)): an instance's or class's attribute, or a library setter.
  void assign_attribute(const Value& obj, const std::string& name, const Value& v, NodeId target);
  void assign(NodeId target, const Value& v);
  void assign_name(const std::string& name, Value v);
  // Inside `if NAME.endswith(LIT):` (or startswith): NAME's texts as the condition makes them.
  void narrow_by_condition(NodeId cond);
  // Runs `body` as one of several alternative paths (branches): its
  // assignments are recorded and undone, then joined by join_branches.
  struct Log {
    std::vector<std::tuple<Scope*, std::string, bool, Value>> old;  // scope, name, existed, value
    std::unordered_set<std::string> touched;
  };
  void begin_log();
  std::vector<std::tuple<Scope*, std::string, bool, Value>> end_log_and_undo(std::vector<Value>& finals);
  template <class Fn>
  void branches(const std::vector<Fn>& paths, bool may_skip_all);
  void run_loop_body(NodeId body, const std::function<void()>& bind, bool exact);

  // ---- expressions ----
 public:
  Value eval(NodeId e);
 private:
  Value eval_inner(NodeId e);
  Value eval_string(NodeId e);
  Value eval_concat(NodeId e);
  Value eval_binary(NodeId e);
  Value eval_display(NodeId e);  // [a, *xs, b], (a, b), {a, b}
  void check_sql(const Value& v, NodeId at);
  Value eval_attribute(NodeId e);
  Value eval_subscript(NodeId e);
  Value eval_call(NodeId e);
  Value call_with(const Value& callee, NodeId fn, Args& args, NodeId e);
  // Whether callee expression `fn` is super().__init__.
  bool is_super_init(NodeId fn) const;
  // The instance attribute holding what a library base's constructor made
  // for it (super().__init__(host) of an HTTPConnection subclass).
  static constexpr const char* kLibraryPart = " library part";
  // Whether a class value derives (up to a few levels) from a library class matching `re`.
  bool base_class_matches(const Value& v, const RE2& re, int depth) const;
  // d.items() / d.keys() of a mapping read at run time: its keys without the values' secrets.
  Value run_time_mapping_view(const Value& mapping, bool items);
  // `first_iterable`: the first clause's iterable, already evaluated (one
  // of the lists it may be, for a pass per list).
  Value eval_comprehension(NodeId e, const Value* first_iterable = nullptr);
  Value eval_lambda(NodeId e);
  Value lookup(const std::string& name, NodeId at);
  Value attribute_of(const Value& obj, const std::string& name, NodeId at);
  Value short_circuit(Value l, const Value& r, bool is_and);
  Value subscript_of(const Value& obj, const Value& key, NodeId at);
  Value subscript_of_alternatives(const Value& obj, const Value& key, NodeId at);
  Value binary(const std::string& op, const Value& l, const Value& r, NodeId at);
  Value iterate(const Value& v, std::vector<Value>* exact);  // element summary; exact elements when known
  // A text's lines, each with its newline (a file's, iterated); none for
  // text not known as one string, or of more than 256 lines.
  static std::vector<Value> text_lines(const Value& text);

 public:
  // ---- calls (python_calls.cpp) ----
  Value call(const Value& callee, Args& args, NodeId site);
  Value call_alt(const Alt& a, const Value& callee, Args& args, NodeId site);
  Value call_function(FunctionInfo& f, Args& args, const Value* self, NodeId site);
  // Method `name` of `instance` (of a class of the code's own) called with
  // `args`: what it returns, or nothing when its class has no such method.
  std::optional<Value> call_own_method(const Alt& instance, const std::string& name, Args& args, NodeId site);
  void remember_argument(FunctionInfo& f, const std::string& name, const Value& v);
  // A generated constructor's arguments into the annotated fields (ClassInfo::fields).
  // What an instance's generated repr shows (a dataclass's fields but those
  // declared repr=False), as taint: what logging it with %r sends.
  Value repr_content(const Value& v);
  // obj.__dict__, vars(obj), dataclasses.asdict(obj): a dict of an
  // instance's attributes (what its methods set, and a dataclass's fields
  // with their class-level defaults); of anything else, an open dict.
  // An instance's attributes as a dict (vars(obj), obj.__dict__); `deep`
  // (dataclasses.asdict) turns instances inside it, also in lists, into dicts.
  Value instance_dict(const Value& obj, bool deep = false, int depth = 0);
  Value as_plain_data(const Value& v, int depth);
  // What any attribute of obj may hold: its own labels and its instances' attributes'.
  std::pair<uint32_t, int32_t> attributes_held(const Value& obj);
  // The names an instance or class of the code's own holds (its class line's
  // body, and an instance's attributes and fields), unsorted, repeats kept.
  std::vector<std::string> attribute_names(const Alt& a) const;
  Value attributes_named_like(const Value& obj, const std::string& pattern, NodeId at);
  bool reaches_object(NodeId n) const;
  // A dataclass's (NamedTuple's, attrs') fields, its bases' first; empty for other classes.
  std::vector<std::string> dataclass_fields(const ClassInfo& c) const;
  void bind_fields(ClassInfo& c, const Args& args, const Alt& self);
  Value instantiate(ClassInfo& c, Args& args, NodeId site);
  // Whether every parameter of the class's own __init__ (after self) has a default.
  bool constructible_without_arguments(ClassInfo& c);
  Value call_library(const std::string& qualified, const Alt& a, const Value& callee, Args& args, NodeId site);
  // T.m(obj, ...) where obj is a T the model knows m of: the method bound to obj.
  std::optional<Alt> unbound_library_method(const std::string& qualified, const Alt& a, const Args& args) const;
  // A project runner of a module we cannot see (run_subprocess) given an argv
  // list of a known command: the spec that runs it (subprocess.run), or null.
  const ApiSpec* runs_known_argv(const std::string& qualified, const Args& args) const;
  Value call_builtin_method(const Alt& a, Args& args, NodeId site, bool& handled);
  Value join_texts(const std::vector<std::string>& seps, const Value& iterable, VK kind, uint32_t taint, int32_t ev,
                   NodeId site);
  Value apply_spec(const struct ApiSpec& spec, const std::string& qualified, const Value* self, Args& args,
                   NodeId site);
  Value apply_special(const struct ApiSpec& spec, const std::string& qualified, const Value* self, Args& args,
                      NodeId site, bool& handled);
  // The value of environment variable `name` (os.getenv, os.environ[name], a
  // template substituted from os.environ); key_taint is the taint of the name.
  // The variable (one of `names`, the alternatives of its key) read at `site`.
  Value env_variable(const std::vector<std::string>& names, uint32_t key_taint, NodeId site);
  // Environment variables this code set (os.environ[K] = v, putenv), by name.
  std::unordered_map<std::string, Value> set_env_;
  // The environment the parent process gave this program (a shell's
  // exported and prefix variables: `BUNDLE=x python3 - <<EOF`), by name.
  std::unordered_map<std::string, Value> inherited_env_;
  Value with_executable(const Value& exe, const Value& argv);
  Value with_program(const std::string& program, const Value& args);
  void invoke_callbacks(Args& args, uint32_t taint, int32_t ev, NodeId site);
  void call_unknown_with(const Value& fn, uint32_t taint, int32_t ev, NodeId site, int nargs = 1);
  // An attribute set on instances of the class or of a base (self.x = ... in a
  // base's __init__, reached through super().__init__()); null when none.
  const Value* find_instance_attr(const ClassInfo& c, const std::string& name, int depth = 0) const;
  // An attribute of one instance: its own (python_objects.cpp) when the
  // instance is known apart (Alt::i), else its class's join of them all.
  const Value* instance_attr(const Alt& instance, const std::string& name) const;
  // Only the instance's own, when it is known apart and has set it.
  const Value* own_instance_attr(const Alt& instance, const std::string& name) const;
  // self.x = v on an instance: into its class's join and its own attributes.
  void store_instance_attr(const Alt& instance, const std::string& name, const Value& v);
  // A number for a new instance (Alt::i), 0 once kMaxObjects are known apart.
  int64_t new_object();
  // The attributes the instances known apart among v's alternatives hold,
  // as part of a memo key.
  std::string object_state_key(const Value& v) const;
  Value find_method(ClassInfo& c, const std::string& name, int depth = 0);
  // Data a process reads on its standard input (Popen.communicate(x), run(input=x)):
  // for a shell or an interpreter that data is the code it runs.
  void stdin_effect(const std::string& line, const Value& data, NodeId site);
  // A started process's command line (a Popen's) given `data` on its
  // standard input later (communicate(input)): run again with that input,
  // for a script whose `while read` reads it.
  void feed_process(const std::string& line, const Value& data, NodeId site);
  // `stdin_data`: what the process reads on its standard input (another
  // process's output, an open file), for the command model.
  void exec_effect_argv(const Value& argv, bool shell, uint32_t flags, const Value* stdio, NodeId site,
                        const std::string& fn, Value* result_obj, const Value* stdin_data = nullptr);
  void run_nested_python(const Value& code, NodeId site, const char* via);
  void run_nested_shell(const std::string& line, uint32_t taint, int32_t ev, NodeId site, const char* via);
  void import_effects(const std::string& module, NodeId site);
  // plumbum's command objects (python_plumbum.cpp): nullopt when `a` is not one.
  std::optional<Value> plumbum_subscript(const Alt& a, const Value& obj, const Value& key);
  std::optional<Value> plumbum_operator(const std::string& op, const Value& l, const Value& r, NodeId at);
  Value plumbum_run(const Value& cmd, NodeId site);
  Value plumbum_call(const Alt& a, const Value& callee, Args& args, NodeId site);
  // argparse (python_argparse.cpp): add_argument/parse_args/set_defaults/groups
  // on a parser's state; an attribute of the namespace parse_args returned.
  Value argparse_call(const std::string& method, const Value* self, Args& args, NodeId site);
  std::optional<Value> argparse_attribute(const Alt& a, const std::string& name);
  std::optional<Value> option_from_command_line(const Args& args, const std::string& action, const std::string& nargs);
  // logging (python_logging.cpp): handlers added to the logging system, and a
  // record logged, which each such handler's `emit` sends where it sends.
  void add_log_handlers(const Value& handlers);
  void emit_log_record(Args& args, NodeId site);
  // Jinja2 (python_templates.cpp): a template's text rendered with the values
  // given to render(), which it carries.
  Value jinja_render(const Value* self, Args& args);
  // Whether the command line is a shell or interpreter that runs the program
  // it reads on its standard input (sh -i, bash -s, python3 -), not a script's.
  bool reads_program_on_stdin(const std::string& line) const;
  // What a started process prints (Popen.stdout, communicate()): an
  // interactive shell's output when it is one, or its command line is unknown.
  uint32_t process_output_taint(const Value* popen) const;
  // local.which("curl"): the command curl (nullopt for any other library call)
  std::optional<Value> plumbum_which(const std::string& qualified, const Args& args);

  // Helpers used by both halves.
  Site site_of(NodeId n, uint32_t extra_flags = 0) const;
  std::string text(NodeId n) const { return std::string(t_.text(n)); }
  int32_t evidence(NodeId at, std::string what, int32_t parent = -1);
  std::string hints() const;  // name hints around the current expression (assignment target, function)
  uint32_t loop_flags() const;
  static std::string value_text(const Value& v);  // for conditions: constants, qualified names
  static std::string alt_text(const Alt& a);
  static bool tuple_choice_may_match(const Value& v, const RE2& re);

  const SyntaxTree& t_;
  Ctx& ctx_;
  uint32_t code_taint_;
  int32_t code_ev_;
  // sys.argv[1:] as the command line that started this code gave them, when known.
  std::optional<std::vector<Word>> script_args_;
  std::shared_ptr<Scope> module_;
  std::shared_ptr<Scope> scope_;   // current
  FunctionInfo* fn_ = nullptr;     // current function
  std::vector<FunctionInfo*> active_;  // the functions whose calls are running, outermost first
  ClassInfo* cls_body_ = nullptr;  // inside a class body
  std::unordered_set<std::string>* globals_ = nullptr;  // names declared global in the current function
  std::vector<Log> logs_;
  struct Sink {
    Value* value = nullptr;
    bool any = false;
    // A generator's yields in order (the first few): the sequence it makes
    // when `exact`, each one surely happening once (not under a branch or a
    // loop over what is not known); else what it may yield, and more.
    std::vector<Value> in_order;
    bool exact = true;
    int branch_depth = 0;  // branch_depth_ where the function's body began
  };
  std::vector<Sink> returns_;  // where `return` values go
  std::vector<Sink> yields_;
  int branch_depth_ = 0;  // paths run by branches() around this point
  std::vector<std::string> hint_stack_;
  std::deque<FunctionInfo> functions_;
  std::deque<ClassInfo> classes_;
  // Each instance the code makes keeps its own attributes beside its class's
  // join of all of them, so a list of Requirement(name, spec) objects pins each
  // name to its own spec. objects_[i - 1] is instance i's; past kMaxObjects
  // instances are told apart no more (i = 0: any instance of the class).
  static constexpr size_t kMaxObjects = 4096;
  std::vector<std::unordered_map<std::string, Value>> objects_;
  int64_t self_object_ = 0;  // the instance the running method was called on
  std::unordered_map<NodeId, FunctionInfo*> fn_by_node_;
  // Every evaluation of a def, lambda or class makes a new record (its closure
  // is that call's scope), so a chain of nested lambdas, each called once by
  // the uncalled-functions pass, makes one per step of the work budget: 100,000
  // nested lambdas took minutes and 15 GB. Past kMaxDefinitions records, a
  // definition evaluated again reuses its last record (already analysed with
  // an earlier closure) and the analysis is marked incomplete; a definition
  // never seen still gets one, so no body goes unanalysed and the total stays
  // within kMaxDefinitions plus the definitions in the source.
  static constexpr size_t kMaxDefinitions = 8192;
  std::unordered_map<NodeId, FunctionInfo*> last_function_;
  std::unordered_map<NodeId, ClassInfo*> last_class_;
  FunctionInfo* reused_function(NodeId def);
  ClassInfo* reused_class(NodeId def);
  std::vector<Value> log_handlers_;  // logging handlers that send records somewhere (python_logging.cpp)
  bool in_fallback_ = false;  // evaluating calls found under code nested too deeply
  int call_depth_ = 0;
  int spawns_in_call_ = 0;  // threads and timers the running function's call has started
  bool forked_in_call_ = false;  // the running call (or the module's code) has called fork()
  // A copy run (Ctx::copy_run) took a branch that returns: the running call has ended.
  bool left_ = false;
  bool block_returns(NodeId block) const;
  int loop_depth_ = 0;
  int iter_depth_ = 0;  // __iter__ calls in progress (an __iter__ that iterates its own kind)
  Value raised_;  // the taint of everything raised so far (what `except E as e` may catch)
  int concat_depth_ = 0;  // inside adjacent string literals: SQL is checked on the whole
  int data_loop_ = 0;  // `for` loops over run-time items around the current statement
  int infinite_loop_ = 0;
  bool is_main_guard(NodeId cond) const;
  // A condition that is a parameter flag of the running function (or `not`
  // one), bound to constants of one truthiness in this call: its truth.
  std::optional<bool> parameter_flag_truth(NodeId cond, int depth = 0);
  // A plain, defaulted or typed parameter's name ("" for *args, **kw, / and *).
  std::string parameter_name(NodeId p) const;
  bool is_parameter(const FunctionInfo& f, const std::string& name) const;
  // A nonlocal or global statement anywhere in `body`, nested functions' included.
  bool declares_outer_names(NodeId body) const;
  bool can_leave(NodeId n, int depth) const;
  bool body_waits(NodeId n, int depth) const;
  int unthrottled_ = 0;  // endless loops around the statement whose body never waits
  int cond_depth_ = 0;  // `if` bodies around the current statement (the main guard not counted)
  int guarded_ = 0;     // earlier `if`s of this function that can leave it (return, raise, exit)
  uint32_t outer_loop_flags_ = 0;  // loop flags of the call sites of the function being evaluated
  bool stop_ = false;  // the work budget is spent: finish quickly
  // The module imports a web framework: a function parameter named `request`
  // that no call here binds is a request from the network (a view).
  bool web_framework_ = false;
  bool replaying_ = false;  // the passes over functions after the module ran (PyInterp::run)
  bool hooks_called_ = false;  // a library method called a subclass's hook (Thread.start -> run) in the module
  bool imports_web_framework() const;
  // Whether the module imported something of this top-level package.
  bool imports(std::string_view package) const;
  // What a library passes to the user code it calls back: the labels of a
  // handler registered by decorating with `decorator`, or of a method `name`
  // overriding one of a library base class (library-model.yaml's `handler`).
  uint32_t handler_taint(const Alt& decorator) const;
  uint32_t handler_taint(const Alt& base, const std::string& name) const;
  void check_django_settings(NodeId root);
  // Django management commands (classes deriving from its BaseCommand): run
  // as manage.py runs them, add_arguments(parser) and then handle(**options)
  // with what the parser holds (each option's default, or what the user types).
  void run_django_commands();
  void run_script_hooks();

  static constexpr int kMaxCallDepth = 6;
  static constexpr int kMaxCallsPerFunction = 24;
};

// The value of one role of a library call (library-model.yaml), joined over
// its references, with what its containers hold; nullopt when absent.
std::optional<Value> role_value(const ApiSpec& spec, const char* role, const PyInterp::Args& args,
                                const Value* self);

}  // namespace mai::assess
