// config/library-model.yaml: what library calls and shell commands do, as
// data. Python APIs (standard library and common third-party packages) map to
// normalised effects with the roles of their arguments, the types and taint
// of what they return and the callbacks they call; shell commands map to a
// handler with its options; path patterns name classes of paths (credential
// stores, persistence locations, system paths, devices...).
#pragma once
#include <re2/re2.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "assess/effects.hpp"
#include "assess/lazy_regex.hpp"
#include "assess/specials.hpp"
#include "config/yaml_node.hpp"

namespace mai::assess {

// Where an argument comes from: positional N (or N and after), keyword, or
// the receiver object's associated text.
struct ArgRef {
  int pos = -1;
  bool rest = false;  // positional pos and all after it (an argv given as *args)
  std::string kw;
  bool self = false;
};

struct ApiSpec {
  std::string name;
  bool has_effect = false;
  Eff effect = Eff::exec;
  std::string tag;
  std::unordered_map<std::string, std::vector<ArgRef>> roles;  // "path" -> refs...
  std::string method;     // net_request: constant method
  std::string shell_kw;   // exec: keyword that makes the argv a shell line
  std::string program;    // exec: an in-process entry point of this command (pip's main(argv))
  std::string returns;    // type of the result ("str", "bytes", "file", "socket.socket", ...)
  uint32_t taint = 0;     // added to the result
  uint32_t cb_taint = 0;  // given to callbacks' parameters
  std::vector<std::string> cb_types;  // the callbacks' parameters are objects of these types (reader,
                                      // writer); "self": the object the callback is set on
  std::string special;    // a built-in behaviour of the interpreter
  Special special_id = Special::none;
  bool attr = false;      // an attribute, not a call
  bool waits = false;     // exec: the caller waits for the process
  bool replaces = false;  // exec: replaces this process
  bool spawns = false;    // exec: a new process that runs on (Popen)
  bool keep_taint = true; // the result keeps the taint of the arguments and receiver
  bool stores = false;    // the data role accumulates into the receiver (BytesIO.write, TarFile.add)
  bool opens = false;     // the result stands for the content of the path role (sqlite3.connect)
  bool data_path = false; // the data role names a file whose content is used (sftp.put(localpath))
  bool into_dir = false;  // the path role may be a directory: the file lands at DIR/<name of the data role>
  bool handler = false;   // the library calls back what this decorates, or a subclass's method of this
                          // name (a bot's message handler, Protocol.dataReceived), with cb_taint
  std::string keeps;      // the data role joins what the receiver keeps under this name, sent with
                          // each of its requests (Request.add_header: headers; Session.auth=: auth)
  std::string calls;      // a method of the receiver this calls: a subclass's override of it runs
                          // (HTTPConnection.request opens the connection with self.connect())
  std::optional<int64_t> int_value;       // attr: a constant
  std::optional<std::string> str_value;   // attr: a constant
  // Conditions: keyword -> regex the keyword's constant value must match
  // (`when`), or must not match (`unless`, also satisfied when absent).
  std::vector<std::pair<std::vector<ArgRef>, std::shared_ptr<const LazyRegex>>> when, unless;
  std::string when_hint;  // the call's name hints must be of this kind ("secret")
  uint32_t when_taint = 0;  // the data role must carry one of these labels
  std::vector<ApiSpec> also;  // further effects of the same call (a list in the YAML)
  int line = 0;
};

// An API's spec, parsed from its node when first asked for: a run asks for a
// few dozen of the model's thousand, and parsing them all was most of
// building the assessor. A model from a file the user wrote is parsed when
// the file is read, so a mistake is a configuration error naming its line;
// the built-in model's specs are checked by the test suite
// (assess_test: Config.BuiltInPatternsAreValidRE2 parses it whole), as LazyRegex's patterns are.
class LazyApiSpec {
 public:
  LazyApiSpec(std::string name, config::Node node) : name_(std::move(name)), node_(std::move(node)) {}
  // Parsed on the first call (thread-safe); a mistake throws ConfigError.
  const ApiSpec& get() const;

 private:
  std::string name_;
  config::Node node_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<const ApiSpec> spec_;
  mutable std::exception_ptr error_;
};

struct CommandSpec {
  std::string name;
  std::string kind;  // the handler (see command_model.cpp)
  bool has_effect = false;
  Eff effect = Eff::exec;
  std::string tag;
  std::vector<std::string> opts_value;  // options that take a value
  std::string lang;                     // interpreter: python, shell, other
  std::shared_ptr<const LazyRegex> when_args;  // the effect only when the argument line matches
  uint32_t taint = 0;                   // capture: what its output (stdout or the file it writes) holds
  // capture: what the command does when when_args does not match (`hostname NEWNAME` sets the name)
  bool has_else_effect = false;
  Eff else_effect = Eff::exec;
  std::string else_tag;
  // prints: the shape of each line the command prints when when_args matches
  // ("/dev/*": `lsblk -p`'s and `findmnt -o SOURCE`'s device paths)
  std::string prints;
  int line = 0;
};

// A program that loads a script and calls its functions by name: in a
// module that imports `package`, the module-level functions named after its
// `events`, and those methods of the objects in the module's `registry`
// list, run with one argument of type `argument` (mitmproxy runs an addon's
// request(flow) on each request through the proxy).
struct ScriptHooks {
  std::string package, registry, argument;
  std::vector<std::string> events;
};

class LibraryModel {
 public:
  // Parses the `library-model.yaml` document; throws ConfigError naming file:line:field.
  static LibraryModel parse(const config::Node& root);

