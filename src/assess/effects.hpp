// What the interpreters conclude code does: normalised effects (exec, file,
// network, privilege, capture, risky constructs), each with its target, the
// taint of the data it moves and the evidence chain of that data. Both front
// ends produce them; the verdict rules (config/assessment.yaml) read them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mai::assess {

enum class Eff : uint8_t {
  exec,         // a process runs: target = command name, detail = its command line
  code_exec,    // Python/shell code runs in-process (eval, exec, source): detail = the code
  file_read,    // target = path
  file_write,   // target = path; data = what is written (append too)
  file_delete,  // target = path
  file_chmod,   // target = path; mode
  file_chown,   // target = path
  file_list,    // a directory walk: target = its root
  net_connect,  // target = endpoint (host:port, URL, socket path)
  net_listen,   // target = bind address
  net_send,     // data sent; target = endpoint when known; tag = channel (http, dns, icmp, raw, smtp, ...)
  net_request,  // an HTTP(ish) request: target = URL; tag = method
  net_resolve,  // a name resolved: target = the name
  priv,         // a privilege change or escalation: tag = setuid, sudo, capabilities, ...
  admin,        // system administration: tag = mount, modprobe, firewall, service, sysctl, package, user, ...
  security_off, // a security control switched off: tag = selinux, apparmor, firewall, audit, ...
  capture,      // input capture: tag = keys, clipboard, screen
  spawn,        // a process copy: tag = fork, thread, recursive, self
  risky,        // an insecure practice: tag = pickle, weak_hash, tls_noverify, ...
  container,    // the docker socket or a privileged container: tag
  threat,       // a known threat: tag = package, pool, payload, miner
  count_
};

const char* eff_name(Eff e);
bool eff_from_name(std::string_view name, Eff& out);

// Context flags of the code an effect comes from.
constexpr uint32_t kInInfiniteLoop = 1u << 0;  // inside `while True` / `while :` with no way out known
constexpr uint32_t kInLoop = 1u << 1;
constexpr uint32_t kStdioSocket = 1u << 2;     // exec: its stdin/stdout is a socket
constexpr uint32_t kShellInterp = 1u << 3;     // exec: the command is an interactive shell or interpreter
constexpr uint32_t kRecursive = 1u << 4;       // inside a function that calls itself
constexpr uint32_t kReplaces = 1u << 5;        // exec: replaces this process (execv)
constexpr uint32_t kBackground = 1u << 6;      // shell: run in the background (&)
constexpr uint32_t kConstTarget = 1u << 7;     // the target is a constant written in the code
constexpr uint32_t kExternalHint = 1u << 8;    // weaker evidence (judged for external code only)
constexpr uint32_t kWaited = 1u << 9;          // exec: the caller waits for it (run, call, system)
constexpr uint32_t kRecursiveDelete = 1u << 10;
constexpr uint32_t kOverwrite = 1u << 12;      // file_write: over a file this code read
constexpr uint32_t kAuthHeader = 1u << 11;     // net_send: the tainted data goes only in authentication (headers, auth=)
constexpr uint32_t kInHook = 1u << 13;         // in a git hook the code writes: runs at the next commit, not now
constexpr uint32_t kOverData = 1u << 14;       // in a `for` over items known only at run time (a directory's entries)
constexpr uint32_t kUnthrottled = 1u << 16;    // in an endless loop whose body never waits (no accept, recv, get, sleep, join ...)
constexpr uint32_t kRepeated = 1u << 18;      // spawn: not the first thread or timer one call of its function starts
constexpr uint32_t kOwnOutput = 1u << 17;      // file_delete: under a directory this code made, of nothing it read
constexpr uint32_t kConditional = 1u << 15;    // under an `if` (other than the main guard) or after one that can leave the function
constexpr uint32_t kCopyStops = 1u << 19;      // exec of itself: the copy, run with the arguments it is given, starts no copy


struct Evidence {
  uint32_t line = 0, col = 0;
  std::string what;
  int32_t parent = -1;
};

struct Effect {
  Eff kind = Eff::exec;
  std::string tag;
  std::string target;       // normalised; kUnknownPart for unknown parts
  uint32_t path_classes = 0;  // file effects: classes of target (LibraryModel::path classes)
  std::string detail;       // command line, code, URL... for messages
  uint32_t data_taint = 0;  // taint of the data moved (sent, written, executed)
  int32_t data_ev = -1;
  std::vector<int32_t> secret_evs;  // net effects: each environment secret's evidence in the data (two keys in one request)
  uint32_t target_taint = 0;  // taint of the target itself (a DNS name built from a secret)
  int32_t target_ev = -1;
  int64_t mode = -1;        // file_chmod
  uint32_t flags = 0;       // EffectFlag
  uint32_t line = 0, col = 0;
  std::string via;          // "" or where it was found ("in decoded payload", "in command line")
  // exec of the program itself with arguments all known here: those
  // arguments (its copy is interpreted with them, self_copies.hpp).
  std::optional<std::vector<std::string>> copy_args;
  // ... and the variables it sets in the copy's environment (a worker marker).
  std::vector<std::pair<std::string, std::string>> copy_env;
};

// Collects effects and evidence for one assessment. Evidence nodes form
// chains (a decoded payload's parent is the download it came from).
class EffectLog {
 public:
  int32_t evidence(uint32_t line, uint32_t col, std::string what, int32_t parent = -1);
  const Evidence& ev(int32_t i) const { return evidence_[static_cast<size_t>(i)]; }
  size_t evidence_count() const { return evidence_.size(); }
  // Oldest first: the chain ending at `head`, at most `max` steps.
  std::vector<const Evidence*> chain(int32_t head, size_t max = 8) const;

  void add(Effect e);
  const std::vector<Effect>& effects() const { return effects_; }
  std::vector<Effect>& mutable_effects() { return effects_; }
  bool full() const { return effects_.size() >= kMaxEffects; }

  static constexpr size_t kMaxEffects = 20000;
  static constexpr size_t kMaxEvidence = 50000;

  // The names of the variables that held a host (CONTROLLERS=(198.51.100.31 ...)):
  // where a key goes is judged by them too (key_destination.hpp).
  void name_host(const std::string& host, std::string name);
  const std::vector<std::string>* host_names(const std::string& host) const;
  static constexpr size_t kMaxNamedHosts = 512, kMaxNamesPerHost = 8;

 private:
  std::vector<Effect> effects_;
  std::vector<Evidence> evidence_;
  std::unordered_map<std::string, std::vector<std::string>> host_names_;
};

}  // namespace mai::assess
