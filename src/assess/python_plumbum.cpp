// plumbum's command objects: local["curl"], plumbum.cmd.curl and
// local.cmd.curl are commands; cmd[args] binds arguments (a bound command
// among them is inlined, as plumbum does: sudo[chmod["4755", p]] runs
// `sudo chmod 4755 p`); a | b is a pipeline; calling one, its run/popen
// methods (library-model.yaml, plumbum.Command.*) or `& FG` runs its line;
// `cmd > "file"` (and >>, <) puts the redirection on the line; local.which("x")
// is the command x.
// A command is an object of type plumbum.Command whose text is its shell
// line, so the shell model judges what runs (curl ... | bash included).
#include <cctype>
#include <optional>
#include <string_view>

#include "assess/library_model.hpp"
#include "assess/python_interp.hpp"

namespace mai::assess {
namespace {

constexpr const char* kCommand = "plumbum.Command";

// A word as the POSIX shell reads it back (unknown parts stay unknown).
std::string shell_word(const std::string& w) {
  if (w.empty()) return "''";
  bool plain = true;
  for (char c : w)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == kUnknownPart ||
          std::string_view("_./:=@%+,-~").find(c) != std::string_view::npos))
      plain = false;
  if (plain) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The line of a command alternative, or nullopt when it is not one. The
// machine itself (plumbum.local) is a command with no words yet.
std::optional<std::string> command_line(const Alt& a) {
  if (a.k == VK::object && a.s == kCommand) return a.extra;
  if (a.k != VK::libfunc && a.k != VK::object && a.k != VK::module) return std::nullopt;
  if (a.s == "plumbum.local" || a.s == "plumbum.machines.local") return std::string();
  // A remote machine (SshMachine, ParamikoMachine): its commands are this
  // code's commands too, run on the hosts it manages (sudo there is sudo).
  if (a.k == VK::object && (a.s == "plumbum.SshMachine" || a.s == "plumbum.ParamikoMachine")) return std::string();
  for (const char* prefix : {"plumbum.cmd.", "plumbum.local.cmd."})
    if (a.s.rfind(prefix, 0) == 0 && a.s.size() > std::char_traits<char>::length(prefix))
    {
      // plumbum.cmd.apt_get is apt-get when no apt_get exists: the dashed name
      std::string name = a.s.substr(std::char_traits<char>::length(prefix));
      for (auto& c : name)
        if (c == '_') c = '-';
      return name;
    }
  return std::nullopt;
}

Value command(std::string line, uint32_t taint, int32_t ev) {
  Value v = Value::object(kCommand, std::move(line));
  v.taint = taint;
  v.ev = ev;
  return v;
}

bool has_command(const Value& v) {
  for (const auto& a : v.alts)
    if (command_line(a)) return true;
  return false;
}

}  // namespace

std::optional<Value> PyInterp::plumbum_subscript(const Alt& a, const Value& obj, const Value& key) {
  auto line = command_line(a);
  if (!line) return std::nullopt;
  std::vector<Value> words;
  const Alt* k = key.single();
  if (k && k->k == VK::tuple && k->c) {
    words = k->c->items;
    if (k->c->open) words.push_back(Value());
  } else {
    words.push_back(key);
  }
  std::string out = *line;
  uint32_t taint = obj.taint | key.taint;
  for (const auto& w : words) {
    const Alt* one = w.single();
    std::optional<std::string> inner = one ? command_line(*one) : std::nullopt;
    auto alts = string_alternatives(w, 1);
    std::string text = inner ? *inner : shell_word(alts.empty() ? std::string(1, kUnknownPart) : alts[0]);
    if (!text.empty()) out += (out.empty() ? "" : " ") + text;
    taint |= w.taint;
  }
  return command(std::move(out), taint, obj.ev >= 0 ? obj.ev : key.ev);
}

std::optional<Value> PyInterp::plumbum_operator(const std::string& op, const Value& l, const Value& r, NodeId at) {
  if (!has_command(l)) return std::nullopt;
  if (op == ">" || op == ">>" || op == "<") {
    // cmd > "file", cmd >> "file", cmd < "file": the shell's redirections, on the line
    // (so the shell model sees where the output goes); a stream object is an unknown file.
    auto files = string_alternatives(r, 1);
    std::string file = shell_word(files.empty() ? std::string(1, kUnknownPart) : files[0]);
    Value out;
    bool any = false;
    for (const auto& x : l.alts)
      if (auto a = command_line(x)) accumulate(out, any, command(*a + " " + op + " " + file, l.taint | r.taint, l.ev >= 0 ? l.ev : r.ev));
    return out;
  }
  if (op != "|" && op != "&") return std::nullopt;
  if (op == "|") {
    if (!has_command(r)) return std::nullopt;
    Value out;
    bool any = false;
    for (const auto& x : l.alts)
      for (const auto& y : r.alts) {
        auto a = command_line(x), b = command_line(y);
        if (a && b) accumulate(out, any, command(*a + " | " + *b, l.taint | r.taint, l.ev >= 0 ? l.ev : r.ev));
      }
    return out;
  }
  // cmd & FG, & BG, & TF, & RETCODE: runs it.
  return plumbum_run(l, at);
}

Value PyInterp::plumbum_run(const Value& cmd, NodeId site) {
  const ApiSpec* spec = ctx_.lib.method(kCommand, "__call__");
  if (!spec) return Value();
  Value self;
  bool any = false;
  for (const auto& a : cmd.alts)
    if (auto line = command_line(a)) accumulate(self, any, command(*line, 0, -1));
  self.taint = cmd.taint;
  self.ev = cmd.ev;
  Args none;
  return apply_spec(*spec, spec->name, &self, none, site);
}

Value PyInterp::plumbum_call(const Alt& a, const Value& callee, Args& args, NodeId site) {
  // cmd("-l", path): the call's arguments are bound first.
  Value bound = callee;
  if (!args.pos.empty()) {
    Value key = make_list(args.pos, VK::tuple);
    Value one;
    one.alts.push_back(a);
    one.taint = callee.taint;
    one.ev = callee.ev;
    if (auto b = plumbum_subscript(a, one, key)) bound = *b;
  }
  return plumbum_run(bound, site);
}

std::optional<Value> PyInterp::plumbum_which(const std::string& q, const Args& args) {
  if ((q != "plumbum.local.which" && q != "plumbum.machines.local.which") || args.pos.empty()) return std::nullopt;
  auto names = string_alternatives(args.pos[0], 1);
  // which() answers with the program's full path; the shell model knows it by its base name
  std::string name = names.empty() ? std::string(1, kUnknownPart) : names[0];
  if (auto slash = name.rfind('/'); slash != std::string::npos) name = name.substr(slash + 1);
  return command(shell_word(name), args.pos[0].taint, args.pos[0].ev);
}

}  // namespace mai::assess