  const ApiSpec* api(std::string_view qualified) const;
  // A method of a library type, searching its bases: ("socket.socket", "connect").
  const ApiSpec* method(std::string_view type, std::string_view name) const;
  const CommandSpec* command(std::string_view name) const;
  // A top-level module the model knows (os, subprocess, requests): code that
  // uses it without importing it (a fragment) still means that module.
  bool known_module(std::string_view name) const { return module_roots_.count(std::string(name)) > 0; }
  // Module aliases: "posix" -> "os", "commands" -> "subprocess".
  std::string canonical_module(std::string_view qualified) const;

  // Path classes: bit per class name (path_class_bit("credentials")).
  uint32_t classify_path(std::string_view normalized) const;
  std::optional<uint32_t> path_class_bit(std::string_view name) const;
  const std::vector<std::string>& path_class_names() const { return class_names_; }
  // A secret-looking environment variable name (AWS_SECRET_ACCESS_KEY).
  bool secret_env_name(std::string_view name) const;
  // A CGI variable that carries what a web request sent (QUERY_STRING, HTTP_*).
  bool web_request_env_name(std::string_view name) const;
  // The name of a project's own command runner (run_subprocess, run_cmd).
  bool runner_name(std::string_view name) const;
  // A name that hints at secrets (password, token, api_key) for weak-hash/random rules.
  bool secret_hint(std::string_view name) const;
  // A function or variable whose hash is a cache key or checksum (cache_key, etag).
  bool cache_hint(std::string_view name) const;
  const std::vector<std::string>& shells() const { return shells_; }
  // The shape of the lines of a system table file (/proc/mounts: a device
  // path first), unknown parts as kUnknownPart; nullptr for any other file.
  const std::string* table_file_lines(const std::string& normalized_path) const {
    auto it = table_files_.find(normalized_path);
    return it == table_files_.end() ? nullptr : &it->second;
  }
  bool is_shell(std::string_view command) const;
  // Modules whose every attribute is the program of that name (sh.curl, plumbum.cmd.ls).
  bool command_module(const std::string& module) const { return command_modules_.count(module) > 0; }
  // Hosts that count as webhook/paste exfiltration channels.
  bool exfil_host(std::string_view host) const;
  // Of those, the chat services whose bots authenticate with a key of their own (api.telegram.org).
  bool bot_api(std::string_view url) const;
  // Text that starts an SQL statement (what formatting values into makes an injection).
  bool sql_statement(std::string_view text) const;
  // Whether flushing a chain of this name takes a firewall down (config firewall_chains).
  bool firewall_chain(std::string_view name) const;
  // Programs that load a script and call its functions by event name
  // (mitmproxy's addons): see ScriptHooks.
  const std::vector<ScriptHooks>& script_hooks() const { return script_hooks_; }
  // A word of a key's variable name that names a vendor (GITHUB, OPENAI):
  // whether `host` is one of that vendor's hosts; nullopt for other words.
  std::optional<bool> key_vendor_host(const std::string& word, std::string_view host) const;
  // Whether a URL path is the API of a vendor's product run on the user's own
  // servers (a self-hosted GitLab's /api/v4/).
  bool key_vendor_path(const std::string& word, std::string_view path) const;

 private:
  std::unordered_map<std::string, LazyApiSpec> apis_;
  std::unordered_map<std::string, std::string> bases_;        // type -> base type
  std::unordered_map<std::string, std::string> module_alias_;
  std::unordered_set<std::string> module_roots_;
  std::unordered_map<std::string, CommandSpec> commands_;
  std::vector<std::string> class_names_;
  std::vector<std::pair<std::string, uint32_t>> patterns_;  // glob -> class bit
  std::shared_ptr<const LazyRegex> secret_env_, secret_hint_, cache_hint_, exfil_host_, bot_api_, web_request_env_, runner_names_,
      sql_statement_, firewall_chains_;
  std::vector<std::string> shells_;
  std::unordered_map<std::string, std::string> table_files_;
  std::unordered_map<std::string, std::shared_ptr<const LazyRegex>> key_vendors_;  // name word -> its hosts
  std::unordered_map<std::string, std::shared_ptr<const LazyRegex>> key_vendor_paths_;  // name word -> its API paths
  std::unordered_set<std::string> command_modules_;
  std::unordered_set<std::string> wildcard_types_;  // types with a "T.*" spec (any method)
  std::vector<ScriptHooks> script_hooks_;
};

// Path normalisation for classification: "~", "$HOME", "/home/<user>" and
// "/root" become "~"; "//", "/./" and "x/../" collapse; relative stays relative.
std::string normalize_path(std::string_view path);
// Glob match: '*' any run within a segment, '**' anything, '?' one byte; a
// kUnknownPart in the path matches any run within a segment.
bool glob_match(std::string_view pattern, std::string_view path);

}  // namespace mai::assess
