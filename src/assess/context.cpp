#include "assess/context.hpp"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <set>
#include <tuple>

#include "assess/command_model.hpp"
#include "assess/python_interp.hpp"
#include "assess/syntax_tree.hpp"
#include "assess/unparsable_lines.hpp"
#include "assess/taint.hpp"
#include "common/sha256.hpp"

namespace mai::assess {

uint64_t thread_cpu_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(ts.tv_nsec);
}

bool Budget::past_deadline() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  uint64_t now = static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(ts.tv_nsec);
  if (now < next_reading_ns_) return false;
  next_reading_ns_ = now + 50'000'000;
  return thread_cpu_ns() > deadline_ns_;
}

std::optional<std::string> env_directory(std::string_view name) {
  // Where each points when set as its specification says (the XDG base
  // directories' defaults): a path under them keeps its meaning.
  static const std::pair<std::string_view, std::string_view> dirs[] = {
      {"HOME", "~"},
      {"USERPROFILE", "~"},
      {"APPDATA", "~/AppData/Roaming"},
      {"LOCALAPPDATA", "~/AppData/Local"},
      {"XDG_CONFIG_HOME", "~/.config"},
      {"XDG_DATA_HOME", "~/.local/share"},
      {"XDG_CACHE_HOME", "~/.cache"},
      {"XDG_STATE_HOME", "~/.local/state"},
  };
  for (const auto& [n, dir] : dirs)
    if (n == name) return std::string(dir);
  return std::nullopt;
}

uint32_t Ctx::classify(std::string_view path) const {
  if (path.empty()) return 0;
  // A mostly unknown path belongs to no class: "…/…" is not the home directory.
  size_t known = 0;
  for (char c : path)
    if (c != kUnknownPart && c != '/' && c != '.') ++known;
  bool partial = is_partial(path);
  // Something under the home directory, its name unknown (a walk of ~): home.
  if (partial && known < 3)
    return path.size() > 2 && path[0] == '~' && path[1] == '/' ? lib.path_class_bit("home").value_or(0) : 0;
  // "$base/lib/python$py_version_short/site-packages" as written is a
  // template nobody expanded (distutils' install schemes): as a path it is a
  // directory named "$base" in the working directory, nothing more.
  if (path.size() > 1 && path[0] == '$' && (std::isalpha(static_cast<unsigned char>(path[1])) || path[1] == '_'))
    return lib.path_class_bit("cwd").value_or(0);
  uint32_t bits = lib.classify_path(path);
  if (bits & public_key_class) bits &= ~credentials_class;
  if (bits & bookmarks_class) bits &= ~browser_data_class;
  if (path[0] != '/' && path[0] != '~' && path[0] != kUnknownPart)
    if (auto here = lib.path_class_bit("cwd")) bits |= *here;
  return bits;
}

void Ctx::judge_package(std::string_view requirement, const std::string& detail, const Site& at) {
  size_t start = requirement.find_first_not_of(" \t");
  if (start == std::string_view::npos || requirement[start] == '#' || requirement[start] == '-') return;
  std::string name(requirement.substr(start, requirement.find_first_of("=<>![;@ ~\t#", start) - start));
  if (name.empty()) return;
  Effect e;
  e.kind = Eff::threat;
  e.target = name;
  e.detail = detail;
  if (threats.is_malicious_package(name)) {
    e.tag = "package";
  } else if (auto like = threats.typosquat_of(name)) {
    e.tag = "typosquat";
    e.detail = "resembles " + *like;
    e.flags |= kExternalHint;
  } else {
    return;
  }
  effect(std::move(e), at);
}

uint32_t Ctx::read_taint(std::string_view path, uint32_t classes) const {
  auto has = [&](const char* name) {
    auto b = lib.path_class_bit(name);
    return b && (classes & *b);
  };
  uint32_t t = kFileData;
  if (has("credentials") || has("browser_data") || has("shadow")) t |= kSecretFile;
  if (has("history")) t |= kHistory;
  // a dotenv file is the environment written down: its values are environment secrets
  if (has("dotenv")) t |= kEnvSecret;
  if (has("user_identity")) t |= kSysinfo;
  if (has("process_environment")) t |= kEnvAll;
  // keyboards and mice as the kernel shows them: what is read are keystrokes
  if (has("input_device")) t |= kKeys;
  // a public key (and known_hosts, authorized_keys) is published by design
  if (has("home") && !has("public_key") && !(t & (kSecretFile | kHistory))) t |= kUserFile;
  // the kernel's random bytes: a key nobody can guess (head -c 32 /dev/urandom)
  if (path == "/dev/urandom" || path == "/dev/random") t |= kUnpredictable;
  return t;
}

