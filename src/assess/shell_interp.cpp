// The shell front end: walks the tree-sitter Bash tree, evaluating words to
// abstract strings (quotes, escapes, ANSI-C strings, variables with their
// taint, ${x:-default}, ${IFS}, command substitutions), running pipelines
// with the taint of each stage's output flowing into the next, applying
// redirections (files, /dev/tcp sockets, here-documents) and handing every
// command to the command model. Functions defined in the script run at each
// call with their arguments; one calling itself in a pipeline or in the
// background is a fork bomb.
#include <fnmatch.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "assess/command_model.hpp"
#include "assess/context.hpp"
#include "assess/key_destination.hpp"
#include "assess/self_copies.hpp"
#include "assess/shell_arith.hpp"
#include "assess/shell_assignment_lines.hpp"
#include "assess/shell_coproc_groups.hpp"
#include "assess/shell_test_operators.hpp"
#include "assess/syntax_tree.hpp"
#include "assess/unparsable_lines.hpp"
#include "assess/taint.hpp"
#include "common/sha256.hpp"

namespace mai::assess {
namespace {

struct Redirect {
  std::string op;   // ">", ">>", "<", "&>", ">&", "<&", "<<", "<<<"
  int fd = -1;      // explicit descriptor
  Word target;
  bool heredoc = false;
  NodeId continuation = kNoNode;
};

class ShInterp {
 public:
  ShInterp(const SyntaxTree& t, Ctx& ctx, uint32_t taint, int32_t ev) : t_(t), ctx_(ctx), code_taint_(taint), code_ev_(ev) {}
  // A script run with arguments: its $1, $@ ...
  void set_arguments(std::vector<Word> args) {
    positional_.assign(1, std::move(args));
    count_unknown_.assign(1, false);
  }
  // Variables the parent put in this shell's environment.
  void set_environment(std::vector<std::pair<std::string, Word>> env) {
    for (auto& [name, value] : env) {
      exported_.insert(name);
      vars_[name] = std::move(value);
    }
  }
  // sh -c CODE NAME: the code's $0 (else this program's own path).
  void set_name(Word name) { name_ = std::move(name); }

  // What the code prints (the taint of its standard output).
  CommandResult run(const CommandIo& stdin) {
    if (t_.root() == kNoNode) return CommandResult();
    CommandIo io;
    io.stdin_taint = stdin.stdin_taint;
    io.stdin_ev = stdin.stdin_ev;
    // (its text too: a `while read` over the lines piped into `bash -c`)
    io.stdin_text = stdin.stdin_text;
    io.stdin_known = stdin.stdin_known;
    CommandResult result = exec(t_.root(), io);
    flush_history_off();
    // A copy run with its command line known (self_copies.hpp) does what that
    // line leads to: the functions it never reached are not the copy's.
    if (ctx_.copy_run) return result;
    // Functions never called: once each, with unknown arguments, as the
    // Python front end does. A library sourced by other code (an input
    // named lib.inc, a helper.sh) is judged by what its functions do.
    // Each starts where the script ended: one's `cd` is not another's.
    uncalled_pass_ = true;
    const Ctx::Place script_place = ctx_.place();
    for (size_t i = 0; i < func_order_.size() && !stop_; ++i) {
      const std::string& name = func_order_[i];
      if (called_.count(name)) continue;
      called_.insert(name);
      fn_stack_.push_back(Frame{name, in_pipeline_, background_, cond_});  // no positional arguments: $1... unknown
      exec(funcs_[name], CommandIo{});
      flush_history_off();
      fn_stack_.pop_back();
      ctx_.return_to(script_place);
    }
    return result;
  }

 private:
  CommandResult exec(NodeId n, const CommandIo& io);
  CommandResult exec_children(NodeId n, const CommandIo& io) {
    // The last command's result, with what every command printed (whoami && hostname).
    CommandResult last;
    uint32_t printed = 0;
    int32_t printed_ev = -1;
    int guarded = 0;  // after `&&` or `||`: the rest of the list runs only if the test before allows
    // A group's output is all its commands print, in order ({ echo '#!/bin/bash';
    // printf 'ZONE=%q\n' "$Z"; cat <<'EOF' ... EOF } > helper.sh): their texts
    // joined, an unknown part for one that printed data nobody knows.
    // A function's body is such a group when it runs straight through
    // (list_packages() { echo pyserial; echo requests; }); one with branches
    // or returns is not: what a call prints is the likely line its branches
    // print, command_substitution's first_printed_.
    // Into a <(...), read line by line, a function prints all its lines,
    // branches or not (mapfile -t paths < <(collect_paths)).
    const bool group = (t_.kind(n) == K::compound_statement &&
                        (t_.kind(t_[n].parent) != K::function_definition_sh || straight_line_body(n) ||
                         printing_lines())) ||
                       t_.kind(n) == K::subshell;
    std::string all_text;
    bool all_known = true;
    for (NodeId c = t_[n].first; c != kNoNode && !stop_; c = t_[c].next) {
      if (!t_[c].named) {
        if (t_.text(c) == "&&" || t_.text(c) == "||") guarded = 1;
        continue;
      }
      bool bg = next_is_background(c);
      if (bg) ++background_;
      cond_ += guarded;
      bool saved_exits = then_exits_;
      then_exits_ = !bg && next_is_exit(c);
      // A function's closing `return 0` prints nothing: what the function
      // printed before it is still what a redirection of the call gets. (In
      // $(...) the likely line is first_printed_'s, which this would hide.)
      std::optional<CommandResult> before_return;
      if (first_printed_.empty() && is_return_statement(c)) before_return = last;
      last = exec(c, io);
      if (before_return && !last.stdout_taint && last.stdout_text.empty()) {
        last.stdout_text = std::move(before_return->stdout_text);
        last.stdout_known = before_return->stdout_known;
        last.stdout_taint = before_return->stdout_taint;
        last.stdout_ev = before_return->stdout_ev;
      }
      then_exits_ = saved_exits;
      cond_ -= guarded;
      if (bg) --background_;
      printed |= last.stdout_taint;
      if (printed_ev < 0) printed_ev = last.stdout_ev;
      if (group) append_printed_text(all_text, all_known, last);
    }
    last.stdout_taint |= printed;
    if (last.stdout_ev < 0) last.stdout_ev = printed_ev;
    if (group && !all_text.empty()) {
      last.stdout_text = std::move(all_text);
      last.stdout_known = all_known;
    }
    return last;
  }
  // declare -n / local -n (or -rn, -nr ...): its names are references.
  bool declares_nameref(NodeId decl) const {
    for (NodeId c = t_[decl].first; c != kNoNode; c = t_[c].next) {
      std::string_view w = t_.text(c);
      if (t_.kind(c) == K::variable_assignment || t_.kind(c) == K::variable_name) break;
      if (w.size() > 1 && w[0] == '-' && w.find('n') != std::string_view::npos) return true;
    }
    return false;
  }
  static bool is_shell_name(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
  }
  // `return` or `return N`.
  bool is_return_statement(NodeId c) const {
    if (t_.kind(c) != K::command) return false;
    NodeId name = t_.child(c, F::name);
    return name != kNoNode && t_.text(name) == "return";
  }
  // A function body of plain commands only (no branch, loop or case, no
  // `return` or `exit` anywhere): every line of it runs, in order.
  bool straight_line_body(NodeId body) const {
    bool plain = true;
    t_.for_named(body, [&](NodeId c) {
      K k = t_.kind(c);
      if (k != K::command && k != K::pipeline && k != K::redirected_statement && k != K::variable_assignment &&
          k != K::declaration_command && k != K::sh_comment)
        plain = false;
    });
    if (!plain) return false;
    std::string_view text = t_.text(body);
    for (std::string_view stop : {"return", "exit"})
      for (size_t at = text.find(stop); at != std::string_view::npos; at = text.find(stop, at + 1)) {
        auto word_char = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
        bool starts = at == 0 || !word_char(text[at - 1]);
        bool ends = at + stop.size() >= text.size() || !word_char(text[at + stop.size()]);
        if (starts && ends) return false;
      }
    return true;
  }
  static constexpr size_t kMaxGroupText = 64 * 1024;
  // Adds what one command of a group or one pass of a loop printed: its text,
  // or an unknown part for data nobody knows.
  static void append_printed_text(std::string& text, bool& known, const CommandResult& printed) {
    if (text.size() >= kMaxGroupText) return;
    if (printed.stdout_known || !printed.stdout_text.empty()) {
      text += printed.stdout_text;
      known = known && printed.stdout_known;
    } else if (printed.stdout_taint) {
      text += kUnknownPart;
      known = false;
    }
  }
  // A compound command prints what the commands in it print (`for f in ...;
  // do cat "$f"; done | base32`): their output's taint joins the result's.
  static void add_printed(CommandResult& into, const CommandResult& from) {
    if (!from.stdout_taint) return;
    into.stdout_taint |= from.stdout_taint;
    if (into.stdout_ev < 0) into.stdout_ev = from.stdout_ev;
    into.stdout_known = false;
  }
  // Whether the statement after `c` in its list is `exit` (after `;` or a newline).
  bool next_is_exit(NodeId c) const {
    NodeId nx = t_[c].next;
    while (nx != kNoNode && !t_[nx].named && t_.text(nx) == ";") nx = t_[nx].next;
    if (nx == kNoNode || !t_[nx].named || t_.kind(nx) != K::command) return false;
    NodeId name = t_.first_named(nx);
    return name != kNoNode && t_.text(name) == "exit";
  }
  bool next_is_background(NodeId c) const {
    NodeId nx = t_[c].next;
    return nx != kNoNode && !t_[nx].named && t_.text(nx) == "&";
  }
  CommandResult exec_command(NodeId cmd, const std::vector<Redirect>& redirects, const CommandIo& io);
  struct Redirections {
    std::vector<const Redirect*> outputs;     // files and sockets its output goes to
    std::vector<std::string> socket_outputs;  // `>&3` after `exec 3<>/dev/tcp/h/p`: stdout goes to h/p
    bool socket_io = false;
    bool stdout_elsewhere = false;  // >&2, >/dev/null: nothing of it reaches a pipe or $(...)
  };
  Redirections open_redirects(const std::vector<Redirect>& reds, bool exec_only, CommandIo& io, NodeId at);
  void close_redirects(const Redirections& rd, CommandResult& result, const Site& s);
  // What a command printed, written to /dev/tcp/HOST/PORT (or a descriptor opened on it).
  void send_to_socket(const std::string& dev_path, const CommandResult& printed, const Site& at) {
    Effect e;
    e.kind = Eff::net_send;
    e.tag = "dev_tcp";
    e.target = dev_path.substr(9);
    e.data_taint = printed.stdout_taint;
    e.data_ev = printed.stdout_ev;
    e.detail = printed.stdout_known ? printed.stdout_text : std::string();
    ctx_.effect(std::move(e), at);
  }
  NodeId split_point(NodeId cmd) const;
  bool drops_dash_before_redirect(NodeId cmd) const;
  CommandResult exec_pipeline(NodeId n, const CommandIo& io);
  std::vector<Word> words(NodeId cmd, std::vector<std::string>* assigns);
  Word word(NodeId n, bool& split);
  // The word after an expansion's operator (${NAME:-WORD}, ${NAME+WORD}):
  // its children after the name, else `text` as written.
  Word operator_word(NodeId expansion, std::string_view text);
  Word expand_var(const std::string& name);
  std::string ifs_separator() const;
  std::string field_separators(const std::vector<std::string>& prefix_assigns) const;
  // A variable's value before a subshell, to put back after it.
  std::optional<Word> saved_var(const std::string& name) const {
    auto it = vars_.find(name);
    return it == vars_.end() ? std::nullopt : std::optional<Word>(it->second);
  }
  void restore_var(const std::string& name, const std::optional<Word>& value) {
    if (value) vars_[name] = *value;
    else vars_.erase(name);
  }
  std::string join_by_ifs(const std::string& elements) const;
  Word substitute_pattern(NodeId expansion, const Word& value, std::string_view rest);
  // Known variables for shell arithmetic; its assignments set them.
  ArithVars arith_vars();
  // The [start, start+count) of an "offset[:length]" slice of `size` items
  // (characters of ${s:1:-1}, elements of ${A[@]:2}); nullopt when unknown or out of range.
  std::optional<std::pair<int64_t, int64_t>> slice_bounds(std::string_view spec, int64_t size);
  // for (( i=${#s}-1; i>=0; i-- )) over known values: the body once per
  // iteration. False (nothing run) when the start or the first test is unknown.
  bool c_style_for(NodeId n, const CommandIo& io, CommandResult& r);
  static constexpr int kMaxArithLoop = 32;  // iterations of a for (( ; ; )) loop run one by one
  // Inside $(...): the first known text a command printed to it. A function
  // that prints one of several candidates under conditions (`for t in grim
  // scrot; do if command -v "$t"; then echo "$t"; return; fi; done`) likely
  // prints the first, as an option's value is likely its default. Failing a
  // known one, the first printed with parts known ("/dev/$parent").
  struct FirstPrinted {
    std::string known, partial;
    int pipeline_depth = 0;  // in_pipeline_ where the $(...) began: a stage of a pipeline inside it prints to the next stage
    // A <(...): read as lines (mapfile, while read), so every line printed
    // counts, not the likely one.
    bool lines = false;
  };
  // Printing into a <(...) (not into a $(...) inside it).
  bool printing_lines() const { return !first_printed_.empty() && first_printed_.back().lines; }
  std::vector<FirstPrinted> first_printed_;
  // The input redirections of a redirected pipeline, for its last command
  // (set just before the pipeline runs, taken by exec_pipeline).
  std::vector<Redirect> last_stage_input_;
  // What the last <(...) printed: the text read through its /dev/fd/63
  // (`mapfile -t DEVS < <(list_disks)`).
  struct ProcessOutput {
    std::string text;
    bool known = false;
  } process_output_;
  void note_printed(const CommandResult& r) {
    if (first_printed_.empty() || in_pipeline_ > first_printed_.back().pipeline_depth || r.stdout_text.empty()) return;
    FirstPrinted& first = first_printed_.back();
    if (r.stdout_known && first.known.empty()) first.known = r.stdout_text;
    else if (!r.stdout_known && first.partial.empty() && is_partial(r.stdout_text) &&
             r.stdout_text.find_first_not_of(std::string("\n") + kUnknownPart) != std::string::npos)
      first.partial = r.stdout_text;  // (a line with a known part: `echo "$DEV"` is none)
  }
  // eval's arguments as a call of a function of this script, when they make a
  // plain line (words and blanks, no quoting, expansion or operator) whose
  // first word names one; empty otherwise.
  std::vector<Word> plain_function_call(const std::vector<Word>& argv) const {
    std::string line;
    uint32_t taint = 0;
    int32_t ev = -1;
    for (size_t k = 1; k < argv.size(); ++k) {
      if (k > 1) line += ' ';
      line += argv[k].text;
      taint |= argv[k].taint;
      if (ev < 0) ev = argv[k].ev;
    }
    if (line.find_first_of(";|&<>$`()'\"\\{}\n#*?[") != std::string::npos) return {};
    std::vector<Word> words;
    for (size_t at = 0; at < line.size();) {
      while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
      size_t end = at;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
      if (end > at) words.push_back(Word{line.substr(at, end - at), taint, ev});
      at = end;
    }
    if (words.empty() || !funcs_.count(words[0].text)) return {};
    return words;
  }
  // `export -f NAME...` (declare -fx): child shells know those functions.
  void export_functions(NodeId decl) {
    bool functions = false;
    for (NodeId c = t_.first_named(decl); c != kNoNode; c = t_.next_named(c)) {
      std::string_view w = t_.text(c);
      if (t_.kind(c) == K::word && w.size() > 1 && w[0] == '-' && w.find('f') != std::string_view::npos) functions = true;
    }
    if (!functions) return;
    for (NodeId c = t_.first_named(decl); c != kNoNode; c = t_.next_named(c)) {
      if (t_.kind(c) != K::variable_name && t_.kind(c) != K::word) continue;
      auto fn = funcs_.find(std::string(t_.text(c)));
      if (fn == funcs_.end()) continue;
      std::string_view def = t_.text(t_[fn->second].parent);
      if (def.size() <= Ctx::kMaxExportedFunction &&
          (ctx_.exported_functions.size() < Ctx::kMaxExportedFunctions || ctx_.exported_functions.count(fn->first)))
        ctx_.exported_functions[fn->first] = std::string(def);
    }
  }
  void collect_redirects(NodeId n, std::vector<Redirect>& out);
  void assign_var(const std::string& name, const Word& w, NodeId at);
  std::unordered_set<std::string> cond_set_;  // variables a conditional branch has set (assign_var)
  // History variables switched off and not restored yet, reported when the
  // function or script that set them ends.
  struct PendingSwitch {
    std::string detail;
    Site at;
  };
  std::map<std::string, PendingSwitch> history_off_;
  bool then_exits_ = false;  // the command being run is followed by `exit` (site())
  void flush_history_off();
  Site site(NodeId n) const {
    // A command the script exits right after (`"$0" --help; exit 1`) ends it
    // as `exec` would: it hands over, it does not multiply.
    // A shell loop counts as endless only when its body never sleeps or waits,
    // so it is unthrottled too (Python tells the two apart).
    uint32_t flags = (loop_ ? kInLoop : 0) | (infinite_ ? kInInfiniteLoop | kUnthrottled : 0) |
                     (background_ ? kBackground : 0) |
                     (cond_ ? kConditional : 0) | (then_exits_ ? kReplaces : 0);
    return ctx_.at(t_[n].line, t_[n].col, flags);
  }
  bool spend() {
    if (!ctx_.budget.spend()) {
      stop_ = true;
      ctx_.mark_incomplete("the code is too large to analyse fully");
      return false;
    }
    return true;
  }

