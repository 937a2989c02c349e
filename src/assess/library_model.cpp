#include "assess/library_model.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "assess/specials.hpp"
#include "assess/taint.hpp"
#include "assess/value.hpp"

namespace mai::assess {
namespace {

std::shared_ptr<const LazyRegex> compile(const config::Node& n) { return LazyRegex::from(n, 8 << 20); }

std::vector<ArgRef> parse_refs(const config::Node& n) {
  std::vector<ArgRef> out;
  std::string s = n.as_string();
  size_t p = 0;
  while (p <= s.size()) {
    size_t e = s.find_first_of("|,", p);
    if (e == std::string::npos) e = s.size();
    std::string part = s.substr(p, e - p);
    p = e + 1;
    if (part.empty()) n.fail("empty argument reference in '" + s + "'");
    ArgRef r;
    if (part == "self") {
      r.self = true;
    } else if (std::isdigit(static_cast<unsigned char>(part[0]))) {
      size_t k = 0;
      while (k < part.size() && std::isdigit(static_cast<unsigned char>(part[k]))) ++k;
      r.pos = std::stoi(part.substr(0, k));
      if (k < part.size()) {
        if (part.substr(k) != "*") n.fail("bad argument reference '" + part + "' (N, N*, keyword or self)");
        r.rest = true;
      }
    } else {
      for (char c : part)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
          n.fail("bad argument reference '" + part + "' (N, N*, keyword or self)");
      r.kw = part;
    }
    out.push_back(std::move(r));
    if (e == s.size()) break;
  }
  return out;
}

uint32_t parse_taints(const config::Node& n) {
  uint32_t bits = 0;
  std::vector<std::string> names;
  if (n.is_sequence()) names = n.as_string_list();
  else names.push_back(n.as_string());
  for (const auto& t : names) {
    auto b = taint_from_name(t);
    if (!b) n.fail("unknown taint '" + t + "'");
    bits |= *b;
  }
  return bits;
}

const char* const kRoles[] = {"path",  "mode", "data",  "url",    "endpoint", "argv",   "shell", "code",
                              "name",  "src",  "dst",   "method", "callback", "cbargs", "stdin", "stdout",
                              "stderr", "host", "port", "module", "key",    "value", "headers",
                              "auth",  "params", "dir",  "pattern", "uid", "fileobj", "exe", "default", "loader"};

// The keys of an API spec. Every start reads some 1,050 specs of 2.6 keys
// each: one hash lookup per key, where a chain of string comparisons
// through every key and role was a fifth of the assessor's load.
enum class SpecKey {
  effect, tag, role, http_method, shell_kw, returns, taint, cb_taint, cb_types, special, attr, waits,
  replaces, spawns, program, opens, data_path, into_dir, handler, stores, keep_taint, int_value,
  str_value, when, unless, when_taint, when_hint, calls, keeps
};

std::optional<SpecKey> spec_key(std::string_view k) {
  static const std::unordered_map<std::string_view, SpecKey> keys = [] {
    std::unordered_map<std::string_view, SpecKey> m = {
        {"effect", SpecKey::effect},         {"tag", SpecKey::tag},
        {"http_method", SpecKey::http_method}, {"shell_kw", SpecKey::shell_kw},
        {"returns", SpecKey::returns},       {"taint", SpecKey::taint},
        {"cb_taint", SpecKey::cb_taint},     {"cb_types", SpecKey::cb_types},
        {"special", SpecKey::special},
        {"attr", SpecKey::attr},             {"waits", SpecKey::waits},
        {"replaces", SpecKey::replaces},     {"spawns", SpecKey::spawns},
        {"program", SpecKey::program},       {"opens", SpecKey::opens},
        {"data_path", SpecKey::data_path},   {"into_dir", SpecKey::into_dir},
        {"handler", SpecKey::handler},
        {"stores", SpecKey::stores},         {"keep_taint", SpecKey::keep_taint},
        {"int", SpecKey::int_value},         {"str", SpecKey::str_value},
        {"when", SpecKey::when},             {"unless", SpecKey::unless},
        {"when_taint", SpecKey::when_taint}, {"when_hint", SpecKey::when_hint},
        {"calls", SpecKey::calls},           {"keeps", SpecKey::keeps}};
    for (const char* r : kRoles) m.emplace(r, SpecKey::role);
    return m;
  }();
  auto it = keys.find(k);
  if (it == keys.end()) return std::nullopt;
  return it->second;
}

// A condition's key is its argument reference ("verify", "1|mode").
std::vector<ArgRef> condition_refs(const std::string& key) {
  std::vector<ArgRef> out;
  size_t p = 0;
  while (p <= key.size()) {
    size_t e = key.find('|', p);
    if (e == std::string::npos) e = key.size();
    std::string part = key.substr(p, e - p);
    ArgRef ar;
    if (part == "self") ar.self = true;  // the receiver (an object's text: the chain a Chain names)
    else if (!part.empty() && std::isdigit(static_cast<unsigned char>(part[0]))) ar.pos = std::stoi(part);
    else ar.kw = part;
    out.push_back(ar);
    p = e + 1;
    if (e == key.size()) break;
  }
  return out;
}

ApiSpec parse_api(const std::string& name, const config::Node& n) {
  ApiSpec a;
  a.name = name;
  a.line = n.line();
  if (!n.is_map()) n.fail("expected a map");
  for (const auto& [k, v] : n.entries()) {
    auto key = spec_key(k);
    if (!key) v.fail("unknown key '" + k + "'");
    switch (*key) {
      case SpecKey::effect:
        if (!eff_from_name(v.as_string(), a.effect)) v.fail("unknown effect '" + v.as_string() + "'");
        a.has_effect = true;
        break;
      case SpecKey::tag: a.tag = v.as_string(); break;
      case SpecKey::role: a.roles[k] = parse_refs(v); break;
      case SpecKey::http_method: a.method = v.as_string(); break;
      case SpecKey::shell_kw: a.shell_kw = v.as_string(); break;
      case SpecKey::returns: a.returns = v.as_string(); break;
      case SpecKey::taint: a.taint = parse_taints(v); break;
      case SpecKey::cb_taint: a.cb_taint = parse_taints(v); break;
      case SpecKey::cb_types:
        if (!v.is_sequence()) v.fail("expected a list of type names");
        a.cb_types = v.as_string_list();
        break;
      case SpecKey::special:
        a.special = v.as_string();
        a.special_id = special_from_name(a.special);
        if (a.special_id == Special::none) v.fail("unknown special behaviour '" + a.special + "'");
        break;
      case SpecKey::attr: a.attr = v.as_bool(); break;
      case SpecKey::waits: a.waits = v.as_bool(); break;
      case SpecKey::replaces: a.replaces = v.as_bool(); break;
      case SpecKey::spawns: a.spawns = v.as_bool(); break;
      case SpecKey::program: a.program = v.as_string(); break;
      case SpecKey::opens: a.opens = v.as_bool(); break;
      case SpecKey::data_path: a.data_path = v.as_bool(); break;
      case SpecKey::into_dir: a.into_dir = v.as_bool(); break;
      case SpecKey::handler: a.handler = v.as_bool(); break;
      case SpecKey::stores: a.stores = v.as_bool(); break;
      case SpecKey::keep_taint: a.keep_taint = v.as_bool(); break;
      case SpecKey::int_value: a.int_value = static_cast<int64_t>(v.as_number()); break;
      case SpecKey::str_value: a.str_value = v.as_string(); break;
      case SpecKey::when:
      case SpecKey::unless:
        v.expect_map();
        for (const auto& [ref, cv] : v.entries())
          (*key == SpecKey::when ? a.when : a.unless).emplace_back(condition_refs(ref), compile(cv));
        break;
      case SpecKey::when_taint: a.when_taint = parse_taints(v); break;
      case SpecKey::when_hint: a.when_hint = v.as_string(); break;
      case SpecKey::calls: a.calls = v.as_string(); break;
      case SpecKey::keeps: a.keeps = v.as_string(); break;
    }
  }
  return a;
}

// One API's node: a spec, or a list of specs for a call with several effects.
ApiSpec parse_entry(const std::string& name, const config::Node& n) {
  if (!n.is_sequence()) return parse_api(name, n);
  auto items = n.items();
  if (items.empty()) n.fail("an empty list of specs");
  ApiSpec first = parse_api(name, items[0]);
  for (size_t i = 1; i < items.size(); ++i) first.also.push_back(parse_api(name, items[i]));
  return first;
}

}  // namespace

LibraryModel LibraryModel::parse(const config::Node& root) {
  LibraryModel m;
  root.expect_map();
  root.expect_keys({"version", "secret_env", "secret_hint", "cache_hint", "web_request_env", "runner_names", "exfil_hosts", "bot_apis", "sql_statement", "firewall_chains", "script_hooks", "key_vendors", "key_vendor_paths", "shells", "command_modules", "path_classes", "table_files",
                    "module_aliases", "types", "python", "commands"});
  if (root["version"].as_uint(1, 1) != 1) root["version"].fail("unsupported version");
  m.secret_env_ = compile(root["secret_env"]);
  m.secret_hint_ = compile(root["secret_hint"]);
  if (root.has("cache_hint")) m.cache_hint_ = compile(root["cache_hint"]);
  if (root.has("web_request_env")) m.web_request_env_ = compile(root["web_request_env"]);
  if (root.has("runner_names")) m.runner_names_ = compile(root["runner_names"]);
  m.exfil_host_ = compile(root["exfil_hosts"]);
  if (root.has("bot_apis")) m.bot_api_ = compile(root["bot_apis"]);
  if (root.has("sql_statement")) m.sql_statement_ = compile(root["sql_statement"]);
  if (root.has("firewall_chains")) m.firewall_chains_ = compile(root["firewall_chains"]);
  if (root.has("script_hooks"))
    for (const auto& [package, hooks] : root["script_hooks"].entries()) {
      hooks.expect_keys({"registry", "argument", "events"});
      ScriptHooks h;
      h.package = package;
      h.registry = hooks["registry"].as_string();
      h.argument = hooks["argument"].as_string();
      h.events = hooks["events"].as_string_list();
      m.script_hooks_.push_back(std::move(h));
    }
  if (root.has("key_vendors"))
    for (const auto& [word, hosts] : root["key_vendors"].entries()) m.key_vendors_[word] = compile(hosts);
  if (root.has("key_vendor_paths"))
    for (const auto& [word, paths] : root["key_vendor_paths"].entries()) m.key_vendor_paths_[word] = compile(paths);
  m.shells_ = root["shells"].as_string_list();
  if (root.has("command_modules"))
    for (const auto& mod : root["command_modules"].as_string_list()) {
      m.command_modules_.insert(mod);
      m.module_roots_.insert(mod.substr(0, mod.find('.')));
    }
  if (root.has("table_files"))
    for (const auto& [path, shape] : root["table_files"].entries()) {
      std::string line = shape.as_string();
      if (line.empty()) shape.fail("empty line shape");
      for (auto& ch : line)
        if (ch == '*') ch = kUnknownPart;
      m.table_files_[normalize_path(path)] = line + "\n";
    }
  const auto classes = root["path_classes"];
  classes.expect_map();
  for (const auto& [name, pats] : classes.entries()) {
    if (m.class_names_.size() >= 32) pats.fail("at most 32 path classes");
    uint32_t bit = 1u << m.class_names_.size();
    m.class_names_.push_back(name);
    for (const auto& p : pats.items()) {
      std::string s = p.as_string();
      if (s.empty()) p.fail("empty pattern");
      m.patterns_.emplace_back(normalize_path(s), bit);
    }
  }
  if (root.has("module_aliases"))
    for (const auto& [k, v] : root["module_aliases"].entries()) m.module_alias_[k] = v.as_string();
  if (root.has("types"))
    for (const auto& [k, v] : root["types"].entries()) m.bases_[k] = v.as_string();
  const auto py = root["python"];
  py.expect_map();
  for (const auto& [name, spec] : py.entries()) {
    auto [entry, added] = m.apis_.try_emplace(name, name, spec);
    if (!added) spec.fail("'" + name + "' is listed twice");
    if (name.size() > 2 && name.compare(name.size() - 2, 2, ".*") == 0) m.wildcard_types_.insert(name.substr(0, name.size() - 2));
    if (!spec.built_in()) entry->second.get();
  }
  // Roots of the modeled modules; the model's own type names are not modules.
  static const std::unordered_set<std::string_view> internal = {
      "file", "cipher", "globals", "vars",  "builtins", "str",   "bytes",  "list",
      "dict", "set",    "tuple",   "code",  "hashlib",  "scapy", "pynput", "mss"};
  for (const auto& [name, spec] : m.apis_) {
    std::string_view top = std::string_view(name).substr(0, name.find('.'));
    if (!internal.count(top)) m.module_roots_.emplace(top);
  }
  for (const char* real : {"hashlib", "scapy", "pynput", "mss"}) m.module_roots_.insert(real);
  const auto cmds = root["commands"];
  cmds.expect_map();
  for (const auto& [names, spec] : cmds.entries()) {
    spec.expect_map();
    spec.expect_keys({"kind", "effect", "tag", "opts_value", "lang", "when_args", "taint", "else_effect", "else_tag", "prints"});
    CommandSpec c;
    c.kind = spec["kind"].as_string();
    static const std::unordered_set<std::string_view> kinds = {
        "generic", "wrapper", "shell",  "interpreter", "http",   "netcat", "files",  "chmod",    "copy",
        "read",    "dd",      "crontab", "service",    "firewall", "history", "docker", "pip",     "ping",
        "resolve", "decode",  "ssh",    "mail",        "find",   "ls", "echo",   "eval",   "source",   "su",
        "mkfs",    "kill",    "export", "tee",         "write",  "git",    "ln",     "at",       "xargs",
        "base64",  "openssl", "shred",  "mount",       "chattr", "sysctl", "useradd", "passwd",  "archive",
        "setenforce", "systemd_run", "launchctl", "osascript", "windows", "truncate", "ip", "cd", "which", "tr", "capture", "encrypt", "mktemp", "path_part", "prints", "run_dir", "pwd", "split"};
    if (!kinds.count(c.kind))
      spec["kind"].fail("unknown command handler '" + c.kind + "'");
    if (spec.has("effect")) {
      if (!eff_from_name(spec["effect"].as_string(), c.effect))
        spec["effect"].fail("unknown effect '" + spec["effect"].as_string() + "'");
      c.has_effect = true;
    }
    if (spec.has("tag")) c.tag = spec["tag"].as_string();
    if (spec.has("opts_value")) c.opts_value = spec["opts_value"].as_string_list();
    if (spec.has("lang")) c.lang = spec["lang"].as_string();
    if (spec.has("when_args")) c.when_args = compile(spec["when_args"]);
    if (spec.has("taint")) c.taint = parse_taints(spec["taint"]);
    if (spec.has("else_effect")) {
      if (c.kind != "capture" || !spec.has("when_args")) spec["else_effect"].fail("else_effect needs kind capture and when_args");
      if (!eff_from_name(spec["else_effect"].as_string(), c.else_effect))
        spec["else_effect"].fail("unknown effect '" + spec["else_effect"].as_string() + "'");
      c.has_else_effect = true;
    }
    if (spec.has("else_tag")) c.else_tag = spec["else_tag"].as_string();
    if (spec.has("prints")) {
      if (c.kind != "prints") spec["prints"].fail("prints needs kind prints");
      c.prints = spec["prints"].as_string();
      for (auto& ch : c.prints)
        if (ch == '*') ch = kUnknownPart;  // each * a part known only at run time
    } else if (c.kind == "prints") {
      spec["kind"].fail("kind prints needs prints: the shape of what the command prints");
    }
    c.line = spec.line();
    // The key may list several names: "sh bash dash".
    size_t p = 0;
    while (p < names.size()) {
      size_t e = names.find(' ', p);
      if (e == std::string::npos) e = names.size();
      if (e > p) {
        std::string n = names.substr(p, e - p);
        if (m.commands_.count(n)) spec.fail("command '" + n + "' is listed twice");
        CommandSpec copy = c;  // (when_args: one pattern, compiled once, for every name)
        copy.name = n;
        m.commands_.emplace(n, std::move(copy));
      }
      p = e + 1;
    }
  }
  return m;
}

const ApiSpec& LazyApiSpec::get() const {
  std::call_once(once_, [this] {
    // Kept, not thrown through call_once: libstdc++'s call_once can leave its
    // flag taken when the function throws (GCC bug 66146), and the next caller waits forever.
    try {
      spec_ = std::make_unique<const ApiSpec>(parse_entry(name_, node_));
    } catch (...) {
      error_ = std::current_exception();
    }
  });
  if (error_) std::rethrow_exception(error_);
  return *spec_;
}

const ApiSpec* LibraryModel::api(std::string_view q) const {
  // A subclass the model names (types:) is constructed as its base is:
  // ThreadingHTTPServer(addr, handler) listens as HTTPServer does.
  std::string t(q);
  for (int depth = 0; depth < 8; ++depth) {
    auto it = apis_.find(t);
    if (it != apis_.end()) return &it->second.get();
    auto b = bases_.find(t);
    if (b == bases_.end()) return nullptr;
    t = b->second;
  }
  return nullptr;
}

const ApiSpec* LibraryModel::method(std::string_view type, std::string_view name) const {
  auto find = [&](std::string_view n) -> const ApiSpec* {
    std::string t(type);
    for (int depth = 0; depth < 8 && !t.empty(); ++depth) {
      std::string q = t + (n.empty() || n[0] == '[' ? "" : ".") + std::string(n);
      auto it = apis_.find(q);
      if (it != apis_.end()) return &it->second.get();
      auto b = bases_.find(t);
      if (b == bases_.end()) break;
      t = b->second;
    }
    return nullptr;
  };
  if (const ApiSpec* exact = find(name)) return exact;
  // "T.*": any other public method of T (every method of a remote-call proxy
  // sends its arguments); never a dunder, a subscript or an attribute write.
  bool plain = !name.empty() && name[0] != '_' && name[0] != '[' && name.back() != '=';
  return plain && !wildcard_types_.empty() ? find("*") : nullptr;
}

const CommandSpec* LibraryModel::command(std::string_view name) const {
  auto it = commands_.find(std::string(name));
  return it == commands_.end() ? nullptr : &it->second;
}

std::string LibraryModel::canonical_module(std::string_view q) const {
  std::string s(q);
  size_t dot = s.find('.');
  std::string head = s.substr(0, dot);
  auto it = module_alias_.find(head);
  if (it == module_alias_.end()) {
    // Longer aliases ("os.path" spelled "posixpath").
    auto full = module_alias_.find(s);
    return full == module_alias_.end() ? s : full->second;
  }
  return dot == std::string::npos ? it->second : it->second + s.substr(dot);
}

uint32_t LibraryModel::classify_path(std::string_view normalized) const {
  uint32_t bits = 0;
  if (normalized.empty()) return 0;
  // An unknown leading directory may be the home directory where a pattern
  // says what is under it (…/.ssh/id_rsa), but "anything under ~" alone
  // would make every unknown directory the user's (a folder named on the
  // command line, uploaded).
  const bool unknown_root = normalized[0] == kUnknownPart;
  for (const auto& [pat, bit] : patterns_)
    if (!(bits & bit) && !(unknown_root && pat == "~/**") && glob_match(pat, normalized)) bits |= bit;
  return bits;
}

std::optional<uint32_t> LibraryModel::path_class_bit(std::string_view name) const {
  for (size_t i = 0; i < class_names_.size(); ++i)
    if (class_names_[i] == name) return 1u << i;
  return std::nullopt;
}

bool LibraryModel::secret_env_name(std::string_view name) const {
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), secret_env_->re());
}

