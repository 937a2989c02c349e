#include "assess/shell_analyzer.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_map>
#include <unordered_set>

#include "assess/payload_decoder.hpp"
#include "assess/shell_lexer.hpp"

namespace mai::assess {
namespace {

using sh::Kind;
using sh::Token;

const std::unordered_set<std::string>& reserved() {
  static const std::unordered_set<std::string> r = {
      "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "{", "}", "!",
      "esac", "in", "select", "coproc", "[[", "]]"};
  return r;
}

std::string base_name(const std::string& w) {
  auto slash = w.find_last_of('/');
  std::string b = slash == std::string::npos ? w : w.substr(slash + 1);
  // python3.11 -> python3
  if (b.rfind("python", 0) == 0 && b.size() > 7 && b[7] == '.') b = b.substr(0, 7);
  return b;
}

bool is_assignment(const Token& t) {
  const std::string& s = t.text;
  size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  if (!(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (size_t k = 0; k < eq; ++k)
    if (!(std::isalnum(static_cast<unsigned char>(s[k])) || s[k] == '_' || (s[k] == '+' && k + 1 == eq)))
      return false;
  return true;
}

bool is_shell(const std::string& n) {
  static const std::unordered_set<std::string> s = {"sh", "bash", "zsh", "dash", "ksh", "ash", "csh", "tcsh", "fish", "mksh", "busybox"};
  return s.count(n) > 0;
}
bool is_python(const std::string& n) { return n == "python" || n == "python3" || n == "python2" || n == "pypy" || n == "pypy3"; }

struct Cmd {
  std::vector<Token> words;
  std::vector<Token> redirs;
  uint32_t line = 0, col = 0;
  bool background = false;
};

class ShellAnalyzer {
 public:
  ShellAnalyzer(std::string_view src, Analysis& a)
      : src_(src), a_(a), lex_(src, [this](const std::string& n) -> std::optional<sh::VarValue> {
          auto it = vars_.find(n);
          if (it == vars_.end()) return std::nullopt;
          return it->second;
        }) {}

  void run() {
    std::vector<Cmd> pipe;
    Cmd cur;
    bool in_case = false;
    size_t guard = 0;
    auto finish_cmd = [&]() {
      if (!cur.words.empty() || !cur.redirs.empty()) pipe.push_back(std::move(cur));
      cur = Cmd();
    };
    auto finish_pipe = [&]() {
      finish_cmd();
      if (!pipe.empty()) emit_pipeline(pipe);
      pipe.clear();
    };
    for (;;) {
      if (++guard > 4000000 || a_.observations().size() > Analysis::kMaxObservations) return;
      Token t = lex_.next();
      if (t.kind == Kind::end) break;
      if (t.kind == Kind::newline) {
        finish_pipe();
        continue;
      }
      if (t.kind == Kind::redirect) {
        if (cur.words.empty() && cur.redirs.empty()) cur.line = t.line, cur.col = t.col;
        cur.redirs.push_back(std::move(t));
        continue;
      }
      if (t.kind == Kind::op) {
        const std::string& o = t.text;
        if (o == "|" || o == "|&") {
          finish_cmd();
        } else if (o == "(") {
          if (cur.words.size() == 1) {  // name() { ... }: a function definition
            funcs_.insert(cur.words[0].text);
            record_body(cur.words[0].text);
            Token close = lex_.next();
            cur = Cmd();
            if (close.kind != Kind::op || close.text != ")") {
              if (close.kind == Kind::word) cur.words.push_back(std::move(close));
            }
          }
        } else if (o == ")") {
          if (in_case && !cur.words.empty()) cur = Cmd();
          else finish_pipe();
        } else if (o == "&") {
          cur.background = true;
          finish_pipe();
        } else {
          if (o == ";;" || o == ";&") cur = Cmd();
          finish_pipe();
        }
        continue;
      }
      // A word.
      if (cur.words.empty() && !t.quoted) {
        if (t.text == "case") {
          in_case = true;
          for (Token x = lex_.next(); x.kind != Kind::end && !(x.kind == Kind::word && x.text == "in"); x = lex_.next()) {}
          continue;
        }
        if (t.text == "esac") {
          in_case = false;
          continue;
        }
        if (t.text == "for" || t.text == "select") {
          Token var = lex_.next();
          if (var.kind == Kind::word) vars_.erase(var.text);
          for (Token x = lex_.next(); x.kind == Kind::word; x = lex_.next()) {
            analyze_substs(x);
            if (x.text == "do") break;
          }
          continue;
        }
        if (t.text == "function") {
          Token name = lex_.next();
          if (name.kind == Kind::word) {
            funcs_.insert(name.text);
            record_body(name.text);
          }
          continue;
        }
        if (reserved().count(t.text)) continue;
        if (is_assignment(t)) {
          assign(t);
          continue;
        }
      }
      if (cur.words.empty() && cur.redirs.empty()) cur.line = t.line, cur.col = t.col;
      cur.words.push_back(std::move(t));
    }
    finish_pipe();
  }

 private:
  void assign(const Token& t) {
    size_t eq = t.text.find('=');
    std::string name = t.text.substr(0, eq);
    bool append = !name.empty() && name.back() == '+';
    if (append) name.pop_back();
    std::vector<std::string> names = analyze_substs(t);
    uint32_t flags = t.flags;
    for (const auto& n : names)
      if (n == "curl" || n == "wget" || n == "nc" || n == "fetch") flags |= kNetwork;
      else if (n == "base64" || n == "xxd" || n == "openssl") flags |= kDecoded;
    std::string value = t.text.substr(eq + 1);
    if (append && vars_.count(name)) value = vars_[name].value + value;
    vars_[name] = sh::VarValue{value, flags};
  }

  // Analyzes the substitutions inside a token; returns the command names they ran.
  std::vector<std::string> analyze_substs(const Token& t) {
    std::vector<std::string> names;
    for (const auto& code : t.substs) {
      size_t before = a_.observations().size();
      a_.shell(code, t.line, t.col, "command substitution");
      auto& obs = a_.observations();
      for (size_t k = before; k < obs.size(); ++k)
        if (obs[k].kind == ObsKind::command) names.push_back(obs[k].name);
      // When the nested analysis was skipped (already seen), look at the first word.
      if (obs.size() == before) {
        std::string first = code.substr(0, code.find_first_of(" \t\n|;"));
        names.push_back(base_name(first));
      }
    }
    return names;
  }

  struct Resolved {
    std::vector<std::string> argv;
    std::vector<std::string> subst;
    uint32_t flags = 0;
  };

  Resolved resolve(const Cmd& c) {
    Resolved r;
    for (const auto& w : c.words) {
      r.flags |= w.flags;
      auto names = analyze_substs(w);
      r.subst.insert(r.subst.end(), names.begin(), names.end());
      if (w.split) {  // $IFS glued words apart
        size_t p = 0;
        const std::string& s = w.text;
        while (p < s.size()) {
          while (p < s.size() && s[p] == ' ') ++p;
          size_t e = s.find(' ', p);
          if (e == std::string::npos) e = s.size();
          if (e > p) r.argv.push_back(s.substr(p, e - p));
          p = e;
        }
      } else {
        r.argv.push_back(w.text);
      }
      if (w.text.size() >= 40) blob(w.text, w);
    }
    for (const auto& rd : c.redirs) {
      r.flags |= rd.flags;
      auto names = analyze_substs(rd);
      r.subst.insert(r.subst.end(), names.begin(), names.end());
    }
    return r;
  }

  void blob(const std::string& text, const Token& at) {
    // A long word may be a payload: an encoded script, or a single base64 arg.
    std::string_view s = text;
    auto sp = s.find_last_of(' ');
    if (sp != std::string_view::npos) s = s.substr(sp + 1);
    if (s.size() < 40) return;
    if (auto decoded = peel_blob(s)) {
      Observation o;
      o.kind = ObsKind::payload;
      o.text = *decoded;
      o.line = at.line;
      o.col = at.col;
      a_.add(std::move(o));
      a_.shell(*decoded, at.line, at.col, "decoded payload");
      if (decoded->find("import ") != std::string::npos) a_.python(*decoded, at.line, at.col, "decoded payload");
    }
  }

  // Strips wrappers (sudo, env, nohup, ...) emitting each; returns the index of
  // the real command in argv.
  size_t unwrap(const std::vector<std::string>& argv, size_t k, const Cmd& c, const Resolved& r,
                const std::vector<std::string>& pipe_to) {
    static const std::unordered_set<std::string> wrappers = {
        "sudo", "doas", "env", "nohup", "exec", "time", "nice", "ionice", "timeout", "setsid",
        "stdbuf", "command", "builtin", "xargs", "busybox", "chroot", "runuser", "pkexec",
        "unbuffer", "strace", "ltrace", "watch", "script", "flock"};
    for (int hops = 0; k < argv.size() && hops < 8; ++hops) {
      std::string n = base_name(argv[k]);
      if (!wrappers.count(n) || k + 1 >= argv.size()) return k;
      emit_command(argv, k, c, r, pipe_to);
      ++k;
      // Options of the wrapper, and arguments of those that take one.
      while (k < argv.size()) {
        const std::string& w = argv[k];
        if (n == "env" && w.find('=') != std::string::npos && w[0] != '-') { ++k; continue; }
        if (w.size() > 1 && w[0] == '-') {
          bool takes = (n == "sudo" && (w == "-u" || w == "-g" || w == "-C" || w == "-p" || w == "-r" || w == "-t" || w == "-U")) ||
                       (n == "nice" && w == "-n") || (n == "xargs" && (w == "-I" || w == "-n" || w == "-P" || w == "-d" || w == "-L")) ||
                       (n == "runuser" && (w == "-u" || w == "-g")) || (n == "flock" && (w == "-w" || w == "-E")) ||
                       (n == "watch" && (w == "-n" || w == "-d")) || (n == "script" && w == "-c");
          k += takes ? 2 : 1;
          continue;
        }
        if ((n == "timeout" || n == "chroot" || n == "flock") && k + 1 < argv.size() && base_name(argv[k]) != "sh") {
          ++k;  // DURATION, NEWROOT, LOCKFILE
          continue;
        }
        if (n == "busybox" || n == "script") break;
        break;
      }
    }
    return k;
  }

  void emit_command(const std::vector<std::string>& argv, size_t k, const Cmd& c, const Resolved& r,
                    const std::vector<std::string>& pipe_to) {
    Observation o;
    o.kind = ObsKind::command;
    o.name = k < argv.size() ? base_name(argv[k]) : std::string("exec");
    for (size_t j = k + 1; j < argv.size(); ++j) {
      if (!o.text.empty()) o.text.push_back(' ');
      o.text += argv[j];
    }
    o.pipe_to = pipe_to;
    for (const auto& rd : c.redirs) o.redirects.push_back(rd.text + rd.target);
    o.subst = r.subst;
    o.flags = r.flags;
    o.line = c.line;
    o.col = c.col;
    if (c.background && funcs_.count(o.name)) o.subst.push_back("&" + o.name);
    a_.add(std::move(o));
  }

  void emit_pipeline(std::vector<Cmd>& pipe) {
    std::vector<Resolved> res;
    std::vector<std::string> names;
    std::vector<size_t> starts;
    for (auto& c : pipe) {
      res.push_back(resolve(c));
      names.emplace_back();
      starts.push_back(0);
    }
    // Real command names first (pipe_to needs them).
    for (size_t i = 0; i < pipe.size(); ++i) {
      const auto& argv = res[i].argv;
      size_t k = 0;
      static const std::unordered_set<std::string> wrappers = {
          "sudo", "doas", "env", "nohup", "exec", "time", "nice", "ionice", "timeout", "setsid",
          "stdbuf", "command", "builtin", "xargs", "busybox", "chroot", "runuser", "pkexec",
          "unbuffer", "strace", "ltrace", "watch", "script", "flock"};
      while (k < argv.size() && (wrappers.count(base_name(argv[k])) || argv[k].find('=') != std::string::npos ||
                                 (k > 0 && argv[k].size() > 1 && argv[k][0] == '-')))
        ++k;
      names[i] = k < argv.size() ? base_name(argv[k]) : std::string();
    }
    for (size_t i = 0; i < pipe.size(); ++i) {
      std::vector<std::string> pipe_to(names.begin() + static_cast<long>(i) + 1, names.end());
      const auto& argv = res[i].argv;
      if (argv.empty()) {  // bare redirection: `exec 3<>/dev/tcp/...` has argv; `> file` not
        emit_command(argv, 0, pipe[i], res[i], pipe_to);
        continue;
      }
      size_t k = unwrap(argv, 0, pipe[i], res[i], pipe_to);
      if (k >= argv.size()) continue;
      emit_command(argv, k, pipe[i], res[i], pipe_to);
      nested(argv, k, pipe[i], res[i], pipe, i, res);
      if (funcs_.count(base_name(argv[k]))) call_function(base_name(argv[k]), argv, k, pipe[i]);
      if (funcs_.count(base_name(argv[k]))) {
        bool self_pipe = std::find(pipe_to.begin(), pipe_to.end(), base_name(argv[k])) != pipe_to.end();
        if (self_pipe || (pipe[i].background && i + 1 == pipe.size() && i > 0)) {
          Observation o;
          o.kind = ObsKind::fact;
          o.name = "fork_bomb";
          o.line = pipe[i].line;
          o.col = pipe[i].col;
          a_.add(std::move(o));
        }
      }
    }
  }

  // Code inside the command: -c strings, eval, heredocs, find -exec, decoders.
  void nested(const std::vector<std::string>& argv, size_t k, const Cmd& c, const Resolved&,
              const std::vector<Cmd>& pipe, size_t idx, const std::vector<Resolved>& res) {
    std::string n = base_name(argv[k]);
    uint32_t line = c.line, col = c.col;
    auto code_after = [&](const char* flag) -> const std::string* {
      for (size_t j = k + 1; j + 1 < argv.size(); ++j) {
        const std::string& w = argv[j];
        if (w == flag || (w.size() > 2 && w[0] == '-' && w[1] != '-' && w.back() == flag[1] &&
                          w.find_first_not_of("-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos))
          return &argv[j + 1];
      }
      return nullptr;
    };
    if (is_shell(n) || n == "su") {
      if (const auto* code = code_after("-c")) a_.shell(*code, line, col, "sh -c");
    } else if (n == "eval") {
      std::string code;
      for (size_t j = k + 1; j < argv.size(); ++j) code += (code.empty() ? "" : " ") + argv[j];
      a_.shell(code, line, col, "eval");
    } else if (is_python(n)) {
      if (const auto* code = code_after("-c")) a_.python(*code, line, col, "python -c");
    } else if (n == "find") {
      for (size_t j = k + 1; j < argv.size(); ++j) {
        if (argv[j] == "-exec" || argv[j] == "-execdir" || argv[j] == "-ok") {
          std::vector<std::string> sub;
          for (++j; j < argv.size() && argv[j] != ";" && argv[j] != "+"; ++j) sub.push_back(argv[j]);
          if (!sub.empty()) a_.argv(sub, line, col, "find -exec");
        }
      }
    }
    for (const auto& rd : c.redirs) {
      if (rd.text == "<<" || rd.text == "<<-" || rd.text == "<<<") {
        if (is_python(n)) a_.python(rd.target, line, col, "heredoc");
        else if (is_shell(n) || n == "eval") a_.shell(rd.target, line, col, "heredoc");
      }
    }
    // echo 'code' | sh: the echoed text is shell code.
    if ((n == "echo" || n == "printf") && idx + 1 < pipe.size()) {
      const auto& next = res[idx + 1].argv;
      std::string nn;
      for (const auto& w : next)  // skip wrappers such as sudo
        if (!w.empty() && w[0] != '-' && w != "sudo" && w != "env") {
          nn = base_name(w);
          break;
        }
      if (is_shell(nn) || is_python(nn)) {
        std::string code;
        for (size_t j = k + 1; j < argv.size(); ++j)
          if (!(j == k + 1 && argv[j].size() > 1 && argv[j][0] == '-')) code += (code.empty() ? "" : " ") + argv[j];
        if (is_shell(nn)) a_.shell(code, line, col, "echo | sh");
        else a_.python(code, line, col, "echo | python");
      }
    }
    // echo BLOB | base64 -d  (| sh): the blob is a payload.
    if ((n == "echo" || n == "printf") && idx + 1 < pipe.size()) {
      const auto& next = res[idx + 1].argv;
      std::string nn = next.empty() ? "" : base_name(next[0]);
      bool b64 = nn == "base64" || (nn == "openssl" && std::find(next.begin(), next.end(), "base64") != next.end());
      bool hex = nn == "xxd";
      if (b64 || hex) {
        std::string data;
        for (size_t j = k + 1; j < argv.size(); ++j)
          if (argv[j].empty() || argv[j][0] != '-') data += argv[j];
        auto out = b64 ? decode_base64(data) : decode_hex(data);
        if (out) {
          if (auto deeper = inflate_any(*out)) out = deeper;
          Observation o;
          o.kind = ObsKind::payload;
          o.text = *out;
          o.line = line;
          o.col = col;
          a_.add(std::move(o));
          if (looks_like_text(*out)) {
            a_.shell(*out, line, col, "decoded payload");
            if (out->find("import ") != std::string::npos) a_.python(*out, line, col, "decoded payload");
          }
        }
      }
    }
  }

  // The body of a function being defined: the text from the lexer's position
  // to the matching '}' (quotes respected), kept to re-analyse it with the
  // arguments of each call.
  void record_body(const std::string& name) {
    size_t p = src_.find('{', lex_.pos());
    if (p == std::string_view::npos || p - lex_.pos() > 8) return;
    int depth = 0;
    char quote = 0;
    for (size_t q = p; q < src_.size(); ++q) {
      char c = src_[q];
      if (quote) {
        if (c == '\\' && quote == '"') ++q;
        else if (c == quote) quote = 0;
        continue;
      }
      if (c == '\'' || c == '"') quote = c;
      else if (c == '\\') ++q;
      else if (c == '{') ++depth;
      else if (c == '}' && --depth == 0) {
        if (bodies_.size() < 256) bodies_[name] = std::string(src_.substr(p + 1, q - p - 1));
        return;
      }
    }
  }

  // A call of a function defined here: its body with $1.., $@, $* replaced
  // by the arguments, analysed in turn.
  void call_function(const std::string& name, const std::vector<std::string>& argv, size_t k, const Cmd& c) {
    auto it = bodies_.find(name);
    if (it == bodies_.end() || argv.size() <= k + 1) return;
    const std::string& body = it->second;
    std::string out;
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i] != '$' || i + 1 >= body.size()) {
        out.push_back(body[i]);
        continue;
      }
      size_t j = i + 1;
      bool braced = body[j] == '{';
      if (braced) ++j;
      char v = j < body.size() ? body[j] : '\0';
      bool close_ok = !braced || (j + 1 < body.size() && body[j + 1] == '}');
      if (close_ok && v >= '1' && v <= '9') {
        size_t idx = k + static_cast<size_t>(v - '0');
        // Inside double quotes the value is spliced without quotes of its own.
        out += idx < argv.size() ? argv[idx] : std::string();
        i = j + (braced ? 1 : 0);
      } else if (close_ok && (v == '@' || v == '*')) {
        for (size_t a = k + 1; a < argv.size(); ++a) out += (a > k + 1 ? " " : "") + argv[a];
        i = j + (braced ? 1 : 0);
      } else {
        out.push_back('$');
      }
    }
    a_.shell(out, c.line, c.col, "shell function");
  }

  std::string_view src_;
  std::unordered_map<std::string, std::string> bodies_;
  Analysis& a_;
  std::unordered_map<std::string, sh::VarValue> vars_;
  std::unordered_set<std::string> funcs_;
  sh::Lexer lex_;
};

}  // namespace

void analyze_shell(std::string_view code, Analysis& a) {
  try {
    ShellAnalyzer(code, a).run();
  } catch (...) {
    // What was seen so far stands.
  }
}

}  // namespace mai::assess