  const SyntaxTree& t_;
  Ctx& ctx_;
  uint32_t code_taint_;
  int32_t code_ev_;
  std::unordered_map<std::string, Word> vars_;
  // Variables a child process inherits: exported ones and those this shell
  // got from its parent's environment.
  std::set<std::string> exported_;
  static constexpr size_t kMaxExported = 64;
  void note_exported(NodeId decl);
  // The command's own prefix variables (`BUNDLE=$f python3 - <<EOF`), their
  // values expanded once, as the command runs.
  Ctx::Environment prefix_environment(NodeId cmd);
  // What a child of a command finds in its environment: the exported
  // variables, then the command's prefix.
  Ctx::Environment child_environment(const Ctx::Environment& prefix) const;
  std::optional<Word> name_;  // $0 given by sh -c CODE NAME
  // In a case branch whose one pattern is a literal and a star (/dev/*), the
  // variable the case tests, known only at run time, begins with that literal.
  struct Narrowed {
    std::string name;
    Word before;
    std::string during;
  };
  std::optional<Narrowed> narrow_to_pattern(NodeId item);
  // `[ -b "$dev" ]`, `[[ -b $d ]]`: a variable not wholly known (a helper's
  // pick, an option) that passes the test names a block device, one
  // under /dev, for whatever later writes to it (dd of=, mkfs). Only the
  // script's guards use -b, so the name stays narrowed past the test.
  void narrow_block_device_tests(NodeId test);
  // A copy run (Ctx::copy_run, self_copies.hpp) goes the one way known tests
  // say: the truth of `[ "$1" = --worker ]`, `[[ $ROLE == w* ]]`, `[ -n "$X" ]`
  // whose sides are known; the branch an if or a case takes. None where a
  // test or the case's word is not known (every branch runs, as for the
  // program itself).
  std::optional<bool> known_test(NodeId test);
  // $1, $2 ... that the script's command line or a function's call gave.
  bool given_positional(const std::string& name) const {
    if (positional_.empty() || name.empty() || name.find_first_not_of("0123456789") != std::string::npos) return false;
    const size_t k = std::strtoul(name.c_str(), nullptr, 10);
    return k >= 1 && k <= positional_.back().size();
  }
  std::optional<CommandResult> exec_decided_if(NodeId n, const CommandIo& io);
  std::optional<CommandResult> exec_decided_case(NodeId n, const CommandIo& io);
  // The variable a word expands to when it is just that ($v, "$v", ${v}), else "".
  std::string expanded_variable(NodeId word) const;
  void widen(const Narrowed& n) {
    auto it = vars_.find(n.name);
    if (it != vars_.end() && it->second.text == n.during) it->second = n.before;  // (unless the branch set it)
  }
  std::unordered_map<std::string, NodeId> funcs_;
  std::vector<std::string> func_order_;         // as defined, for the uncalled ones
  std::unordered_set<std::string> called_;      // functions run by a call
  bool uncalled_pass_ = false;                  // running the functions nobody called
  std::vector<std::vector<Word>> positional_;
  // Per frame of positional_: a shift took an argument not known, which may
  // have stood for several ("$@" passed on): how many are left is not known.
  std::vector<bool> count_unknown_;
  // The functions being run, with the pipeline, background and condition
  // depth each was called at: a recursion is a fork bomb only when the
  // recursive call itself is piped or backgrounded inside the body, under no
  // condition of its own (`:(){ :|:& }`), not when the first call was (a
  // `python()` wrapper called in a pipeline that calls python).
  struct Frame {
    std::string name;
    int pipeline = 0, background = 0, cond = 0;
  };
  std::vector<Frame> fn_stack_;
  // exec 5<>/dev/tcp/h/p: Ctx's, so that the shell's eval and the children
  // it starts (which inherit its descriptors) see the connection too.
  std::unordered_map<int, std::string>& socket_fds_ = ctx_.shell_socket_fds;
  // `local -n out=$1`: out names the caller's variable (build_args args sets args)
  std::unordered_map<std::string, std::string> namerefs_;
  const std::string& deref(const std::string& name) const {
    const std::string* at = &name;
    for (int hops = 0; hops < 8 && !namerefs_.empty(); ++hops) {
      auto it = namerefs_.find(*at);
      if (it == namerefs_.end()) break;
      at = &it->second;
    }
    return *at;
  }
  int loop_ = 0, infinite_ = 0, background_ = 0, in_pipeline_ = 0;
  int cond_ = 0;  // inside a branch of if/case or after && / ||
  int infinite_bg_ = 0;  // background_ when the innermost endless loop began
  static constexpr size_t kMaxReadLines = 32;  // lines of known text a `while read` loop is run for
  bool stop_ = false;
  int subshell_ = 0;  // inside ( ... ): its `exit` ends it alone
};

void ShInterp::assign_var(const std::string& name, const Word& w, NodeId at) {
  // A condition counts inside the function being run: a helper's own
  // `_out="$2"` is plain each time it is called, even from a branch
  // (`if fetch A; then fetch B; fi`).
  const bool cond = cond_ > (fn_stack_.empty() ? 0 : fn_stack_.back().cond);
  // A variable holds one word. Under a condition (an option's case branch:
  // z) ZONE="$OPTARG"), an unknown value does not replace a known one, which
  // stays the likely value (the default); what the unknown one carries is kept.
  // Known in part is known (CONFIG="$WORKDIR/trail-status.conf", where
  // WORKDIR is found at run time: still the file beside the script).
  if (cond && w.text == std::string(1, kUnknownPart))
    if (auto old = vars_.find(name); old != vars_.end() && !old->second.text.empty() &&
                                     old->second.text != std::string(1, kUnknownPart)) {
      old->second.taint |= w.taint;
      if (old->second.ev < 0) old->second.ev = w.ev;
      return;
    }
  // Branches that each set it (if root; PRIV=""; elif sudo; PRIV=sudo; else
  // PRIV=__none__; fi): the first branch's non-empty value is the likely one,
  // as the first of a preference list is, not the fallback the last names.
  // (An append in the same branch, L+=(x), builds on it and is kept.)
  // Nor does it stay over a known one: a fallback for a value the command
  // line may leave empty ([[ -n "$KEY" ]] || KEY=~/.ssh/id_rsa) is the likely
  // value, as ${KEY:-~/.ssh/id_rsa} is.
  const std::string unknown(1, kUnknownPart);
  const auto old_value = vars_.find(name);
  const bool replaces_unknown = cond && old_value != vars_.end() && old_value->second.text == unknown &&
                                !w.text.empty() && w.text != unknown;
  if (cond) {
    if (!cond_set_.insert(name).second && !replaces_unknown)
      if (auto old = vars_.find(name); old != vars_.end() && !old->second.text.empty() &&
                                       w.text.rfind(old->second.text, 0) != 0) {
        old->second.taint |= w.taint;
        if (old->second.ev < 0) old->second.ev = w.ev;
        return;
      }
  } else {
    cond_set_.erase(name);
  }
  // $RANDOM (15 bits from a seedable generator) in a password or token:
  // `random` for secrets, as in Python.
  if (at != kNoNode && ctx_.lib.secret_hint(name) && t_.text(at).find("RANDOM") != std::string_view::npos) {
    Effect e;
    e.kind = Eff::risky;
    e.tag = "weak_random";
    e.target = name;
    e.detail = "$RANDOM for " + name;
    ctx_.effect(std::move(e), site(at));
  }
  const uint32_t unknown_taint = replaces_unknown ? old_value->second.taint : 0;
  Word& kept = vars_[name] = w;
  kept.taint |= unknown_taint;
  note_host_names(ctx_.log, name, kept.text);
  // x="$x$x" doubles a variable each line: 100,000 such lines took 2.8 GB.
  // A variable keeps what a Python string value keeps, the rest unknown.
  if (kept.text.size() > Value::kMaxString) {
    kept.text.resize(Value::kMaxString);
    kept.text.back() = kUnknownPart;
  }
  // History switched off: HISTFILE=/dev/null, HISTSIZE=0. Judged by the value
  // the variable keeps: zsh's idiom of emptying the in-memory history
  // (HISTSIZE=0; HISTSIZE=$saved) restores it at once.
  if (name != "HISTFILE" && name != "HISTSIZE" && name != "HISTFILESIZE") return;
  if ((name == "HISTFILE" && (w.text == "/dev/null" || w.text.empty())) || (name != "HISTFILE" && w.text == "0"))
    history_off_[name] = PendingSwitch{name + "=" + w.text, site(at)};
  else
    history_off_.erase(name);
}

void ShInterp::flush_history_off() {
  for (auto& [name, pending] : history_off_) {
    Effect e;
    e.kind = Eff::security_off;
    e.tag = "history";
    e.target = name;
    e.detail = pending.detail;
    ctx_.effect(std::move(e), pending.at);
  }
  history_off_.clear();
}

// Separates the elements of an array value (bash arrays, "$@"; never in real text).
constexpr char kArraySep = '\x1f';
// IFS when the code leaves it alone: unquoted expansions split at blanks and newlines.
constexpr const char* kDefaultIfs = " \t\n";

// The items of an array word ("${a[@]}", "$@"), each a word with the array's labels.
void append_array_items(const Word& w, std::vector<Word>& out) {
  size_t p = 0;
  while (p <= w.text.size()) {
    size_t e = w.text.find(kArraySep, p);
    if (e == std::string::npos) e = w.text.size();
    out.push_back(Word{w.text.substr(p, e - p), w.taint, w.ev});
    p = e + 1;
  }
}

// An array's elements, each with its key: an associative array's literal
// (declare -A A=([k]=v ...)) keeps "[k]=v" per element; an indexed one's keys
// are its positions.
struct ArrayElement {
  std::string key, value;
};
std::vector<ArrayElement> array_elements(const std::string& text) {
  std::vector<ArrayElement> out;
  std::vector<std::string> parts;
  for (size_t b = 0;;) {
    size_t e = text.find(kArraySep, b);
    parts.push_back(text.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + 1;
  }
  bool assoc = true;
  for (const auto& p : parts)
    if (p.empty() || p[0] != '[' || p.find("]=") == std::string::npos) assoc = false;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (assoc) {
      size_t close = parts[i].find("]=");
      out.push_back({parts[i].substr(1, close - 1), parts[i].substr(close + 2)});
    } else {
      out.push_back({std::to_string(i), parts[i]});
    }
  }
  return out;
}

// Elements (their values, or with `keys` their keys) as one array value.
std::string join_elements(const std::vector<ArrayElement>& els, bool keys) {
  std::string out;
  for (size_t i = 0; i < els.size(); ++i) {
    if (i) out += kArraySep;
    out += keys ? els[i].key : els[i].value;
  }
  return out;
}

// A[k]=v: the array's text with the element at key k set (replaced, or
// added at the end). A key that is not a number makes it an associative
// array ("[k]=v" per element); an unknown key adds the value at an unknown
// key, which no lookup by a known key finds, but its labels stay.
std::string with_element(const std::string& array, const std::string& key, const std::string& value) {
  std::vector<ArrayElement> els = array.empty() ? std::vector<ArrayElement>{} : array_elements(array);
  bool numeric = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
  bool assoc = array.empty() ? !numeric : array[0] == '[' && array.find("]=") != std::string::npos;
  auto slot = std::find_if(els.begin(), els.end(), [&](const ArrayElement& e) { return e.key == key; });
  if (is_partial(key) || slot == els.end()) els.push_back({key, value});
  else slot->value = value;
  std::string out;
  for (size_t i = 0; i < els.size(); ++i) {
    if (i) out += kArraySep;
    out += assoc ? "[" + els[i].key + "]=" + els[i].value : els[i].value;
  }
  return out;
}

// ${NAME#pattern} and its kin: the shortest (# %) or longest (## %%) prefix
// or suffix matching the pattern goes. The pattern's quotes go and its $HOME
// is ~ (${f#"$HOME"/}). A partial value is cut only by a literal pattern on
// its known end; otherwise it stays as it is (what it names is still what it
// named).
Word ShInterp::operator_word(NodeId expansion, std::string_view text) {
  // (a word of its own: the children after the variable and its subscript)
  Word d;
  bool found = false;
  for (NodeId c = t_[expansion].first; c != kNoNode; c = t_[c].next)
    if (t_[c].named && t_.kind(c) != K::variable_name && t_.kind(c) != K::special_variable_name &&
        t_.kind(c) != K::subscript) {
      bool ig = false;
      Word x = word(c, ig);
      d.text += x.text;
      d.taint |= x.taint;
      if (d.ev < 0) d.ev = x.ev;
      found = true;
    }
  if (!found) d.text = std::string(text);
  return d;
}

std::string ShInterp::expanded_variable(NodeId word) const {
  if (word == kNoNode) return {};
  if (t_.kind(word) == K::sh_string && t_.first_named(word) != kNoNode && t_.next_named(t_.first_named(word)) == kNoNode)
    word = t_.first_named(word);  // "$src"
  if (t_.kind(word) != K::simple_expansion && t_.kind(word) != K::expansion) return {};
  NodeId var = t_.first_named(word);
  if (var == kNoNode || t_.kind(var) != K::variable_name || t_.next_named(var) != kNoNode) return {};
  return std::string(t_.text(var));
}

namespace {
// A glob match bounded in cost on any input: plain patterns only (an
// extglob's nested alternatives can take exponential time in fnmatch),
// short, with few stars. None where it is not decided so.
std::optional<bool> bounded_glob(const std::string& pattern, const std::string& text) {
  if (pattern.size() > 128 || text.size() > 1024 || std::count(pattern.begin(), pattern.end(), '*') > 4 ||
      pattern.find('(') != std::string::npos)
    return std::nullopt;
  return ::fnmatch(pattern.c_str(), text.c_str(), 0) == 0;
}
}  // namespace

std::optional<bool> ShInterp::known_test(NodeId test) {
  if (test == kNoNode || t_.kind(test) != K::test_command) return std::nullopt;
  NodeId e = t_.first_named(test);
  if (e == kNoNode || t_.next_named(e) != kNoNode) return std::nullopt;
  std::vector<NodeId> sides;
  std::string op;
  for (NodeId c = t_[e].first; c != kNoNode; c = t_[c].next) {
    if (t_[c].field == F::operator_) op = std::string(t_.text(c));
    else if (t_[c].named) sides.push_back(c);
  }
  auto known = [&](NodeId w) -> std::optional<std::string> {
    bool split = false;
    Word x = word(w, split);
    if (is_partial(x.text)) return std::nullopt;
    return x.text;
  };
  if (sides.size() == 1 && (op == "-n" || op == "-z")) {
    auto v = known(sides[0]);
    if (!v) return std::nullopt;
    return v->empty() == (op == "-z");
  }
  if (sides.size() != 2 || (op != "=" && op != "==" && op != "!=")) return std::nullopt;
  auto left = known(sides[0]), right = known(sides[1]);
  if (!left || !right) return std::nullopt;
  // [[ A == B ]]: an unquoted B is a pattern ([ A = B ] compares strings).
  const bool pattern = t_.text(test).rfind("[[", 0) == 0 && t_.kind(sides[1]) != K::sh_string &&
                       t_.kind(sides[1]) != K::raw_string && right->find_first_of("*?[") != std::string::npos;
  const std::optional<bool> equal = pattern ? bounded_glob(*right, *left) : std::optional<bool>(*left == *right);
  if (!equal) return std::nullopt;
  return *equal == (op != "!=");
}

std::optional<CommandResult> ShInterp::exec_decided_if(NodeId n, const CommandIo& io) {
  // The if's own test and body, each elif's, the else's body.
  struct Clause {
    NodeId test = kNoNode;
    std::vector<NodeId> body;
  };
  std::vector<Clause> clauses(1);
  auto add = [&](Clause& to, NodeId c) {
    if (t_[c].field != F::condition) to.body.push_back(c);
    else if (to.test == kNoNode) to.test = c;
    else return false;  // `if a; b; then`: not one test
    return true;
  };
  for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c)) {
    const K k = t_.kind(c);
    if (k != K::elif_clause_sh && k != K::else_clause_sh) {
      if (!add(clauses.front(), c)) return std::nullopt;
      continue;
    }
    clauses.emplace_back();
    for (NodeId d = t_.first_named(c); d != kNoNode; d = t_.next_named(d))
      if (!add(clauses.back(), d)) return std::nullopt;
    if (k == K::elif_clause_sh && clauses.back().test == kNoNode) return std::nullopt;
  }
  const Clause* taken = nullptr;
  for (const Clause& c : clauses) {
    if (c.test == kNoNode) {
      taken = &c;  // else
      break;
    }
    auto truth = known_test(c.test);
    if (!truth) return std::nullopt;
    if (*truth) {
      taken = &c;
      break;
    }
  }
  CommandResult r;
  if (taken)
    for (NodeId c : taken->body) {
      if (stop_) break;
      add_printed(r, exec(c, io));
    }
  return r;
}