uint32_t Ctx::home_tree_taint(std::string_view path) const {
  uint32_t cls = classify(path);
  auto bit = [&](const char* n) { return lib.path_class_bit(n).value_or(0); };
  if (cls & bit("home_root")) return kUserFile | kWalked;
  size_t slash = path.rfind('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  bool dir_like = !base.empty() && base.find('.') == std::string_view::npos && !is_partial(base);
  if ((cls & bit("home")) && dir_like && !(cls & (bit("credentials") | bit("browser_data"))))
    return kUserFile | kWalked;
  return 0;
}

bool Ctx::is_directory(std::string_view dst) const {
  if (dst.empty() || is_partial(dst)) return !dst.empty() && dst.back() == '/';
  if (dst.back() == '/') return true;
  std::string p = path(dst);
  return made_dirs.count(p) > 0 || (directory_class && (classify(p) & directory_class));
}

bool Ctx::under_made_dir(std::string_view path) const {
  for (size_t slash = path.find('/', 1); slash != std::string_view::npos; slash = path.find('/', slash + 1)) {
    std::string_view dir = path.substr(0, slash);
    if (is_partial(dir)) return false;
    if (made_dirs.count(std::string(dir))) return true;
  }
  return false;
}

bool Ctx::own_tree(std::string_view path) const {
  if (!is_partial(path)) return false;
  std::string_view known = path.substr(0, path.find(kUnknownPart));
  size_t slash = known.rfind('/');
  if (slash == std::string_view::npos || slash == 0) return false;
  std::string_view dir = known.substr(0, slash);  // "backups" of "backups/<date>"
  if (dir == "." || shared_directory(dir)) return false;
  const std::string prefix = std::string(dir) + "/";
  auto under = [&prefix](const std::string& p) { return p.compare(0, prefix.size(), prefix) == 0; };
  bool wrote = std::any_of(made_dirs.begin(), made_dirs.end(), under) ||
               std::any_of(own_files.begin(), own_files.end(), under);
  return wrote && std::none_of(read_paths.begin(), read_paths.end(), under);
}

std::string Ctx::into_directory(std::string_view dir, std::string_view src) {
  std::string_view base = src;
  while (base.size() > 1 && base.back() == '/') base.remove_suffix(1);
  if (size_t slash = base.rfind('/'); slash != std::string_view::npos) base.remove_prefix(slash + 1);
  while (!dir.empty() && dir.back() == '/') dir.remove_suffix(1);
  return std::string(dir) + "/" + std::string(base);
}

void Ctx::record_hook(const std::string& path, uint32_t classes, std::string_view text, bool append, uint32_t taint,
                      int32_t ev, const Site& s) {
  if (!hook_class || !(classes & hook_class)) return;
  auto it = std::find_if(hooks.begin(), hooks.end(), [&](const HookText& h) { return h.path == path; });
  if (it == hooks.end()) {
    if (hooks.size() >= kMaxHooks) return;
    hooks.push_back(HookText{path, std::string(), 0, -1, s});
    it = hooks.end() - 1;
  } else if (!append) {
    it->text.clear();
  }
  if (it->text.size() + text.size() <= kMaxWrittenText) it->text.append(text);
  it->taint |= taint;
  if (it->ev < 0) it->ev = ev;
}

void Ctx::join_pty_shells() {
  if (shell_on_pty_ev < 0) return;
  for (auto& e : log.mutable_effects())
    if (e.data_taint & kPty) {
      e.data_taint |= kShellIo;
      if (e.data_ev < 0) e.data_ev = shell_on_pty_ev;
    }
}

void Ctx::own_output_by_default() {
  auto& effects = log.mutable_effects();
  // Such a default's delete: its line, column and command (a nested shell's
  // commands share the line of the call that runs them: `shred` of the files
  // listed is not the `rm` of its own list after it).
  std::set<std::tuple<uint32_t, uint32_t, std::string>> sites;
  for (const auto& e : effects)
    if (e.kind == Eff::file_delete && (e.flags & kOwnOutput) && (e.target_taint & kOption))
      sites.insert({e.line, e.col, e.tag});
  if (sites.empty()) return;
  for (auto& e : effects)
    if (e.kind == Eff::file_delete && (e.target_taint & kOption) && !e.target.empty() && e.target[0] == kUnknownPart &&
        sites.count({e.line, e.col, e.tag}))
      e.flags |= kOwnOutput;
}

void Ctx::judge_hooks() {
  // Hooks written while judging hooks are judged no further (a hook that writes a hook).
  std::vector<HookText> todo;
  todo.swap(hooks);
  for (const auto& h : todo) {
    // Nothing known of the content (a copy of a template): nothing to judge;
    // a hook holding this program or a download is PERSISTENCE by its taint.
    bool known = false;
    for (char c : h.text)
      if (c != kUnknownPart && !std::isspace(static_cast<unsigned char>(c))) known = true;
    if (!known) continue;
    Site s = h.site;
    s.flags |= kInHook;
    const char* via = "in the git hook it installs";
    size_t eol = h.text.find('\n');
    bool python = h.text.rfind("#!", 0) == 0 && h.text.substr(0, eol).find("python") != std::string::npos;
    if (python) interpret_python(h.text, *this, &s, via, h.taint, h.ev);
    else interpret_shell(h.text, *this, &s, via, h.taint, h.ev);
  }
  judge_pam_helpers();
}

namespace {

// The program a PAM line runs through pam_exec with expose_authtok (the
// option that hands it the password typed at each login on its standard
// input), "" for any other line. Its options come before the program.
std::string pam_authtok_program(std::string_view line) {
  size_t at = line.find("pam_exec.so");
  if (at == std::string_view::npos) return "";
  bool authtok = false;
  size_t p = at + 11;
  while (p < line.size()) {
    while (p < line.size() && (line[p] == ' ' || line[p] == '\t')) ++p;
    size_t e = p;
    while (e < line.size() && line[e] != ' ' && line[e] != '\t') ++e;
    std::string_view word = line.substr(p, e - p);
    p = e;
    if (word.empty()) break;
    if (word == "expose_authtok") authtok = true;
    else if (word == "debug" || word == "seteuid" || word == "quiet" || word == "quiet_log" || word == "stdout" ||
             word.rfind("log=", 0) == 0 || word.rfind("type=", 0) == 0)
      continue;
    else return authtok ? std::string(word) : "";
  }
  return "";
}

}  // namespace

void Ctx::judge_pam_helpers() {
  std::vector<std::string> programs;
  for (const auto& [file, text] : written_text) {
    size_t p = 0;
    while (p < text.size() && programs.size() < kMaxHooks) {
      size_t e = text.find('\n', p);
      if (e == std::string::npos) e = text.size();
      std::string program = pam_authtok_program(std::string_view(text).substr(p, e - p));
      if (!program.empty() && !is_partial(program) &&
          std::find(programs.begin(), programs.end(), program) == programs.end())
        programs.push_back(std::move(program));
      p = e + 1;
    }
  }
  for (const auto& program : programs) {
    // Only a helper this code wrote says what it does with the password.
    const std::string target = path(program);
    const std::string* code = written_text_at(target);
    if (!code || code->rfind("#!", 0) != 0 || code->substr(0, code->find('\n')).find("python") != std::string::npos)
      continue;
    // Reported where the helper was written.
    Site s;
    for (const auto& e : log.effects())
      if (e.kind == Eff::file_write && e.target == target) {
        s.line = e.line;
        s.col = e.col;
        break;
      }
    s.flags |= kInHook;
    CommandIo stdin;
    stdin.stdin_taint = kKeys | kPassword;  // another user's login password, as typed
    stdin.stdin_ev = log.evidence(s.line, s.col, "reads the password each login types (PAM expose_authtok)");
    interpret_shell_script(*code, *this, &s, "in the PAM helper it installs, given each login's password", 0, -1, {},
                           stdin);
  }
}

namespace {

// Python 2's `exec EXPR` statement: the grammar takes only a name or a string
// after `exec`, so `exec getattr(m, "loads")(blob)` parses as `exec getattr`
// and an error. A line holding such a statement (brackets balanced, no `in`
// clause, nothing continued) is read as the call `exec(EXPR)`; line numbers
// stay, columns on that line move by one.
std::string python2_exec_calls(std::string_view code) {
  std::string out;
  size_t pos = 0;
  bool changed = false;
  while (pos < code.size()) {
    size_t eol = code.find('\n', pos);
    std::string_view line = code.substr(pos, eol == std::string_view::npos ? std::string_view::npos : eol - pos);
    size_t i = line.find_first_not_of(" \t");
    bool rewritten = false;
    if (i != std::string_view::npos && line.substr(i, 5) == "exec " ) {
      std::string_view rest = line.substr(i + 5);
      size_t r = rest.find_first_not_of(" \t");
      size_t end = rest.find_last_not_of(" \t\r");
      if (r != std::string_view::npos && rest[r] != '(' && rest[r] != '=' && rest[end] != ':' && rest[end] != '\\' &&
          rest.find(" in ") == std::string_view::npos && rest.find('#') == std::string_view::npos) {
        int depth = 0;
        for (char c : rest) depth += (c == '(' || c == '[' || c == '{') - (c == ')' || c == ']' || c == '}');
        if (depth == 0) {
          out.append(line.substr(0, i)).append("exec(").append(rest.substr(r, end - r + 1)).append(")");
          rewritten = changed = true;
        }
      }
    }
    if (!rewritten) out.append(line);
    if (eol == std::string_view::npos) break;
    out.push_back('\n');
    pos = eol + 1;
  }
  return changed ? out : std::string();
}

}  // namespace

void interpret_python(std::string_view code, Ctx& ctx, const Site* site, const char* via, uint32_t taint,
                      int32_t ev, const std::vector<Word>* args) {
  if (code.empty()) return;
  bool nested = site != nullptr;
  std::string key;
  if (nested) {
    if (ctx.nest >= Ctx::kMaxNest || ctx.nested_bytes + code.size() > Ctx::kMaxNestedBytes) {
      ctx.mark_incomplete("nested code is too deep or too large to analyse fully");
      return;
    }
    key = "py:" + std::string(code.substr(0, 4096)) + std::to_string(code.size());
    if (auto [seen, fresh] = ctx.seen_nested.try_emplace(key); !fresh) {
      ctx.print_again(seen->second);
      return;
    }
    ctx.nested_bytes += code.size();
    if (ctx.threats.is_known_payload(sha256_hex(code))) {
      Effect e;
      e.kind = Eff::threat;
      e.tag = "payload";
      e.target = "nested code";
      ctx.effect(std::move(e), *site);
    }
  }
  // the environment a parent gave this program, for this program only (made
  // once the code is known to be interpreted)
  // (a copy of the program itself, self_copies.cpp: the environment it is given)
  Ctx::Environment env;
  if (nested || ctx.copy_run) env = ctx.take_child_env();
  std::string recovered;  // the code with lines the grammar cannot parse blanked (unparsable_lines.hpp)
  SyntaxTree tree = parse_around_unparsable_lines(code, Language::python, recovered);
  // Python 2's exec statement, only where the code does not parse as it is:
  // a shell script's `exec 5<>/dev/tcp/...` in a string is not one.
  std::string py2, py2_recovered;
  if (tree.complete() && code.find("exec ") != std::string_view::npos && error_bytes(tree) > 0) {
    py2 = python2_exec_calls(code);
    if (!py2.empty()) {
      SyntaxTree again = parse_around_unparsable_lines(py2, Language::python, py2_recovered);
      if (again.complete() && error_bytes(again) < error_bytes(tree)) tree = std::move(again);
    }
  }
  if (!tree.complete()) {
    ctx.mark_incomplete("the Python code could not be parsed in time");
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
    PyInterp interp(tree, ctx, taint, ev, args);
    if (!env.empty()) interp.set_environment(env);
    if (nested) ctx.seen_nested[key] = ctx.printing([&] { interp.run(); });
    else interp.run();
  } catch (...) {
    ctx.mark_incomplete("the Python analysis failed");
  }
  if (nested) --ctx.nest;
  ctx.pinned = saved_pinned;
  ctx.pin = saved_pin;
}

}  // namespace mai::assess