bool LibraryModel::web_request_env_name(std::string_view name) const {
  return web_request_env_ && RE2::FullMatch(re2::StringPiece(name.data(), name.size()), web_request_env_->re());
}

bool LibraryModel::runner_name(std::string_view name) const {
  return runner_names_ && RE2::FullMatch(re2::StringPiece(name.data(), name.size()), runner_names_->re());
}

bool LibraryModel::secret_hint(std::string_view name) const {
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), secret_hint_->re());
}

bool LibraryModel::cache_hint(std::string_view name) const {
  return cache_hint_ && RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), cache_hint_->re());
}

bool LibraryModel::exfil_host(std::string_view host) const {
  return RE2::PartialMatch(re2::StringPiece(host.data(), host.size()), exfil_host_->re());
}

bool LibraryModel::bot_api(std::string_view url) const {
  return bot_api_ && RE2::PartialMatch(re2::StringPiece(url.data(), url.size()), bot_api_->re());
}

bool LibraryModel::firewall_chain(std::string_view name) const {
  return firewall_chains_ && RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), firewall_chains_->re());
}

bool LibraryModel::sql_statement(std::string_view text) const {
  return sql_statement_ && RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), sql_statement_->re());
}

std::optional<bool> LibraryModel::key_vendor_host(const std::string& word, std::string_view host) const {
  auto it = key_vendors_.find(word);
  if (it == key_vendors_.end()) return std::nullopt;
  return RE2::PartialMatch(re2::StringPiece(host.data(), host.size()), it->second->re());
}