std::optional<CommandResult> ShInterp::exec_decided_case(NodeId n, const CommandIo& io) {
  NodeId subject = t_.child(n, F::value);
  if (subject == kNoNode) return std::nullopt;
  bool split = false;
  const Word v = word(subject, split);
  if (is_partial(v.text)) return std::nullopt;
  for (NodeId item = t_.first_named(n); item != kNoNode; item = t_.next_named(item)) {
    if (t_.kind(item) != K::case_item) continue;
    bool matched = false;
    for (NodeId p = t_.first_named(item); p != kNoNode && !matched; p = t_.next_named(p)) {
      if (t_[p].field != F::value) continue;
      const K k = t_.kind(p);
      const std::string_view text = t_.text(p);
      // (the grammar makes most patterns an extglob_pattern node: plain text here)
      if (k == K::word || (k == K::other && text.find_first_of("$`\"'\\") == std::string_view::npos)) {
        const auto m = bounded_glob(std::string(text), v.text);
        if (!m) return std::nullopt;
        matched = *m;
      } else {
        bool ignored = false;
        Word w = word(p, ignored);  // a quoted pattern is its text
        if (is_partial(w.text) || (k != K::sh_string && k != K::raw_string)) return std::nullopt;
        matched = w.text == v.text;
      }
    }
    if (!matched) continue;
    // (;& and ;;& go on into the next items: not followed here)
    for (NodeId c = t_[item].first; c != kNoNode; c = t_[c].next)
      if (!t_[c].named && (t_.text(c) == ";&" || t_.text(c) == ";;&")) return std::nullopt;
    CommandResult r;
    for (NodeId c = t_.first_named(item); c != kNoNode && !stop_; c = t_.next_named(c))
      if (t_[c].field != F::value) add_printed(r, exec(c, io));
    return r;
  }
  return CommandResult{};  // no item matches: nothing runs
}

void ShInterp::narrow_block_device_tests(NodeId test) {
  for (NodeId c = t_.first_named(test); c != kNoNode; c = t_.next_named(c)) {
    NodeId op = t_.first_named(c);
    if (op == kNoNode || t_.text(op) != "-b") {
      if (t_.kind(c) == K::other) narrow_block_device_tests(c);  // [[ -b $a && -b $b ]]
      continue;
    }
    std::string name = expanded_variable(t_.next_named(op));
    auto it = name.empty() ? vars_.end() : vars_.find(deref(name));
    if (it != vars_.end() && is_partial(it->second.text) && it->second.text.rfind("/dev/", 0) != 0)
      it->second.text = std::string("/dev/") + kUnknownPart;
  }
}

std::optional<ShInterp::Narrowed> ShInterp::narrow_to_pattern(NodeId item) {
  std::string name = expanded_variable(t_.first_named(t_[item].parent));
  if (name.empty()) return std::nullopt;
  NodeId pattern = kNoNode;
  for (NodeId c = t_.first_named(item); c != kNoNode; c = t_.next_named(c))
    if (t_[c].field == F::value) {
      if (pattern != kNoNode) return std::nullopt;  // a|b: either
      pattern = c;
    }
  if (pattern == kNoNode) return std::nullopt;
  std::string_view p = t_.text(pattern);
  if (p.size() < 2 || p.back() != '*' || p.substr(0, p.size() - 1).find_first_of("*?[]\\\"'$") != std::string_view::npos)
    return std::nullopt;
  auto it = vars_.find(name);
  if (it == vars_.end() || !is_partial(it->second.text)) return std::nullopt;
  Narrowed out{name, it->second, std::string(p.substr(0, p.size() - 1)) + kUnknownPart};
  it->second.text = out.during;
  return out;
}

Word strip_pattern(const Word& v, std::string_view op) {
  bool suffix = op[0] == '%';
  bool longest = op.size() > 1 && op[1] == op[0];
  std::string pat;
  for (char c : op.substr(longest ? 2 : 1))
    if (c != '"' && c != '\'') pat += c;
  for (const char* home : {"${HOME}", "$HOME"})
    for (size_t at = pat.find(home); at != std::string::npos; at = pat.find(home)) pat.replace(at, std::strlen(home), "~");
  if (pat.find('$') != std::string::npos) return v;
  const std::string& t = v.text;
  Word out = v;
  const bool literal = pat.find_first_of("*?[\\") == std::string::npos;
  if (literal || is_partial(t)) {
    // A literal and a star (${D%%/.app*}, ${P##*/}) cut at an occurrence of the
    // literal in a partial value too, where no unknown part can hold an
    // earlier (%% #) or a later (% ##) one.
    const std::string lit = suffix ? pat.substr(0, pat.size() - 1) : pat.substr(1);
    if (!literal && pat.size() >= 2 && (suffix ? pat.back() : pat.front()) == '*' &&
        lit.find_first_of("*?[\\") == std::string::npos) {
      const bool first = suffix == longest;  // %% and #: the first occurrence
      const size_t at = first ? t.find(lit) : t.rfind(lit);
      const bool exact =
          at != std::string::npos && (first ? t.find(kUnknownPart) > at : t.find(kUnknownPart, at) == std::string::npos);
      if (exact) out.text = suffix ? t.substr(0, at) : t.substr(at + lit.size());
      if (exact || is_partial(t)) return out;
    }
    // A literal pattern is a plain prefix or suffix (any length; on a partial
    // value only on its known end: ${1%.tgz} of "backup-….tgz").
    if (!literal || pat.size() > t.size()) return v;
    if (suffix && t.compare(t.size() - pat.size(), pat.size(), pat) == 0 &&
        t.find(kUnknownPart, t.size() - pat.size()) == std::string::npos)
      out.text = t.substr(0, t.size() - pat.size());
    else if (!suffix && t.compare(0, pat.size(), pat) == 0 && t.find(kUnknownPart) >= pat.size())
      out.text = t.substr(pat.size());
    return out;
  }
  // A glob pattern is tried at every cut: quadratic, so only on short values.
  if (t.size() > 512) return v;
  for (size_t n = 0; n <= t.size(); ++n) {
    size_t len = longest ? t.size() - n : n;
    std::string part = suffix ? t.substr(t.size() - len) : t.substr(0, len);
    if (::fnmatch(pat.c_str(), part.c_str(), 0) == 0) {
      out.text = suffix ? t.substr(0, t.size() - len) : t.substr(len);
      break;
    }
  }
  return out;
}

// Whether `. FILE` reads the script's settings: a file the environment
// names (CONF=${APP_CONF:-...}), or one whose name or place says it holds
// settings (app.conf, .env, ~/.config/app/..., /etc/default/app, .apprc).
// Such a file may set any variable the script set before it.
bool sources_settings(const Word& file) {
  if (file.taint & (kEnv | kOption)) return true;
  const std::string& path = file.text;
  const std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  auto ends_with = [&](std::string_view tail) {
    return base.size() >= tail.size() && base.compare(base.size() - tail.size(), tail.size(), tail) == 0;
  };
  for (std::string_view tail : {".conf", ".cfg", ".config", ".env", ".ini", ".settings", ".vars", ".defaults"})
    if (ends_with(tail)) return true;
  if (base == ".env" || base == "config" || base == "settings" || base == "defaults") return true;
  if (base.size() > 3 && base[0] == '.' && ends_with("rc")) return true;
  for (std::string_view dir : {"/.config/", "/etc/default/", "/etc/sysconfig/", "/etc/conf.d/"})
    if (path.find(dir) != std::string::npos) return true;
  return false;
}

// Whether a word's source has a brace group {a,b} outside quotes and ${...}.
bool has_brace_group(std::string_view src) {
  char quote = 0;
  for (size_t i = 0; i < src.size(); ++i) {
    char c = src[i];
    if (quote) {
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"') ++i;
      continue;
    }
    if (c == '\\') {
      ++i;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '$' && i + 1 < src.size() && src[i + 1] == '{') {
      size_t close = src.find('}', i);
      if (close == std::string_view::npos) return false;
      i = close;
    } else if (c == '{') {
      size_t close = src.find('}', i);
      size_t comma = src.find(',', i);
      if (close != std::string_view::npos && comma < close) return true;
    }
  }
  return false;
}

// The words a brace group stands for (a{b,c}d is abd acd), first group first, at most 16.
std::vector<Word> expand_braces(const Word& w) {
  std::vector<Word> out{w};
  for (int round = 0; round < 4; ++round) {
    std::vector<Word> next;
    bool any = false;
    for (const auto& x : out) {
      size_t open = x.text.find('{');
      size_t close = open == std::string::npos ? std::string::npos : x.text.find('}', open);
      if (close == std::string::npos || x.text.find(',', open) > close || next.size() >= 16) {
        next.push_back(x);
        continue;
      }
      any = true;
      std::string head = x.text.substr(0, open), tail = x.text.substr(close + 1);
      std::string_view inner(x.text.data() + open + 1, close - open - 1);
      for (size_t b = 0; b <= inner.size() && next.size() < 16;) {
        size_t e = inner.find(',', b);
        if (e == std::string_view::npos) e = inner.size();
        next.push_back(Word{head + std::string(inner.substr(b, e - b)) + tail, x.taint, x.ev});
        b = e + 1;
      }
    }
    out = std::move(next);
    if (!any) break;
  }
  return out;
}

// ${s:offset[:length]} and ${A[@]:offset[:length]}: offset and length are
// arithmetic (${s:i:1} in a loop over s's characters); a negative offset
// counts from the end (${s: -3}), a negative length stops that far from it.
std::optional<std::pair<int64_t, int64_t>> ShInterp::slice_bounds(std::string_view spec, int64_t size) {
  size_t colon = spec.find(':');
  ArithVars av = arith_vars();
  const auto off_v = eval_arith(spec.substr(0, colon), av);
  const auto len_v = colon == std::string_view::npos ? std::optional<int64_t>() : eval_arith(spec.substr(colon + 1), av);
  if (!off_v || (colon != std::string_view::npos && !len_v)) return std::nullopt;
  int64_t off = *off_v, len = len_v ? *len_v : size;
  if (off > size || off < -size || len < -size) return std::nullopt;
  if (off < 0) off += size;
  if (len < 0) len = std::max<int64_t>(0, size + len - off);
  return std::make_pair(off, std::min(len, size - off));
}

ArithVars ShInterp::arith_vars() {
  ArithVars v;
  v.get = [this](const std::string& name) -> std::optional<std::string> {
    Word w = expand_var(name);
    if (is_partial(w.text)) return std::nullopt;
    return w.text;
  };
  v.set = [this](const std::string& name, int64_t value) { vars_[name] = Word{std::to_string(value), 0, -1}; };
  return v;
}

bool ShInterp::c_style_for(NodeId n, const CommandIo& io, CommandResult& r) {
  NodeId body = t_.child(n, F::body);
  // (nested loops run once each, as before: no product of iteration counts)
  if (body == kNoNode || loop_ >= 2) return false;
  std::string_view head = t_.code().substr(t_[n].begin, t_[body].begin - t_[n].begin);
  size_t open = head.find("(("), close = head.rfind("))");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return false;
  std::string_view inside = head.substr(open + 2, close - open - 2);
  size_t s1 = inside.find(';'), s2 = s1 == std::string_view::npos ? s1 : inside.find(';', s1 + 1);
  if (s2 == std::string_view::npos) return false;
  std::string_view init = inside.substr(0, s1), test = inside.substr(s1 + 1, s2 - s1 - 1),
                   update = inside.substr(s2 + 1);
  auto blank = [](std::string_view x) { return x.find_first_not_of(" \t\n") == std::string_view::npos; };
  ArithVars av = arith_vars();
  if (!blank(init) && !eval_arith(init, av)) return false;
  auto holds = [&]() -> std::optional<int64_t> { return blank(test) ? std::optional<int64_t>(1) : eval_arith(test, av); };
  auto first = holds();
  if (!first) return false;
  ++loop_;
  std::optional<int64_t> go = first;
  for (int i = 0; i < kMaxArithLoop && go && *go && !stop_; ++i) {
    add_printed(r, exec(body, io));
    if (!blank(update) && !eval_arith(update, av)) break;
    go = holds();
  }
  --loop_;
  return true;
}

// Whether a word is exactly one expansion of all of an array's items
// ("${name[@]}", "$@", unquoted or quoted), which makes no word when empty.
bool all_items_expansion(std::string_view text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
  if (text == "$@" || text == "${@}") return true;
  return text.size() > 6 && text.substr(0, 2) == "${" && text.substr(text.size() - 4) == "[@]}" &&
         text.find_first_of("$\"\\", 2) == std::string_view::npos;
}

// The fields of a word split at any of `seps`, empty ones dropped, each
// with the word's taint.
void split_fields(const Word& w, std::string_view seps, std::vector<Word>& out) {
  size_t p = 0;
  while (p < w.text.size()) {
    size_t e = w.text.find_first_of(seps, p);
    if (e == std::string::npos) e = w.text.size();
    if (e > p) out.push_back(Word{w.text.substr(p, e - p), w.taint, w.ev});
    p = e + 1;
  }
}

// What "$*" and "${A[*]}" put between items: IFS's first character when the
// code set IFS to a known value (`zone="$(IFS=.; echo "${PARTS[*]}")"`),
// nothing for an empty IFS, else a blank.
std::string ShInterp::ifs_separator() const { return field_separators({}).substr(0, 1); }

std::string ShInterp::join_by_ifs(const std::string& elements) const {
  const std::string sep = ifs_separator();
  std::string out;
  for (char c : elements)
    if (c == kArraySep) out += sep;
    else out += c;
  return out;
}

// The characters `read` splits a line at: IFS as the command's prefix sets
// it (`IFS='|' read -r label words`), else as the code set it, else blanks.
std::string ShInterp::field_separators(const std::vector<std::string>& prefix_assigns) const {
  for (const auto& a : prefix_assigns)
    if (a.rfind("IFS=", 0) == 0 && !is_partial(a)) return a.substr(4);
  auto it = vars_.find("IFS");
  if (it != vars_.end() && !is_partial(it->second.text)) return it->second.text;
  return kDefaultIfs;
}

// `read A B C` of one line: a field per name, the last one the line's rest.
// Blanks in IFS gather (and are trimmed around fields); any other IFS
// character ends exactly one field (`policy|set enforce 0` at '|').
std::vector<std::string> split_read_line(const std::string& line, size_t names, const std::string& ifs) {
  auto sep = [&](char c) { return ifs.find(c) != std::string::npos; };
  auto blank = [&](char c) { return (c == ' ' || c == '\t' || c == '\n') && sep(c); };
  std::vector<std::string> values(names);
  size_t at = 0;
  for (size_t i = 0; i < names; ++i) {
    while (at < line.size() && blank(line[at])) ++at;
    if (at >= line.size()) break;
    if (i + 1 == names) {
      size_t end = line.size();
      while (end > at && blank(line[end - 1])) --end;
      values[i] = line.substr(at, end - at);
      break;
    }
    size_t end = at;
    while (end < line.size() && !sep(line[end])) ++end;
    values[i] = line.substr(at, end - at);
    at = end;
    while (at < line.size() && blank(line[at])) ++at;
    if (at < line.size() && sep(line[at])) ++at;  // the one other separator that ended the field
  }
  return values;
}

Word ShInterp::expand_var(const std::string& name) {
  if (!namerefs_.empty()) {
    const std::string& target = deref(name);
    if (&target != &name) return expand_var(target);
  }
  if (name == "IFS") return Word{" ", 0, -1};
  if (auto dir = env_directory(name)) return Word{*dir, 0, -1};
  if (name == "0") return name_ ? *name_ : Word{std::string(1, kUnknownPart), kSelf, -1};
  if (!positional_.empty() && !name.empty() && (std::isdigit(static_cast<unsigned char>(name[0])) || name == "@" || name == "*")) {
    const auto& args = positional_.back();
    if (name == "@" || name == "*") {
      // "$@" is one word per argument (a wrapper's `"$@"` runs them as a
      // command); "$*" is one word joined by IFS's first character.
      Word w;
      for (size_t i = 0; i < args.size(); ++i) {
        if (i) w.text += name == "@" ? std::string(1, kArraySep) : ifs_separator();
        w.text += args[i].text;
        w.taint |= args[i].taint;
        if (w.ev < 0) w.ev = args[i].ev;
      }
      return w;
    }
    size_t k = std::strtoul(name.c_str(), nullptr, 10);
    if (k >= 1 && k <= args.size()) return args[k - 1];
    // Past the last of arguments all known: empty (an unknown one may be
    // several, "$@" passed on).
    if (k > args.size() && !count_unknown_.back() &&
        std::none_of(args.begin(), args.end(), [](const Word& a) { return is_partial(a.text); }))
      return Word{};
  }
  auto it = vars_.find(name);
  if (it != vars_.end()) return it->second;
  // BASH_SOURCE's first element is the file a function was defined in: in
  // a script run as a program, the script itself, as $0.
  if (name == "BASH_SOURCE") return expand_var("0");
  // $PWD is where the script is working: the working directory, or where
  // it has cd'd since ("$PWD/downloads" is ./downloads).
  if (name == "PWD") return Word{ctx_.working_dir(), 0, -1};
  if (name == "OLDPWD" && ctx_.previous_dir) return Word{ctx_.from_working_dir(*ctx_.previous_dir), 0, -1};
  // $$, the shell's process id: unknown, but one number for the whole run, so
  // it stays marked: a name built with it twice ("$CACHE/.dl.$$") is one file.
  if (name == "$") return Word{std::string(1, kUnknownPart) + "$$", 0, -1};
  Word w{std::string(1, kUnknownPart), 0, -1};
  if (name == "USER" || name == "LOGNAME") w.taint = kSysinfo | kUserName | kEnv;
  if (name == "HOSTNAME") w.taint = kSysinfo | kHostName | kEnv;
  else if (ctx_.lib.web_request_env_name(name)) {
    w.taint = kWebRequest | kEnv;
    w.ev = ctx_.log.evidence(0, 0, "reads the web request's " + name);
  } else if (ctx_.lib.secret_env_name(name)) {
    w.taint = kEnvSecret | kEnv;
    w.ev = ctx_.log.evidence(0, 0, "reads the secret environment variable " + name);
  } else if (!name.empty() && std::isupper(static_cast<unsigned char>(name[0]))) {
    w.taint = kEnv;
  }
  return w;
}


// ${NAME/pattern/string}: the first match replaced, // every one, /# a
// prefix, /% a suffix (a command template's %f becoming the output file).
// A literal pattern on the value's known text only; a glob pattern (or
// none) leaves the value unknown, with its labels and the string's.
Word ShInterp::substitute_pattern(NodeId n, const Word& v, std::string_view rest) {
  const char mode = rest.size() > 1 && (rest[1] == '/' || rest[1] == '#' || rest[1] == '%') ? rest[1] : 0;
  NodeId pattern = kNoNode;
  Word replacement;
  for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next) {
    if (!t_[c].named || t_.kind(c) == K::variable_name || t_.kind(c) == K::special_variable_name) continue;
    if (pattern == kNoNode) {
      pattern = c;
      continue;
    }
    bool ignored = false;
    Word x = word(c, ignored);
    replacement.text += x.text;
    replacement.taint |= x.taint;
    if (replacement.ev < 0) replacement.ev = x.ev;
  }
  std::string pat = pattern == kNoNode ? std::string() : std::string(t_.text(pattern));
  if (mode && mode != '/' && !pat.empty() && pat[0] == mode) pat.erase(0, 1);
  Word out{v.text, v.taint | replacement.taint, v.ev >= 0 ? v.ev : replacement.ev};
  if (pat.empty() || pat.find_first_of("*?[\\$'\"") != std::string::npos) {
    out.text = std::string(1, kUnknownPart);
    return out;
  }
  std::string& t = out.text;
  if (mode == '#') {
    if (t.compare(0, pat.size(), pat) == 0) t.replace(0, pat.size(), replacement.text);
  } else if (mode == '%') {
    if (t.size() >= pat.size() && t.compare(t.size() - pat.size(), pat.size(), pat) == 0)
      t.replace(t.size() - pat.size(), pat.size(), replacement.text);
  } else {
    for (size_t at = t.find(pat); at != std::string::npos; at = t.find(pat, at + replacement.text.size())) {
      t.replace(at, pat.size(), replacement.text);
      if (mode != '/') break;
    }
  }
  return out;
}