bool LibraryModel::key_vendor_path(const std::string& word, std::string_view path) const {
  auto it = key_vendor_paths_.find(word);
  return it != key_vendor_paths_.end() && RE2::PartialMatch(re2::StringPiece(path.data(), path.size()), it->second->re());
}

bool LibraryModel::is_shell(std::string_view command) const {
  return std::find(shells_.begin(), shells_.end(), command) != shells_.end();
}

std::string normalize_path(std::string_view in) {
  std::string s(in);
  auto starts = [&](std::string_view p) { return s.compare(0, p.size(), p) == 0; };
  // Windows spellings: backslashes (in a path without slashes, or after a
  // drive letter), the profile's variables and C:/Users/NAME are the home's.
  bool drive = s.size() > 2 && std::isalpha(static_cast<unsigned char>(s[0])) && s[1] == ':' && (s[2] == '\\' || s[2] == '/');
  if (s.find('\\') != std::string::npos && (drive || s.find('/') == std::string::npos || starts("~/AppData")))
    std::replace(s.begin(), s.end(), '\\', '/');
  static const std::pair<std::string_view, std::string_view> kWindowsHome[] = {
      {"%USERPROFILE%", "~"}, {"%APPDATA%", "~/AppData/Roaming"}, {"%LOCALAPPDATA%", "~/AppData/Local"},
      {"%HOMEPATH%", "~"}};
  for (const auto& [var, home] : kWindowsHome)
    if (s.size() >= var.size() && std::equal(var.begin(), var.end(), s.begin(),
                                             [](char a, char b) { return std::toupper(static_cast<unsigned char>(a)) == std::toupper(static_cast<unsigned char>(b)); }))
      s = std::string(home) + s.substr(var.size());
  if (drive && s.size() > 9 && (s.compare(2, 7, "/Users/") == 0 || s.compare(2, 7, "/users/") == 0)) {
    size_t e = s.find('/', 9);
    s = e == std::string::npos ? "~" : "~" + s.substr(e);
  }
  // Home spellings.
  if (starts("$HOME")) s = "~" + s.substr(5);
  else if (starts("${HOME}")) s = "~" + s.substr(7);
  else if (starts("/root/") || s == "/root") s = "~" + s.substr(5);
  else if (starts("/home/")) {
    size_t e = s.find('/', 6);
    // /home/NAME is a home; /home/test_file_* (a name only partly known,
    // a glob's pattern) is a file in /home, not a user's directory.
    const std::string_view name = std::string_view(s).substr(6, e == std::string::npos ? std::string::npos : e - 6);
    const bool partly_known = name.find(kUnknownPart) != std::string_view::npos && name.size() > 1;
    if (e != std::string::npos) s = "~" + s.substr(e);
    else if (s.size() > 6 && !partly_known) s = "~";
  } else if (starts("~") && s.size() > 1 && s[1] != '/') {
    // ~user/...
    size_t e = s.find('/');
    s = e == std::string::npos ? "~" : "~" + s.substr(e);
  } else if (starts("/Users/")) {
    size_t e = s.find('/', 7);
    if (e != std::string::npos) s = "~" + s.substr(e);
  }
  if (s.size() > 1 && s[0] == kUnknownPart && s[1] == '/') {
    // <unknown>/.ssh/id_rsa: most likely a home directory
  }
  // Collapse "//", "/./" and "a/../".
  std::vector<std::string> parts;
  bool absolute = !s.empty() && s[0] == '/';
  size_t p = absolute ? 1 : 0;
  while (p <= s.size()) {
    size_t e = s.find('/', p);
    if (e == std::string::npos) e = s.size();
    std::string seg = s.substr(p, e - p);
    if (seg.empty() || seg == ".") {
    } else if (seg == "..") {
      if (!parts.empty() && parts.back() != ".." && parts.back() != "~") parts.pop_back();
      else if (!absolute) parts.push_back(seg);
    } else {
      parts.push_back(seg);
    }
    p = e + 1;
    if (e == s.size()) break;
  }
  std::string out = absolute ? "/" : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += '/';
    out += parts[i];
  }
  if (out.empty() && !s.empty() && s[0] == '.') out = ".";
  return out;
}