Word ShInterp::word(NodeId n, bool& split) {
  Word w;
  if (n == kNoNode || ctx_.depth > ctx_.depth_allowance) return Word{std::string(1, kUnknownPart), 0, -1};
  ++ctx_.depth;
  auto add = [&](const Word& x) {
    w.text += x.text;
    w.taint |= x.taint;
    if (w.ev < 0) w.ev = x.ev;
  };
  switch (t_.kind(n)) {
    case K::word: case K::number: case K::command_name: {
      if (t_.kind(n) == K::command_name && t_.first_named(n) != kNoNode) {
        for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next)
          if (t_[c].named) add(word(c, split));
        break;
      }
      std::string_view s = t_.text(n);
      while (!s.empty() && s[0] == '\n') s.remove_prefix(1);
      for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
          if (s[i + 1] != '\n') w.text += s[i + 1];
          ++i;
        } else if (s[i] == '*' && t_.kind(n) == K::word) {
          // An unquoted star is a glob: the shell lists the directory for the
          // names it stands for (`for f in ~/Documents/*` walks the folder).
          w.text += kUnknownPart;
          w.taint |= kWalked;
        } else {
          w.text += s[i];
        }
      }
      if (!w.text.empty() && w.text[0] == '~') {
      }
      break;
    }
    case K::raw_string: {
      std::string_view s = t_.text(n);
      if (s.size() >= 2) s = s.substr(1, s.size() - 2);
      w.text = std::string(s);
      break;
    }
    case K::ansi_c_string: {
      std::string_view s = t_.text(n);
      if (s.size() >= 3) s = s.substr(2, s.size() - 3);
      for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 >= s.size()) {
          w.text += s[i];
          continue;
        }
        char c = s[++i];
        auto hexv = [](char h) { return h >= '0' && h <= '9' ? h - '0' : (h | 32) >= 'a' && (h | 32) <= 'f' ? (h | 32) - 'a' + 10 : -1; };
        if (c == 'n') w.text += '\n';
        else if (c == 't') w.text += '\t';
        else if (c == 'x') {
          int v = 0, k = 0;
          while (k < 2 && i + 1 < s.size() && hexv(s[i + 1]) >= 0) v = v * 16 + hexv(s[++i]), ++k;
          w.text += static_cast<char>(v);
        } else if (c == 'u' || c == 'U') {
          uint32_t v = 0;
          int k = 0, want = c == 'u' ? 4 : 8;
          while (k < want && i + 1 < s.size() && hexv(s[i + 1]) >= 0) v = v * 16 + static_cast<uint32_t>(hexv(s[++i])), ++k;
          if (v < 0x80) w.text += static_cast<char>(v);
          else w.text += kUnknownPart;
        } else if (c >= '0' && c <= '7') {
          int v = c - '0', k = 1;
          while (k < 3 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7') v = v * 8 + (s[++i] - '0'), ++k;
          w.text += static_cast<char>(v);
        } else if (c == 'e' || c == 'E') w.text += '\x1b';
        else w.text += c;
      }
      break;
    }
    case K::sh_string: case K::translated_string: {
      auto literal = [&](std::string_view s) {
        for (size_t i = 0; i < s.size(); ++i) {
          if (s[i] == '\\' && i + 1 < s.size() && std::strchr("$`\"\\\n", s[i + 1])) {
            if (s[i + 1] != '\n') w.text += s[i + 1];
            ++i;
          } else {
            w.text += s[i];
          }
        }
      };
      // Blanks the grammar counts into an expansion's node ("$a $b": the
      // second is " $b") are the string's text.
      // Text the grammar leaves outside every child (a newline between two
      // string_content nodes) is the string's text too.
      const std::string_view code = t_.code();
      uint32_t pos = t_[n].begin;
      for (NodeId c = t_[n].first; c != kNoNode; pos = std::max(pos, t_[c].end), c = t_[c].next) {
        if (t_[c].begin > pos && pos > t_[n].begin) literal(code.substr(pos, t_[c].begin - pos));
        K k = t_.kind(c);
        if (k == K::string_content) {
          literal(t_.text(c));
        } else if (t_[c].named) {
          std::string_view ct = t_.text(c);
          size_t lead = ct.find_first_not_of(" \t\n");
          if (lead != std::string_view::npos && lead > 0) literal(ct.substr(0, lead));
          bool ignored = false;
          add(word(c, ignored));
        }
      }
      break;
    }
    case K::concatenation: {
      for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next)
        if (t_[c].named) add(word(c, split));
      break;
    }
    case K::array: {
      // (a b c): the elements, separated by kArraySep so that "${A[@]}"
      // gives back one word per element, quoted or not.
      bool first = true;
      for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next)
        if (t_[c].named) {
          if (!first) w.text += kArraySep;
          add(word(c, split));
          first = false;
        }
      break;
    }
    case K::simple_expansion: {
      NodeId v = t_.first_named(n);
      std::string name = v == kNoNode ? std::string(t_.text(n).substr(1)) : std::string(t_.text(v));
      add(expand_var(name));
      split = true;
      break;
    }
    case K::expansion: {
      // ${NAME}, ${NAME:-default}, ${#NAME}, ${NAME/a/b}, ${NAME:0:3}
      std::string_view s = t_.text(n);
      if (s.size() >= 3) s = s.substr(2, s.size() - 3);
      size_t i = 0;
      bool length = !s.empty() && s[0] == '#';
      if (length) ++i;
      // ${!NAME}: the variable NAME names (indirection).
      bool indirect = !length && s.size() > 1 && s[0] == '!';
      if (indirect) ++i;
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' || s[j] == '@' || s[j] == '*'))
        ++j;
      std::string name(s.substr(i, j - i));
      std::string_view rest = s.substr(j);
      const bool whole_array = rest == "[@]" || rest == "[*]";
      if (indirect && whole_array) {
        // ${!A[@]}: the array's keys (an associative array's names, else its positions).
        Word v = expand_var(name);
        add(Word{is_partial(v.text) ? std::string(1, kUnknownPart) : join_elements(array_elements(v.text), true),
                 v.taint, v.ev});
        split = true;
        break;
      }
      if (indirect) {
        Word named = expand_var(name);
        name = is_partial(named.text) ? std::string(1, kUnknownPart) : named.text;
      }
      Word v = expand_var(name);
      bool element_unset = false;  // ${A[k]...} at a key the array lacks
      // (${A[${B[0]}]}: a subscript may hold brackets of its own)
      const size_t close = !rest.empty() && rest.back() == ']' ? rest.size() - 1 : rest.find(']');
      if (!length && rest.size() > 2 && rest[0] == '[' && close != std::string_view::npos && !whole_array &&
          rest.substr(0, 3) != "[@]" && rest.substr(0, 3) != "[*]") {
        // ${A[i]}: the element at a known key (a loop over "${!A[@]}" knows each).
        NodeId sub = t_.first_named(n);
        // subscript: the name, then the index
        NodeId index = sub != kNoNode && t_.kind(sub) == K::subscript ? t_.next_named(t_.first_named(sub)) : kNoNode;
        bool ig = false;
        Word key = index != kNoNode ? word(index, ig) : Word{std::string(1, kUnknownPart), 0, -1};
        // At an unknown key it is one of them, which a word cannot say:
        // unknown (an `eval "${CMDS[$1]}"` runs an unknown command line). An
        // element of an array with unknown parts keeps its shape (lines of
        // `lsblk -p` read by mapfile: /dev/<name>).
        std::string picked(1, kUnknownPart);
        bool found = false;
        if (!is_partial(key.text) && v.text != picked)
          for (const auto& e : array_elements(v.text))
            if (e.key == key.text) {
              picked = e.value;
              found = true;
            }
        // ${A[k]:-default} and the other operators act on the element; one
        // at a key not known here is unknown whatever the operator.
        const bool unset = !found && !is_partial(key.text) && !is_partial(v.text);
        v.text = unset ? std::string() : std::move(picked);
        rest = rest.substr(close + 1);
        // (at a key not known, with a default: the default, one of the values
        // it may take: ${RUNNERS[$ext]:-${RUNNERS[sh]}} runs bash)
        std::string_view given = rest.substr(0, 2) == ":-" ? rest.substr(2) : rest.substr(0, 1) == "-" ? rest.substr(1) : "";
        if (!given.empty() && given.back() == '}') given.remove_suffix(1);
        const bool with_default = !given.empty();  // (an empty one says nothing of the value)
        if (rest.empty() || (!found && !unset && !with_default)) {
          add(v);
          split = true;
          break;
        }
        element_unset = unset;
      }
      // ${NAME+WORD}, ${NAME:+WORD}, ${A[@]+"${A[@]}"} (an array that may be
      // empty under set -u): WORD where NAME is set (for :+, not empty),
      // else nothing. Where that is unknown, WORD: what the code is written for.
      std::string_view op = rest.substr(rest.substr(0, 3) == "[@]" || rest.substr(0, 3) == "[*]" ? 3 : 0);
      if (!length && !indirect && (op.substr(0, 1) == "+" || op.substr(0, 2) == ":+")) {
        const bool colon = op[0] == ':';
        if ((!vars_.count(name) && !element_unset) || !colon || !v.text.empty()) add(operator_word(n, op.substr(colon ? 2 : 1)));
        split = true;
        break;
      }
      if (!length && !indirect && (rest.substr(0, 4) == "[@]:" || rest.substr(0, 4) == "[*]:")) {
        // ${A[@]:offset[:length]}: some of the elements, one word each ("${getter[@]:2}":
        // a command's options after a name built from its first two elements).
        std::vector<ArrayElement> els = is_partial(v.text) ? std::vector<ArrayElement>{} : array_elements(v.text);
        const auto bounds = is_partial(v.text) ? std::nullopt : slice_bounds(rest.substr(4), static_cast<int64_t>(els.size()));
        if (bounds) {
          std::vector<ArrayElement> some(els.begin() + bounds->first, els.begin() + bounds->first + bounds->second);
          std::string joined = join_elements(some, false);
          if (rest[1] == '*') joined = join_by_ifs(joined);
          add(Word{joined, v.taint, v.ev});
        } else {
          w.text = std::string(1, kUnknownPart);
          w.taint |= v.taint;
        }
        split = true;
        break;
      }
      if (length) {
        // ${#NAME}: a known value's length (a loop over its characters).
        w.text = rest.empty() && !is_partial(v.text) ? std::to_string(v.text.size()) : std::string(1, kUnknownPart);
      } else if (whole_array && !is_partial(v.text) &&
                 (v.text.find(kArraySep) != std::string::npos || (v.text[0] == '[' && v.text.find("]=") != std::string::npos))) {
        // (an associative array of one element is "[k]=v" without a separator)
        std::string joined = join_elements(array_elements(v.text), false);
        // "${A[*]}" is one word, the elements joined by IFS's first character
        // ("${A[@]}": one word each)
        if (rest == "[*]") joined = join_by_ifs(joined);
        add(Word{joined, v.taint, v.ev});
      } else if (rest.empty() || whole_array || rest.substr(0, 2) == ":?" || rest[0] == '?') {
        // ${NAME:?message}: NAME's value, or the shell stops there.
        add(v);
      } else if (rest.substr(0, 2) == ":-" || rest.substr(0, 1) == "-" || rest.substr(0, 2) == ":=" ||
                 rest.substr(0, 1) == "=") {
        Word d = operator_word(n, rest.substr(rest[0] == ':' ? 2 : 1));
        // (a positional parameter the call or command line gave is set too)
        bool var_known = (vars_.count(name) > 0 || given_positional(name)) && !element_unset;
        if (var_known && !is_partial(v.text) && (rest[0] != ':' || !v.text.empty())) {
          add(v);
        } else {
          // The default's text stands for the value, but an environment
          // variable's data may be what it holds (${CI_JOB_TOKEN:-}), and so
          // may the code's own variable (${profile:-} of a downloaded profile);
          // where the user's or an option's text came from stays the default's.
          add(d);
          const uint32_t held = var_known ? v.taint & ~(kUserInput | kOption) : v.taint;
          if (held) {
            w.taint |= held;
            if (w.ev < 0 || (held & ~d.taint)) w.ev = v.ev >= 0 ? v.ev : w.ev;
          }
        }
      } else if (rest[0] == '#' || rest[0] == '%') {
        // ${NAME#pattern} ${NAME##pattern} ${NAME%pattern} ${NAME%%pattern}:
        // the value without the shortest or longest matching prefix or suffix.
        add(strip_pattern(v, rest));
      } else if (rest[0] == ':' && rest.size() > 1 && rest[1] != '+') {
        // ${NAME:offset[:length]}: a slice of a known value (PATH's first
        // character is "/", a classic way to spell slashes); offset and
        // length are arithmetic (${s:i:1} in a loop over s's characters).
        std::string val = v.text;
        if (name == "PATH" && !vars_.count(name)) val = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
        const auto bounds = is_partial(val) ? std::nullopt : slice_bounds(rest.substr(1), static_cast<int64_t>(val.size()));
        if (bounds) {
          add(Word{val.substr(static_cast<size_t>(bounds->first), static_cast<size_t>(bounds->second)), v.taint, v.ev});
        } else {
          w.text = std::string(1, kUnknownPart);
          w.taint |= v.taint;
        }
      } else if (rest[0] == '/') {
        add(substitute_pattern(n, v, rest));
      } else {
        w.text = std::string(1, kUnknownPart);
        w.taint |= v.taint;
        w.ev = v.ev;
      }
      split = true;
      break;
    }
    case K::command_substitution: case K::process_substitution: {
      CommandResult r;
      first_printed_.emplace_back();
      first_printed_.back().pipeline_depth = in_pipeline_;  // (a function run as a pipeline's stage calls $(pick_runner))
      first_printed_.back().lines = t_.kind(n) == K::process_substitution;
      // A subshell: $(cd "$(dirname "$0")/.." && pwd) leaves the directory as
      // it was, and $(IFS=.; echo "${A[*]}") the separator.
      Ctx::Place saved_place = ctx_.place();
      const auto saved_ifs = saved_var("IFS");
      // Several commands print, in order, all they print ($(echo a; echo b)).
      std::string all_text;
      bool all_known = true;
      uint32_t printed = 0;
      int32_t printed_ev = -1;
      int commands = 0;
      for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next) {
        if (!t_[c].named || t_.kind(c) == K::sh_comment) continue;
        r = exec(c, CommandIo{});
        ++commands;
        append_printed_text(all_text, all_known, r);
        printed |= r.stdout_taint;
        if (printed_ev < 0) printed_ev = r.stdout_ev;
      }
      if (commands > 1) {
        r.stdout_taint |= printed;
        if (r.stdout_ev < 0) r.stdout_ev = printed_ev;
        if (!all_text.empty()) r.stdout_text = std::move(all_text), r.stdout_known = all_known;
      }
      ctx_.return_to(std::move(saved_place));
      restore_var("IFS", saved_ifs);
      FirstPrinted likely = std::move(first_printed_.back());
      first_printed_.pop_back();
      // (its labels stay: what else it printed still taints the word)
      if (!r.stdout_known && r.stdout_text.empty() && !likely.known.empty()) {
        r.stdout_text = likely.known;
        r.stdout_known = true;
      } else if (!r.stdout_known && r.stdout_text.empty() && !likely.partial.empty()) {
        r.stdout_text = likely.partial;
      }
      if (t_.kind(n) == K::process_substitution) {
        w.text = "/dev/fd/63";
        process_output_ = {r.stdout_text, r.stdout_known};
      } else if (r.stdout_known || is_partial(r.stdout_text)) {
        // (text printed with unknown parts marked, echo "$WORK/${ID}.tgz", is that pattern)
        std::string s = r.stdout_text;
        while (!s.empty() && s.back() == '\n') s.pop_back();
        w.text = s;
      } else {
        w.text = std::string(1, kUnknownPart);
      }
      w.taint = r.stdout_taint;
      w.ev = r.stdout_ev;
      split = true;
      break;
    }
    case K::arithmetic_expansion: case K::brace_expression:
      w.text = std::string(1, kUnknownPart);
      if (t_.kind(n) == K::arithmetic_expansion) {
        // $(( RELAY_PORT_BASE + RELAY_PORT_OFF )) over known values
        std::string_view e = t_.text(n);
        if (e.size() >= 5 && e.substr(0, 3) == "$((" && e.substr(e.size() - 2) == "))")
          if (auto v = eval_arith(e.substr(3, e.size() - 5), arith_vars())) w.text = std::to_string(*v);
      }
      for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next)
        if (t_.kind(c) == K::command_substitution) {
          bool ig = false;
          Word x = word(c, ig);
          w.taint |= x.taint;
        }
      break;
    default:
      w.text = std::string(t_.text(n));
      break;
  }
  --ctx_.depth;
  // Nested code: its unknown parts came from the outer program's data.
  if (code_taint_ && is_partial(w.text)) {
    w.taint |= code_taint_;
    if (w.ev < 0) w.ev = code_ev_;
  }
  return w;
}

std::vector<Word> ShInterp::words(NodeId cmd, std::vector<std::string>* assigns) {
  std::vector<Word> out;
  // tree-sitter-bash splits some words in two ($(hostname).$i.x.example is a
  // concatenation, a bare "$" and a word "i.x.example"): pieces that touch in
  // the source are one word, and a bare "$" before a word expands its name.
  uint32_t prev_end = UINT32_MAX, dollar_end = UINT32_MAX;
  for (NodeId c = t_[cmd].first; c != kNoNode; c = t_[c].next) {
    if (!t_[c].named) {
      if (t_.text(c) == "$" && t_[c].begin == prev_end) dollar_end = t_[c].end;
      continue;
    }
    K k = t_.kind(c);
    std::string_view piece = t_.text(c);
    if (!out.empty() && (t_[c].begin == prev_end || t_[c].begin == dollar_end) && !piece.empty() &&
        !std::isspace(static_cast<unsigned char>(piece[0])) &&
        (k == K::word || k == K::concatenation || k == K::simple_expansion || k == K::expansion ||
         k == K::command_substitution || k == K::sh_string || k == K::raw_string)) {
      bool split = false;
      Word w = word(c, split);
      if (t_[c].begin == dollar_end && k == K::word) {
        // the piece before ends with the bare "$": it is not text
        if (!out.back().text.empty() && out.back().text.back() == '$') out.back().text.pop_back();
        size_t j = 0;
        while (j < w.text.size() && (std::isalnum(static_cast<unsigned char>(w.text[j])) || w.text[j] == '_')) ++j;
        Word v = expand_var(w.text.substr(0, j));
        w.text = v.text + w.text.substr(j);
        w.taint |= v.taint;
        if (w.ev < 0) w.ev = v.ev;
      }
      out.back().text += w.text;
      out.back().taint |= w.taint;
      if (out.back().ev < 0) out.back().ev = w.ev;
      prev_end = t_[c].end;
      dollar_end = !t_.text(c).empty() && t_.text(c).back() == '$' ? prev_end : UINT32_MAX;
      continue;
    }
    prev_end = t_[c].end;
    // the "$" may end the piece before (a concatenation whose last child it is)
    dollar_end = !t_.text(c).empty() && t_.text(c).back() == '$' ? prev_end : UINT32_MAX;
    if (k == K::variable_assignment) {
      if (assigns) assigns->push_back(std::string(t_.text(c)));
      continue;
    }
    if (k == K::file_redirect || k == K::heredoc_redirect || k == K::herestring_redirect || k == K::sh_comment)
      continue;
    bool split = false;
    Word w = word(c, split);
    if (w.text.find(kArraySep) != std::string::npos) {
      append_array_items(w, out);  // an array's elements are words of their own
    } else if (split && t_.kind(c) != K::sh_string && w.text.find_first_of(kDefaultIfs) != std::string::npos) {
      split_fields(w, kDefaultIfs, out);  // (an unquoted $(list_packages): a word per line)
    } else if ((k == K::concatenation || k == K::word) && has_brace_group(t_.text(c))) {
      for (auto& x : expand_braces(w)) out.push_back(std::move(x));
    } else if (split && w.text.empty() &&
               (k == K::simple_expansion || k == K::expansion || k == K::command_substitution ||
                k == K::command_name)) {
      // An unquoted expansion that is empty is no word at all: `$SUDO iptables`
      // with SUDO="" runs iptables.
    } else if (w.text.empty() && all_items_expansion(t_.text(c))) {
      // "${as_root[@]}" and "$@" of no items are no word either, quoted or not:
      // `"${as_root[@]}" tee /etc/...` with as_root=() runs tee.
    } else {
      out.push_back(std::move(w));
    }
  }
  return out;
}

void ShInterp::collect_redirects(NodeId n, std::vector<Redirect>& out) {
  for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next) {
    K k = t_.kind(c);
    if (k != K::file_redirect && k != K::heredoc_redirect && k != K::herestring_redirect) continue;
    Redirect r;
    if (k == K::heredoc_redirect) {
      r.op = "<<";
      r.heredoc = true;
      std::string body;
      // An unquoted delimiter (<<EOF, not <<'EOF' or <<\EOF) expands the body
      // and takes the backslash off \$, \` and \\ (a script written with
      // \$VAR holds $VAR); a quoted one keeps the text as it is.
      bool expanding = true;
      for (NodeId x = t_[c].first; x != kNoNode; x = t_[x].next)
        if (t_.kind(x) == K::heredoc_start && t_.text(x).find_first_of("'\"\\") != std::string_view::npos)
          expanding = false;
      auto literal = [&](std::string_view text) {
        if (!expanding) return body.append(text), void();
        for (size_t i = 0; i < text.size(); ++i) {
          if (text[i] == '\\' && i + 1 < text.size() && std::strchr("$`\\\n", text[i + 1])) {
            if (text[i + 1] != '\n') body += text[i + 1];
            ++i;
          } else {
            body += text[i];
          }
        }
      };
      for (NodeId x = t_[c].first; x != kNoNode; x = t_[x].next)
        if (t_.kind(x) == K::heredoc_body) {
          // Keep the text, expansions as they are known.
          bool split = false;
          std::string_view raw = t_.text(x);
          bool expands = t_.first_named(x) != kNoNode;
          if (!expands) literal(raw);
          else {
            uint32_t pos = t_[x].begin;
            for (NodeId y = t_[x].first; y != kNoNode; y = t_[y].next) {
              if (!t_[y].named) continue;
              if (t_.kind(y) == K::heredoc_content || t_.kind(y) == K::heredoc_end) {
                literal(t_.code().substr(pos, t_[y].end - pos));
                pos = t_[y].end;
                continue;
              }
              literal(t_.code().substr(pos, t_[y].begin - pos));
              Word w = word(y, split);
              body += w.text;
              r.target.taint |= w.taint;
              if (r.target.ev < 0) r.target.ev = w.ev;
              pos = t_[y].end;
            }
            if (pos < t_[x].end) literal(t_.code().substr(pos, t_[x].end - pos));
          }
        } else if (t_[x].named && t_.kind(x) != K::heredoc_start && t_.kind(x) != K::heredoc_end &&
                   t_.kind(x) != K::file_redirect) {
          r.continuation = x;  // cat <<EOF | python3 -: the pipeline after the here-document
        }
      r.target.text = body;
      // Nested code: the unknown parts of its literal text came from the outer program's data.
      if (code_taint_ && is_partial(body)) {
        r.target.taint |= code_taint_;
        if (r.target.ev < 0) r.target.ev = code_ev_;
      }
      out.push_back(std::move(r));
      // The grammar puts the line's other redirections (cat <<EOF > out.txt) inside this one.
      collect_redirects(c, out);
      continue;
    }
    if (k == K::herestring_redirect) {
      r.op = "<<<";
      for (NodeId x = t_[c].first; x != kNoNode; x = t_[x].next)
        if (t_[x].named) {
          bool split = false;
          r.target = word(x, split);
        }
      out.push_back(std::move(r));
      continue;
    }
    // file_redirect: [descriptor] operator destination
    bool have_dest = false;
    for (NodeId x = t_[c].first; x != kNoNode; x = t_[x].next) {
      if (t_[x].field == F::descriptor || t_.kind(x) == K::file_descriptor) {
        r.fd = std::atoi(std::string(t_.text(x)).c_str());
      } else if (!t_[x].named || (t_.kind(x) == K::error && !have_dest)) {
        // Operators; `<>` comes out as `<` and an ERROR holding `>`.
        std::string op(t_.text(x));
        if (op.find_first_of("<>&") != std::string::npos) r.op += op;
      } else if (!have_dest) {
        bool split = false;
        r.target = word(x, split);
        have_dest = true;
      }
    }
    out.push_back(std::move(r));
  }
}

CommandResult ShInterp::exec(NodeId n, const CommandIo& io) {
  CommandResult r;
  if (stop_ || n == kNoNode || !spend()) return r;
  if (ctx_.depth > ctx_.depth_allowance) {
    ctx_.mark_incomplete("the code is nested too deeply to analyse fully");
    return r;
  }
  ++ctx_.depth;
  // `then_exits_` is about one command: not the commands inside a compound one.
  const bool exits_after = then_exits_;
  if (t_.kind(n) != K::command && t_.kind(n) != K::redirected_statement) then_exits_ = false;
  switch (t_.kind(n)) {
    case K::subshell: {
      // ( cd "$WORK" && zip -qr ../out.zip . ): the directory change ends with
      // it, as does a separator it sets.
      Ctx::Place saved_place = ctx_.place();
      const auto saved_ifs = saved_var("IFS");
      ++subshell_;
      r = exec_children(n, io);
      --subshell_;
      ctx_.return_to(std::move(saved_place));
      restore_var("IFS", saved_ifs);
      break;
    }
    case K::program: case K::compound_statement: case K::do_group: case K::list_:
      r = exec_children(n, io);
      break;
    case K::command:
      r = exec_command(n, {}, io);
      note_printed(r);
      break;
    case K::redirected_statement: {
      std::vector<Redirect> reds;
      collect_redirects(n, reds);
      NodeId body = t_.child(n, F::body);
      if (body == kNoNode) body = t_.first_named(n);
      // `! exec 7<>/dev/tcp/...` parses as the redirections of the negation:
      // they are its command's (exec's descriptors stay open after it).
      if (t_.kind(body) == K::negated_command && t_.kind(t_.first_named(body)) == K::command &&
          t_.next_named(t_.first_named(body)) == kNoNode)
        body = t_.first_named(body);
      if (t_.kind(body) == K::command) r = exec_command(body, reds, io);
      else {
        // `while read f; do ...; done < <(find ...)`, `{ ...; } > file`: the
        // redirections hold for every command inside
        CommandIo inner = io;
        std::vector<Redirect> own = reds;
        if (t_.kind(body) == K::pipeline) {
          // `curl ... | python3 - <<'PY'`: the grammar gives the pipeline the
          // last command's redirections; its input is that command's, not the first's.
          auto input = [](const Redirect& red) { return red.fd <= 0 && (red.heredoc || red.op == "<<<" || red.op == "<"); };
          last_stage_input_.clear();
          std::copy_if(reds.begin(), reds.end(), std::back_inserter(last_stage_input_), input);
          own.erase(std::remove_if(own.begin(), own.end(), input), own.end());
        }
        Redirections rd = open_redirects(own, false, inner, body);
        r = exec(body, inner);
        close_redirects(rd, r, site(body));
      }
      for (const auto& red : reds)
        if (red.continuation != kNoNode) {
          CommandIo next;
          next.stdin_taint = r.stdout_taint;
          next.stdin_ev = r.stdout_ev;
          next.stdin_text = r.stdout_text;
          next.stdin_known = r.stdout_known;
          ++in_pipeline_;
          r = t_.kind(red.continuation) == K::pipeline ? exec_pipeline(red.continuation, next)
                                                       : exec(red.continuation, next);
          --in_pipeline_;
        }
      break;
    }
    case K::pipeline:
      r = exec_pipeline(n, io);
      note_printed(r);
      break;
    case K::variable_assignment: {
      NodeId name = t_.child(n, F::name);
      NodeId value = t_.child(n, F::value);
      bool split = false;
      Word w = value == kNoNode ? Word{} : word(value, split);
      if (name != kNoNode && t_.kind(name) == K::subscript) {
        // A[k]=v sets one element of the array A.
        NodeId base = t_.first_named(name);
        NodeId index = base == kNoNode ? kNoNode : t_.next_named(base);
        std::string var = deref(std::string(t_.text(base == kNoNode ? name : base)));
        bool ig = false;
        Word key = index != kNoNode ? word(index, ig) : Word{std::string(1, kUnknownPart), 0, -1};
        Word array = vars_.count(var) ? vars_[var] : Word{};
        if (is_partial(array.text)) {
          array.text = std::string(1, kUnknownPart);
        } else {
          array.text = with_element(array.text, key.text, w.text);
        }
        array.taint |= w.taint | key.taint;
        if (array.ev < 0) array.ev = w.ev >= 0 ? w.ev : key.ev;
        assign_var(var, array, n);
      } else if (name != kNoNode) {
        std::string var = deref(std::string(t_.text(name)));
        // NAME+=VALUE appends (an array's elements, or a string's text).
        std::string_view between = t_.code().substr(t_[name].end, (value == kNoNode ? t_[n].end : t_[value].begin) - t_[name].end);
        if (between.find("+=") != std::string_view::npos)
          if (auto old = vars_.find(var); old != vars_.end() && !old->second.text.empty()) {
            bool array = value != kNoNode && t_.kind(value) == K::array;
            w.text = old->second.text + (array && !w.text.empty() ? std::string(1, kArraySep) : std::string()) + w.text;
            w.taint |= old->second.taint;
            if (w.ev < 0) w.ev = old->second.ev;
          }
        assign_var(var, w, n);
      }
      r.stdout_taint = 0;
      break;
    }
    case K::variable_assignments: case K::declaration_command: {
      // `local s="$1" out="" i`: new variables on each call, not a branch's
      // second value for an old one (a function called under an if).
      const bool fresh = t_.kind(n) == K::declaration_command && t_.text(n).substr(0, 6) == "local ";
      const bool nameref = t_.kind(n) == K::declaration_command && declares_nameref(n);
      for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c)) {
        if (fresh && (t_.kind(c) == K::variable_assignment || t_.kind(c) == K::variable_name)) {
          NodeId v = t_.kind(c) == K::variable_name ? c : t_.child(c, F::name);
          if (v != kNoNode) {
            std::string name(t_.text(v));
            cond_set_.erase(name);
            namerefs_.erase(name);
            vars_[name] = Word{};
          }
        }
        if (nameref && t_.kind(c) == K::variable_assignment) {
          // local -n out=$1: out is the variable $1 names, when that is known
          NodeId v = t_.child(c, F::name), value = t_.child(c, F::value);
          bool ig = false;
          Word target = value == kNoNode ? Word{} : word(value, ig);
          if (v != kNoNode && t_.kind(v) == K::variable_name && is_shell_name(target.text) && target.text != t_.text(v))
            namerefs_[std::string(t_.text(v))] = target.text;
          continue;
        }
        if (t_.kind(c) == K::variable_assignment) exec(c, io);
        else if (t_.kind(c) == K::variable_name && t_.text(n).substr(0, 5) == "unset") {
        }
      }
      if (t_.text(n).substr(0, 7) == "export " || t_.text(n).substr(0, 8) == "declare ") export_functions(n);
      if (t_.text(n).substr(0, 7) == "export ") note_exported(n);
      break;
    }
    case K::unset_command:
      for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c)) {
        std::string v(t_.text(c));
        if (v == "HISTFILE") {
          Effect e;
          e.kind = Eff::security_off;
          e.tag = "history";
          e.target = v;
          e.detail = "unset HISTFILE";
          ctx_.effect(std::move(e), site(n));
        }
        // Unset is empty from then on, not the environment's value (a
        // password prompt's `unset password` before reading one).
        vars_[v] = Word{};
      }
      break;
    case K::function_definition_sh: {
      NodeId name = t_.child(n, F::name);
      NodeId body = t_.child(n, F::body);
      if (name != kNoNode && body != kNoNode) {
        auto [it, added] = funcs_.insert_or_assign(std::string(t_.text(name)), body);
        if (added) func_order_.push_back(it->first);
        if (ctx_.in_eval && t_.text(n).size() <= Ctx::kMaxExportedFunction &&
            (ctx_.eval_functions.size() < Ctx::kMaxExportedFunctions || ctx_.eval_functions.count(it->first)))
          ctx_.eval_functions[it->first] = std::string(t_.text(n));
      }
      break;
    }
    case K::if_statement_sh: case K::elif_clause_sh: case K::else_clause_sh: case K::case_statement:
    case K::c_style_for_statement:
      if (c_style_for(n, io, r)) break;
      if (ctx_.copy_run) {
        auto decided = t_.kind(n) == K::if_statement_sh ? exec_decided_if(n, io)
                       : t_.kind(n) == K::case_statement ? exec_decided_case(n, io)
                                                          : std::nullopt;
        if (decided) {
          r = std::move(*decided);
          break;
        }
      }
      [[fallthrough]];
    case K::case_item: case K::negated_command: case K::test_command: {
      // the branches of if and case run under a condition
      bool branches = t_.kind(n) != K::negated_command && t_.kind(n) != K::test_command &&
                      t_.kind(n) != K::c_style_for_statement;
      if (branches) ++cond_;
      std::optional<Narrowed> narrowed;
      if (t_.kind(n) == K::case_item) narrowed = narrow_to_pattern(n);
      if (t_.kind(n) == K::test_command) narrow_block_device_tests(n);
      // What an if prints is what its branch prints, all of that branch's
      // commands in turn: the first branch that prints known text is the
      // likely one (`if [ -n "${FN[$g]}" ]; then "${FN[$g]}"; else log ... >&2; fi`).
      const bool if_part = t_.kind(n) == K::if_statement_sh || t_.kind(n) == K::elif_clause_sh ||
                           t_.kind(n) == K::else_clause_sh;
      std::string own_text, other_text;
      bool own_known = true;
      for (NodeId c = t_.first_named(n); c != kNoNode && !stop_; c = t_.next_named(c)) {
        K k = t_.kind(c);
        if (k == K::word || k == K::sh_string || k == K::raw_string || k == K::concatenation ||
            k == K::simple_expansion || k == K::expansion || k == K::command_substitution) {
          bool split = false;
          word(c, split);  // substitutions in tests and patterns run
        } else {
          bool saved_exits = then_exits_;
          then_exits_ = next_is_exit(c);
          CommandResult printed = exec(c, io);
          then_exits_ = saved_exits;
          add_printed(r, printed);
          if (!if_part || t_[c].field == F::condition) continue;
          if (k == K::elif_clause_sh || k == K::else_clause_sh) {
            if (other_text.empty() && printed.stdout_known) other_text = printed.stdout_text;
          } else {
            append_printed_text(own_text, own_known, printed);
          }
        }
      }
      // (only text nothing else taints: a branch after a download to a file
      // leaves the likely line to command_substitution's first_printed_)
      // Where lines are read, lines of a shape too, whatever their labels
      // (`for p in ~/.ssh/id_*; do echo "$p"; done`: files walked).
      if (if_part && r.stdout_text.empty() && (!r.stdout_taint || printing_lines())) {
        if (!own_text.empty() && (own_known || printing_lines())) r.stdout_text = std::move(own_text);
        else if (own_text.empty() && !other_text.empty()) r.stdout_text = std::move(other_text), own_known = true;
        r.stdout_known = !r.stdout_text.empty() && own_known;
      }
      if (narrowed) widen(*narrowed);
      if (branches) --cond_;
      break;
    }
    case K::for_statement_sh: {
      NodeId var = t_.child(n, F::variable);
      NodeId body = t_.child(n, F::body);
      std::vector<Word> values;
      bool listed = false;
      for (NodeId c = t_[n].first; c != kNoNode; c = t_[c].next)
        if (t_[c].field == F::value) {
          listed = true;
          bool split = false;
          Word w = word(c, split);
          // An array's items, or an unquoted expansion's fields split at the
          // default IFS (a function's printf '%s\n' list: one per line).
          // (an array's items are separate whatever their text: "$@" of a
          // function given a glob and names with run-time parts)
          const bool array = w.text.find(kArraySep) != std::string::npos;
          const std::string seps = array ? std::string(1, kArraySep) : kDefaultIfs;
          // (known blanks split text only partly known too: `for rc in
          // $HOOK_RC_FILES`, "~/.bashrc ~/.profile <more>", gives its known
          // files one by one, whatever else the unknown part holds)
          if ((array || split) && w.text.find_first_of(seps) != std::string::npos) {
            split_fields(w, seps, values);
          } else if (has_brace_group(t_.text(c))) {
            for (auto& x : expand_braces(w)) values.push_back(std::move(x));
          } else {
            values.push_back(w);
          }
        }
      // `for f; do`: the positional parameters, as "$@" (bash -c '...' _ FILES).
      if (!listed) append_array_items(expand_var("@"), values);
      if (values.empty() || values.size() > 16) {
        Word sum{std::string(1, kUnknownPart), 0, -1};
        for (const auto& v : values) sum.taint |= v.taint;
        values.assign(1, sum);
      }
      ++loop_;
      // What the loop prints is each pass's output in turn (`for p in ...; do
      // printf '%s\n' "$p"; done > list`: a tar -T list), as a group's is.
      std::string text;
      bool known = true;
      for (const auto& v : values) {
        if (var != kNoNode) vars_[std::string(t_.text(var))] = v;
        if (body != kNoNode) {
          CommandResult pass = exec(body, io);
          add_printed(r, pass);
          append_printed_text(text, known, pass);
        }
        if (stop_) break;
      }
      --loop_;
      if (!text.empty()) {
        r.stdout_text = std::move(text);
        r.stdout_known = known && !r.stdout_taint;
      }
      break;
    }
    case K::while_statement_sh: {
      NodeId cond = t_.child(n, F::condition);
      NodeId body = t_.child(n, F::body);
      std::string_view ct = cond == kNoNode ? "" : t_.text(cond);
      bool infinite = ct == "true" || ct == ":" || ct == "[ 1 ]" || ct == "((1))" || ct == "true;" || ct == ":;";
      if (body != kNoNode) {
        std::string_view bt = t_.text(body);
        if (bt.find("break") != std::string_view::npos || bt.find("exit") != std::string_view::npos ||
            bt.find("sleep") != std::string_view::npos || bt.find("wait") != std::string_view::npos)
          infinite = false;
      }
      // `while read A B; do ...; done <<< "$TABLE"` over known text: once per line.
      // (Lines with unknown parts run as they are: a queue of paths built from
      // a list, names of one shape built in a loop, "<hex>.t.example.org".)
      const bool some_known =
          io.stdin_known || io.stdin_text.find_first_not_of(std::string("\n") + kUnknownPart) != std::string::npos;
      if (cond != kNoNode && body != kNoNode && some_known && !io.stdin_text.empty() &&
          io.stdin_text != std::string(1, kUnknownPart) &&
          (ct.rfind("read ", 0) == 0 || ct.rfind("IFS=", 0) == 0) && ct.find("read") != std::string_view::npos) {
        ++loop_;
        size_t lines = 0;
        // (what it prints is each pass's output in turn, as a for loop's is)
        std::string text;
        bool known = true;
        for (size_t b = 0; b < io.stdin_text.size() && lines < kMaxReadLines && !stop_; ++lines) {
          size_t e = io.stdin_text.find('\n', b);
          CommandIo line_io = io;
          line_io.stdin_text = io.stdin_text.substr(b, e == std::string::npos ? std::string::npos : e - b);
          // (a line with a known part is read as it is, its unknown parts unknown fields)
          line_io.stdin_known = line_io.stdin_text != std::string(1, kUnknownPart);
          add_printed(r, exec(cond, line_io));
          CommandResult pass = exec(body, io);
          add_printed(r, pass);
          append_printed_text(text, known, pass);
          b = e == std::string::npos ? io.stdin_text.size() : e + 1;
        }
        --loop_;
        if (!text.empty() && known && !r.stdout_taint) {
          r.stdout_text = std::move(text);
          r.stdout_known = true;
        }
        break;
      }
      if (cond != kNoNode) add_printed(r, exec(cond, io));
      ++loop_;
      int saved_bg = infinite_bg_;
      if (infinite) {
        ++infinite_;
        infinite_bg_ = background_;
      }
      if (body != kNoNode) add_printed(r, exec(body, io));
      if (infinite) --infinite_;
      infinite_bg_ = saved_bg;
      --loop_;
      break;
    }
    case K::sh_comment: case K::heredoc_body: break;
    case K::command_substitution: case K::process_substitution: {
      // Reached inside a test's expression ([[ -n $(find "$f" -mtime +0) ]]):
      // a substitution, whose output is its own, not what the code around it prints.
      bool split = false;
      word(n, split);
      break;
    }
    default:
      for (NodeId c = t_.first_named(n); c != kNoNode && !stop_; c = t_.next_named(c)) exec(c, io);
      break;
  }
  then_exits_ = exits_after;
  --ctx_.depth;
  return r;
}