namespace {

// From pat[p] and path[s] on: '*' spans one segment, '**' any number; each
// star backtracks on its own (a single backtrack point let the last '*' of
// "**/*.kdbx" forget the "**" before it, so deeper paths never matched).
// `failed` (when given) remembers the (p, s) states that cannot match: a
// pattern of many stars (a path spelled with them in hostile code) would
// otherwise backtrack exponentially.
bool glob_from(std::string_view pat, size_t p, std::string_view path, size_t s, std::vector<bool>* failed) {
  const size_t p0 = p, s0 = s;
  auto state = [&](size_t pp, size_t ss) { return pp * (path.size() + 1) + ss; };
  if (failed && (*failed)[state(p0, s0)]) return false;
  auto fail = [&] {
    if (failed) (*failed)[state(p0, s0)] = true;
    return false;
  };
  while (p < pat.size()) {
    if (pat[p] == '*') {
      bool any = p + 1 < pat.size() && pat[p + 1] == '*';
      size_t next = p + (any ? 2 : 1);
      for (size_t k = s;; ++k) {
        if (glob_from(pat, next, path, k, failed)) return true;
        if (k >= path.size() || (!any && path[k] == '/')) return fail();
      }
    }
    if (s >= path.size()) return fail();
    if (pat[p] == '?' ? path[s] != '/' : pat[p] == path[s]) {
      ++p;
      ++s;
      continue;
    }
    // An unknown directory where the pattern has the home directory.
    if (path[s] == kUnknownPart && pat[p] == '~' && p == 0) {
      ++p;
      ++s;
      continue;
    }
    return fail();
  }
  return s == path.size() || fail();
}

}  // namespace

bool glob_match(std::string_view pat, std::string_view path) {
  // The library model's patterns have a star or two ("**/*.kdbx"): at most
  // quadratic in a path of ordinary length. More stars, or a long path, use
  // the memo.
  if (std::count(pat.begin(), pat.end(), '*') <= 3 && path.size() <= 256) return glob_from(pat, 0, path, 0, nullptr);
  // A memo past this many states (a pattern and a path of thousands of bytes
  // each, only in hostile code) would cost more memory than the answer is
  // worth: such a pattern names no file the analysis follows.
  constexpr size_t kMaxStates = size_t{1} << 22;
  if ((pat.size() + 1) > kMaxStates / (path.size() + 1)) return false;
  std::vector<bool> failed((pat.size() + 1) * (path.size() + 1), false);
  return glob_from(pat, 0, path, 0, &failed);
}

}  // namespace mai::assess