CommandResult ShInterp::exec_pipeline(NodeId n, const CommandIo& io) {
  std::vector<NodeId> stages;
  for (NodeId c = t_.first_named(n); c != kNoNode; c = t_.next_named(c))
    if (t_.kind(c) != K::sh_comment) stages.push_back(c);
  CommandResult prev;
  CommandIo cur = io;
  std::vector<Redirect> last_input = std::move(last_stage_input_);
  last_stage_input_.clear();
  ++in_pipeline_;
  for (size_t i = 0; i < stages.size(); ++i) {
    CommandIo next = cur;
    if (i > 0) {
      next.stdin_taint = prev.stdout_taint;
      next.stdin_ev = prev.stdout_ev;
      next.stdin_text = prev.stdout_text;
      next.stdin_known = prev.stdout_known;
      next.stdin_socket = prev.network && !prev.interactive_shell;
    }
    if (i + 1 == stages.size() && !last_input.empty()) open_redirects(last_input, false, next, stages[i]);
    next.stdout_piped = i + 1 < stages.size();
    prev = exec(stages[i], next);
  }
  --in_pipeline_;
  return prev;
}

// tree-sitter-bash 0.21 leaves a lone `-` before a descriptor's redirection
// out of every node (`tar -czf - -T - 2>/dev/null` parses as `tar -czf - -T`):
// the text between the command and the redirection that follows it.
bool ShInterp::drops_dash_before_redirect(NodeId cmd) const {
  NodeId at = cmd;
  for (int up = 0; up < 3 && at != kNoNode && t_[at].next == kNoNode; ++up) at = t_[at].parent;
  NodeId after = at == kNoNode ? kNoNode : t_[at].next;
  if (after == kNoNode || t_.kind(after) != K::file_redirect || t_[after].begin < t_[cmd].end) return false;
  std::string_view gap = t_.code().substr(t_[cmd].end, t_[after].begin - t_[cmd].end);
  size_t b = gap.find_first_not_of(" \t"), e = gap.find_last_not_of(" \t");
  return b != std::string_view::npos && gap.substr(b, e - b + 1) == "-";
}

// tree-sitter-bash 0.21 sometimes runs a command on into the next line
// ("set -eu" then "\\s\\u\\d\\o id", "sh" then "X=1"): where a word starts on a
// later line with no line continuation, the rest is a command of its own.
NodeId ShInterp::split_point(NodeId cmd) const {
  uint32_t prev_end = t_[cmd].begin;
  for (NodeId c = t_[cmd].first; c != kNoNode; c = t_[c].next) {
    if (!t_[c].named) continue;
    if (c != t_[cmd].first && line_ends_before(t_, prev_end, c)) return c;
    prev_end = t_[c].end;
  }
  return kNoNode;
}

// Redirections before a command (or a compound statement) runs: input from
// here-documents, files, process substitutions and sockets goes to `io`; the
// outputs are written by close_redirects with what it printed. `exec_only`: a
// bare `exec 3<>/dev/tcp/h/p` opens a descriptor for later commands.
ShInterp::Redirections ShInterp::open_redirects(const std::vector<Redirect>& reds, bool exec_only, CommandIo& io,
                                                NodeId at) {
  Redirections rd;
  for (const auto& r : reds) {
    std::string target = r.target.text;
    bool tcp = target.rfind("/dev/tcp/", 0) == 0 || target.rfind("/dev/udp/", 0) == 0;
    // A redirection of the standard input replaces the pipe's (`curl ... |
    // python3 - 3<&0 <<'PY'`: the program is the here-document, the
    // download only its descriptor 3).
    const bool replaces_stdin = r.fd <= 0;
    if (r.heredoc || r.op == "<<<") {
      io.stdin_text = r.target.text;
      io.stdin_known = !is_partial(r.target.text);
      if (replaces_stdin) io.stdin_taint = 0, io.stdin_ev = -1;
      io.stdin_taint |= r.target.taint;
      if (io.stdin_ev < 0) io.stdin_ev = r.target.ev;
      continue;
    }
    if ((r.op == ">&" || r.op == "<&") && !target.empty() && std::isdigit(static_cast<unsigned char>(target[0]))) {
      int fd = std::atoi(target.c_str());
      if (r.op == ">&" && r.fd <= 1 && fd == 2) rd.stdout_elsewhere = true;
      if (socket_fds_.count(fd)) {
        rd.socket_io = true;
        if (r.op == ">&" && r.fd <= 1) rd.socket_outputs.push_back(socket_fds_[fd]);
        if (r.op == "<&") {
          io.stdin_taint |= kDownloaded;
          if (io.stdin_ev < 0)
            io.stdin_ev = ctx_.log.evidence(t_[at].line, t_[at].col, "reads from the connection " + socket_fds_[fd]);
        }
      }
      continue;
    }
    if (tcp) {
      rd.socket_io = true;
      if (exec_only && r.fd >= 3) socket_fds_[r.fd] = target;
      Effect e;
      e.kind = Eff::net_connect;
      e.tag = "dev_tcp";
      e.target = target.substr(9);
      e.detail = target;
      ctx_.effect(std::move(e), site(at));
      if (r.op.find('>') != std::string::npos && !exec_only) {
        // data written to the socket
        rd.outputs.push_back(&r);
      }
      continue;
    }
    if (r.op == "<" || r.op == "<>") {
      std::string norm = ctx_.path(target);
      uint32_t cls = ctx_.classify(norm);
      uint32_t t = ctx_.read_taint(norm, cls) | r.target.taint;
      int32_t ev = r.target.ev;
      if (const auto* it = ctx_.written_at(norm)) {
        t |= it->first;
        ev = it->second;
      }
      if ((t & ~(kFileData | kWalked)) && ev < 0) ev = ctx_.log.evidence(t_[at].line, t_[at].col, "reads " + printable(norm));
      Effect e;
      e.kind = Eff::file_read;
      e.tag = "redirect";
      e.target = norm;
      e.path_classes = cls;
      if (!is_partial(target)) e.flags |= kConstTarget;
      ctx_.effect(std::move(e), site(at));
      if (replaces_stdin) io.stdin_taint = 0, io.stdin_ev = -1;
      io.stdin_taint |= t;
      if (io.stdin_ev < 0) io.stdin_ev = ev;
      // A file this code wrote (a queue of paths it built): its known lines.
      const std::string* text = ctx_.written_text_at(norm);
      io.stdin_known = text != nullptr;
      io.stdin_text = text ? *text : std::string();
      if (!text && target == "/dev/fd/63") {
        io.stdin_known = process_output_.known;
        io.stdin_text = process_output_.text;
      }
      continue;
    }
    const bool output = r.op.find('>') != std::string::npos && r.fd != 2;
    const bool discard = target == "/dev/null" || target == "/dev/stderr";
    if (output && discard && r.fd <= 1) rd.stdout_elsewhere = true;
    if (output && !discard && target != "/dev/stdout") rd.outputs.push_back(&r);
  }
  if (rd.socket_io) {
    io.stdout_socket = true;
    io.stdin_socket = true;
  }
  return rd;
}

// What a command printed goes where its output redirections point (files, sockets).
void ShInterp::close_redirects(const Redirections& rd, CommandResult& result, const Site& s) {
  for (const std::string& target : rd.socket_outputs) send_to_socket(target, result, s);
  if (rd.stdout_elsewhere) {
    result.stdout_taint = 0;
    result.stdout_known = false;
    result.stdout_text.clear();
  }
  for (const Redirect* r : rd.outputs) {
    std::string target = r->target.text;
    bool tcp = target.rfind("/dev/tcp/", 0) == 0 || target.rfind("/dev/udp/", 0) == 0;
    if (tcp) {
      send_to_socket(target, result, s);
      continue;
    }
    Effect e;
    e.kind = Eff::file_write;
    e.tag = r->op.find(">>") != std::string::npos ? "append" : "redirect";
    e.target = ctx_.path(target);
    e.path_classes = ctx_.classify(e.target);
    e.data_taint = result.stdout_taint;
    e.data_ev = result.stdout_ev;
    e.target_taint = r->target.taint;
    e.target_ev = r->target.ev;
    // what is written, with unknown parts where it has some (an apt hook line holding $URL)
    e.detail = printable(!result.stdout_text.empty() ? result.stdout_text : std::string(1, kUnknownPart), 2000);
    if (!is_partial(target)) e.flags |= kConstTarget;
    if (e.data_taint) {
      ctx_.record_write(e.target, e.data_taint, e.data_ev);
    }
    // Text with unknown parts too (a queue of paths built from a list): its known lines count.
    if (result.stdout_known || !result.stdout_text.empty())
      ctx_.record_text(e.target, result.stdout_text, e.tag == "append");
    ctx_.record_hook(e.target, e.path_classes, result.stdout_known ? result.stdout_text : std::string(1, kUnknownPart),
                     e.tag == "append", e.data_taint, e.data_ev, s);
    ctx_.effect(std::move(e), s);
    result.stdout_taint = 0;
    result.stdout_known = false;
    result.stdout_text.clear();
  }
}

void ShInterp::note_exported(NodeId decl) {
  for (NodeId c = t_.first_named(decl); c != kNoNode && exported_.size() < kMaxExported; c = t_.next_named(c)) {
    NodeId v = t_.kind(c) == K::variable_name ? c : t_.kind(c) == K::variable_assignment ? t_.child(c, F::name) : kNoNode;
    if (v != kNoNode && t_.kind(v) == K::variable_name) exported_.insert(std::string(t_.text(v)));
  }
}

Ctx::Environment ShInterp::child_environment(const Ctx::Environment& prefix) const {
  Ctx::Environment env;
  for (const auto& name : exported_)
    if (auto it = vars_.find(name); it != vars_.end()) env.emplace_back(name, it->second);
  for (const auto& assigned : prefix) {
    auto same = std::find_if(env.begin(), env.end(), [&](const auto& e) { return e.first == assigned.first; });
    if (same != env.end()) same->second = assigned.second;
    else env.push_back(assigned);
  }
  return env;
}

Ctx::Environment ShInterp::prefix_environment(NodeId cmd) {
  Ctx::Environment env;
  NodeId first_word = t_.first_named(cmd);
  while (first_word != kNoNode && t_.kind(first_word) == K::variable_assignment) first_word = t_.next_named(first_word);
  for (NodeId c = t_.first_named(cmd); c != first_word && c != kNoNode; c = t_.next_named(c)) {
    if (first_word != kNoNode && line_ends_before(t_, t_[c].end, first_word)) continue;  // the shell's own
    NodeId name = t_.child(c, F::name), value = t_.child(c, F::value);
    if (name == kNoNode || t_.kind(name) != K::variable_name) continue;
    bool split = false;
    Word w = value == kNoNode ? Word{} : word(value, split);
    std::string n(t_.text(name));
    auto same = std::find_if(env.begin(), env.end(), [&](const auto& e) { return e.first == n; });
    if (same != env.end()) same->second = std::move(w);
    else env.emplace_back(std::move(n), std::move(w));
  }
  return env;
}

CommandResult ShInterp::exec_command(NodeId cmd, const std::vector<Redirect>& reds, const CommandIo& io_in) {
  std::vector<std::string> assigns;
  // `url=$1 dest=$2` on a line of its own, more assignments or a command on
  // the next lines: the grammar makes them all that command's prefix. Those
  // on lines before the command's are the shell's, made before its words are read.
  NodeId first_word = t_.first_named(cmd);
  while (first_word != kNoNode && t_.kind(first_word) == K::variable_assignment) first_word = t_.next_named(first_word);
  if (first_word != kNoNode)
    for (NodeId c = t_.first_named(cmd); c != first_word; c = t_.next_named(c))
      if (line_ends_before(t_, t_[c].end, first_word)) exec(c, io_in);
  std::vector<Word> argv = words(cmd, &assigns);
  if (drops_dash_before_redirect(cmd)) argv.push_back(Word{"-", 0, -1});
  if (NodeId split = split_point(cmd); split != kNoNode) {
    // Words from `split` on are the next command.
    std::vector<Word> first, second;
    std::vector<std::string> ignored;
    size_t k = 0;
    for (NodeId c = t_[cmd].first; c != kNoNode; c = t_[c].next) {
      if (!t_[c].named || t_.kind(c) == K::variable_assignment || t_.kind(c) == K::file_redirect ||
          t_.kind(c) == K::heredoc_redirect || t_.kind(c) == K::herestring_redirect || t_.kind(c) == K::sh_comment)
        continue;
      if (c == split) break;
      ++k;
    }
    if (k > 0 && k < argv.size()) {
      std::vector<Word> rest(argv.begin() + static_cast<long>(k), argv.end());
      argv.resize(k);
      // Run the tail first-class (it has no redirections of its own).
      std::vector<std::string> tail_assigns;
      while (!rest.empty() && rest[0].text.find('=') != std::string::npos && rest[0].text[0] != '=' &&
             rest[0].text.find('/') > rest[0].text.find('=')) {
        std::string a = rest[0].text;
        size_t eq = a.find('=');
        assign_var(a.substr(0, eq), Word{a.substr(eq + 1), rest[0].taint, rest[0].ev}, split);
        rest.erase(rest.begin());
      }
      if (!rest.empty()) run_command(rest, CommandIo{}, ctx_, site(split));
    }
  }
  // Prefix assignments (HISTFILE=/dev/null cmd) count as assignments for the command.
  for (const auto& a : assigns) {
    size_t eq = a.find('=');
    if (eq == std::string::npos) continue;
    std::string name = a.substr(0, eq);
    if (name == "HISTFILE" || name == "HISTSIZE" || name == "HISTFILESIZE")
      assign_var(name, Word{a.substr(eq + 1), 0, -1}, cmd);
  }
  if (argv.empty()) {
    // Bare assignments: `X=1` as a command with a variable_assignment child.
    for (NodeId c = t_.first_named(cmd); c != kNoNode; c = t_.next_named(c))
      if (t_.kind(c) == K::variable_assignment) exec(c, io_in);
    return {};
  }
  CommandIo io = io_in;
  // The grammar puts some redirections inside the command (`sh <<< "$x"`).
  std::vector<Redirect> all = reds;
  collect_redirects(cmd, all);
  Redirections rd = open_redirects(all, argv.size() == 1 && argv[0].text == "exec", io, cmd);
  Site s = site(cmd);
  // exec CMD: the shell becomes CMD (python3 "$0" run by exec is one process).
  if (argv[0].text == "exec" && argv.size() > 1) s.flags |= kReplaces;
  std::string name = command_basename(argv[0].text);
  CommandResult result;
  // A function of this script: run its body with the arguments. `eval` of a
  // plain line naming one (a table of steps: eval "${steps[$k]}") is that call.
  std::vector<Word> evaluated;
  if (argv[0].text == "eval" && argv.size() > 1) evaluated = plain_function_call(argv);
  const std::vector<Word>& call = evaluated.empty() ? argv : evaluated;
  auto fit = funcs_.find(call[0].text);
  if (fit != funcs_.end()) {
    auto frame = std::find_if(fn_stack_.begin(), fn_stack_.end(),
                              [&](const Frame& f) { return f.name == call[0].text; });
    if (frame != fn_stack_.end()) {
      // Not from the uncalled pass: a recursion there (through a
      // `| while read` loop over a list) is the caller's to start, and
      // the classic bomb calls itself where it is defined.
      // a recursion under a condition of its own (if, case, &&) ends with its data,
      // as a recursion over run-time items does in Python
      bool forks = (in_pipeline_ > frame->pipeline || background_ > frame->background) && cond_ == frame->cond;
      if (forks && !uncalled_pass_) {
        Effect e;
        e.kind = Eff::spawn;
        e.tag = "fork_bomb";
        e.target = call[0].text;
        e.detail = "the function " + call[0].text + " starts copies of itself";
        ctx_.effect(std::move(e), s);
      }
      return result;
    }
    called_.insert(call[0].text);
    if (fn_stack_.size() < 16) {
      fn_stack_.push_back(Frame{call[0].text, in_pipeline_, background_, cond_});
      positional_.emplace_back(call.begin() + 1, call.end());
      count_unknown_.push_back(false);
      result = exec(fit->second, io);
      flush_history_off();
      positional_.pop_back();
      count_unknown_.pop_back();
      fn_stack_.pop_back();
    }
  } else if (auto eval_fn = ctx_.eval_functions.find(argv[0].text); eval_fn != ctx_.eval_functions.end()) {
    // A function an eval defined: its definition, then the call with these arguments.
    const std::string code = eval_fn->second + "\n" + argv[0].text + (argv.size() > 1 ? " \"$@\"\n" : "\n");
    std::vector<Word> args(argv.begin() + 1, argv.end());
    interpret_shell_script(code, ctx_, &s, "in a function eval defined", 0, -1, std::move(args));
  } else if (argv[0].text == "exec" && argv.size() == 1) {
    // exec 9>"$LOCK" opens (creates, truncates) each file it names for
    // writing, as any redirection does; what later goes there is unknown
    // here. Descriptors opened on /dev/tcp are open_redirects' concern.
    Redirections files;
    for (const Redirect* r : rd.outputs)
      if (r->target.text.rfind("/dev/tcp/", 0) != 0 && r->target.text.rfind("/dev/udp/", 0) != 0)
        files.outputs.push_back(r);
    close_redirects(files, result, s);
    return result;
  } else if (argv[0].text == "set" && argv.size() > 1 &&
             (argv[1].text == "--" || (argv[1].text[0] != '-' && argv[1].text[0] != '+'))) {
    // set -- WORDS: the script's (or function's) arguments are now WORDS, and
    // "$@" runs them as a command.
    std::vector<Word> args(argv.begin() + (argv[1].text == "--" ? 2 : 1), argv.end());
    if (positional_.empty()) positional_.push_back(std::move(args)), count_unknown_.push_back(false);
    else positional_.back() = std::move(args), count_unknown_.back() = false;
    return result;
  } else if (argv[0].text == "exit" && ctx_.copy_run && first_printed_.empty() && !subshell_ && !in_pipeline_ &&
             !background_) {
    // A copy run (self_copies.hpp) follows the one way its known tests
    // lead: the script's own `exit` on that way ends it.
    stop_ = true;
    return result;
  } else if (argv[0].text == "shift") {
    // shift [N]: the function's (or script's) arguments lose their first N.
    if (!positional_.empty()) {
      size_t n = argv.size() > 1 ? std::strtoul(argv[1].text.c_str(), nullptr, 10) : 1;
      auto& args = positional_.back();
      const auto end = args.begin() + static_cast<long>(std::min(n, args.size()));
      if (std::any_of(args.begin(), end, [](const Word& a) { return is_partial(a.text); })) count_unknown_.back() = true;
      args.erase(args.begin(), end);
    }
    return result;
  } else if (argv[0].text == "coproc") {
    // coproc [NAME] { CMD; } (the grammar hands coproc the words) or coproc
    // CMD: CMD runs beside the script, its output read on ${NAME[0]} and its
    // input written on ${NAME[1]}. A network client there makes both
    // descriptors the connection: bash -i <&"${R[0]}" >&"${R[1]}" is a
    // reverse shell as exec 5<>/dev/tcp/... is.
    std::string var = "COPROC";
    size_t k = 1;
    if (argv.size() > 2 && argv[2].text == "{") var = argv[1].text, k = 3;
    else if (argv.size() > 1 && argv[1].text == "{") k = 2;
    std::vector<Word> inner(argv.begin() + static_cast<long>(k), argv.end());
    if (!inner.empty() && inner.back().text == "}") inner.pop_back();
    if (inner.empty()) return result;
    ++background_;
    CommandResult ran = run_command(inner, CommandIo{}, ctx_, s);
    --background_;
    constexpr int kReadFd = 63, kWriteFd = 62;  // what bash gives its first coprocess
    vars_[var] = Word{std::to_string(kReadFd) + kArraySep + std::to_string(kWriteFd), 0, -1};
    if (ran.network) {
      std::string line = "coproc";
      for (const auto& w : inner) line += " " + w.text;
      socket_fds_[kReadFd] = socket_fds_[kWriteFd] = line;
    }
    return result;
  } else if (argv[0].text == "read" || argv[0].text == "mapfile" || argv[0].text == "readarray") {
    // read VAR...: the variables hold what stdin carries. `read A B` of known
    // text takes its first line's words, the last variable the line's rest;
    // `read -d ''`, mapfile and readarray take all of it.
    std::vector<std::string> names;
    bool whole = argv[0].text != "read";
    bool array = false;  // read -a NAME: the line's words, an array
    // The options that take a value (read -t TIMEOUT, but mapfile -t is a flag).
    const std::string_view valued = whole ? "dnOsuCc" : "dinNptu";
    for (size_t k = 1; k < argv.size(); ++k) {
      const std::string& v = argv[k].text;
      if (v == "-d") whole = true;
      if (!whole && v.size() > 1 && v[0] == '-' && !is_partial(v) && v.find('a') != std::string::npos) array = true;
      if (v.empty() || v[0] == '-' || is_partial(v)) continue;
      const std::string& before = argv[k - 1].text;
      if (k > 1 && before.size() == 2 && before[0] == '-' && valued.find(before[1]) != std::string_view::npos)
        continue;
      names.push_back(v);
    }
    // Lines of a known shape (`mapfile -t DEVS < <(lsblk ... | awk '{print "/dev/" $1}')`) keep it.
    const bool shaped = whole && !io.stdin_known && is_partial(io.stdin_text);
    std::vector<std::string> values(names.size(), io.stdin_known || shaped ? io.stdin_text : std::string(1, kUnknownPart));
    if (io.stdin_known && !whole && !names.empty())
      values = split_read_line(io.stdin_text.substr(0, io.stdin_text.find('\n')), names.size(),
                               field_separators(assigns));
    if (array && io.stdin_known && names.size() == 1) {
      // `read -r -a cmd <<<"$(pick_fetcher)"`: each word of the line an element.
      constexpr size_t kMaxWords = 64;
      std::string line = io.stdin_text.substr(0, io.stdin_text.find('\n')), joined;
      for (const auto& w : split_read_line(line, kMaxWords, field_separators(assigns))) {
        if (w.empty()) continue;
        if (!joined.empty()) joined += kArraySep;
        joined += w;
      }
      values[0] = joined;
    }
    if (argv[0].text != "read")  // mapfile: an array, a line each
      for (auto& v : values) {
        while (!v.empty() && v.back() == '\n') v.pop_back();
        std::replace(v.begin(), v.end(), '\n', kArraySep);
      }
    for (size_t i = 0; i < names.size(); ++i) vars_[names[i]] = Word{values[i], io.stdin_taint, io.stdin_ev};
    return result;
  } else {
    // The script starting itself again ($0 &, bash $0).
    // A re-launch under a condition (`elif ...; then ($0 edit "$1" &)`) outside a
    // loop is one process, as a guarded re-launch is in Python.
    bool self = (argv[0].taint & kSelf) ||
                (argv.size() > 1 && (ctx_.lib.is_shell(name) || runs_script(name)) && (argv[1].taint & kSelf));
    const Ctx::Environment prefix = prefix_environment(cmd);
    if (self && (background_ || in_pipeline_ || infinite_) && (cond_ == 0 || loop_ || infinite_)) {
      Effect e;
      e.kind = Eff::spawn;
      e.tag = "recursive";
      e.target = name;
      e.detail = "the script starts copies of itself";
      // What the copy is told, for judging it as that copy (self_copies.hpp).
      e.copy_args = copy_arguments(argv, (argv[0].taint & kSelf) ? 1 : 2);
      if (e.copy_args)
        for (const auto& [var, w] : child_environment(prefix)) e.copy_env.emplace_back(var, w.text);
      ctx_.effect(std::move(e), s);
    } else if (infinite_ && background_ > infinite_bg_) {
      // A process put in the background by an endless loop that never waits
      // (no sleep, wait, break or exit in its body): processes without end.
      // (An endless loop that itself runs in the background waits for each.)
      Effect e;
      e.kind = Eff::spawn;
      e.tag = "process";
      e.target = name;
      e.detail = "starts " + name + " in the background in an endless loop";
      ctx_.effect(std::move(e), s);
    }
    ctx_.child_env = [this, &prefix] { return child_environment(prefix); };
    result = run_command(argv, io, ctx_, s);
    ctx_.child_env = nullptr;  // (taken by the child it started, if any)
    // Its settings file may replace what the script set before it (the
    // upload URL it defaults to): from here those values are the user's
    // option, as a command-line option's default is.
    if ((argv[0].text == "." || argv[0].text == "source") && argv.size() > 1 && sources_settings(argv[1]))
      for (auto& [var, w] : vars_) w.taint |= kOption;
  }
  close_redirects(rd, result, s);
  return result;
}

}  // namespace

void interpret_shell(std::string_view code, Ctx& ctx, const Site* site, const char* via, uint32_t taint,
                     int32_t ev) {
  interpret_shell_script(code, ctx, site, via, taint, ev, {});
}

void interpret_shell_script(std::string_view code, Ctx& ctx, const Site* site, const char* via, uint32_t taint,
                            int32_t ev, std::vector<Word> args, const CommandIo& stdin, std::optional<Word> dollar0) {
  if (code.empty()) return;
  bool nested = site != nullptr;
  // A child shell knows the functions exported to it that its code names.
  std::string with_functions;
  if (nested)
    for (const auto& [name, def] : ctx.exported_functions)
      if (code.find(name) != std::string_view::npos) with_functions += def + "\n";
  std::string key;
  if (nested) {
    if (ctx.nest >= Ctx::kMaxNest || ctx.nested_bytes + code.size() + with_functions.size() > Ctx::kMaxNestedBytes) {
      ctx.mark_incomplete("nested code is too deep or too large to analyse fully");
      return;
    }
    key = "sh:" + std::string(code.substr(0, 4096)) + std::to_string(code.size());
    // (the same script given other text on its standard input is another run)
    if (!stdin.stdin_text.empty()) key += "\n<" + stdin.stdin_text.substr(0, 4096) + std::to_string(stdin.stdin_text.size());
    if (auto [seen, fresh] = ctx.seen_nested.try_emplace(key); !fresh) {
      ctx.print_again(seen->second);
      return;
    }
    ctx.nested_bytes += code.size() + with_functions.size();
    if (ctx.threats.is_known_payload(sha256_hex(code))) {
      Effect e;
      e.kind = Eff::threat;
      e.tag = "payload";
      e.target = "nested code";
      ctx.effect(std::move(e), *site);
    }
  }
  // the environment a parent gave this shell, for this shell only (made
  // once the code is known to be interpreted)
  Ctx::Environment env;
  if (nested || ctx.copy_run) env = ctx.take_child_env();
  if (!with_functions.empty()) {
    with_functions += code;
    code = with_functions;
  }
  const std::string reordered = rewrite_test_orderings(code);
  if (!reordered.empty()) code = reordered;
  const std::string regrouped = blank_coproc_group_ends(code);
  std::string recovered;  // the code with lines the grammar cannot parse blanked (unparsable_lines.hpp)
  SyntaxTree tree = parse_around_unparsable_lines(regrouped.empty() ? code : std::string_view(regrouped),
                                                  Language::shell, recovered);
  // Lines of assignments the grammar joined to the next line, ended (a
  // second round: ending one can show another; each round is a parse more,
  // 2 s for a megabyte of such lines).
  std::string terminated;
  for (int round = 0; round < 2 && tree.complete(); ++round) {
    std::string next = terminate_assignment_lines(tree);
    if (next.empty()) break;
    terminated = std::move(next);
    tree = SyntaxTree::parse(terminated, Language::shell);
  }
  if (!tree.complete()) {
    ctx.mark_incomplete("the shell code could not be parsed in time");
    return;
  }
  bool saved_pinned = ctx.pinned;
  Site saved_pin = ctx.pin;
  if (nested) {
    if (!ctx.pinned) {
      ctx.pinned = true;
      ctx.pin = *site;
      ctx.pin.via = via ? via : "";
    }
    ++ctx.nest;
  }
  try {
    ShInterp interp(tree, ctx, taint, ev);
    // (a copy of the script given no arguments has none: its $1 is empty)
    if (!args.empty() || (ctx.copy_run && !nested)) interp.set_arguments(std::move(args));
    if (!env.empty()) interp.set_environment(std::move(env));
    if (dollar0) interp.set_name(std::move(*dollar0));
    auto run = [&] {
      CommandResult printed = interp.run(stdin);
      ctx.nested_printed_taint |= printed.stdout_taint;
      if (ctx.nested_printed_ev < 0) ctx.nested_printed_ev = printed.stdout_ev;
    };
    if (nested) ctx.seen_nested[key] = ctx.printing(run);
    else run();
  } catch (...) {
    ctx.mark_incomplete("the shell analysis failed");
  }
  if (nested) --ctx.nest;
  ctx.pinned = saved_pinned;
  ctx.pin = saved_pin;
}

}  // namespace mai::assess
