// What the host tells mai-sandbox-init: sent as JSON over a pipe, so the
// helper starts from fresh memory and learns only what it needs.
// Shared by the host side and the static helper; depends on nothing but nlohmann.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mai::sandbox {

// Descriptors the helper starts with; everything else is closed before exec.
namespace init_fd {
constexpr int stdin_null = 0;  // host /dev/null (the payload reopens its own)
constexpr int out = 1;         // stdout pipe
constexpr int err = 2;         // stderr pipe
constexpr int spec = 3;        // 'G' (go), the JSON spec, NUL; later 'C' (in the cgroup), EOF;
                               // warm: then "<length>\n<code>" when the code arrives.
                               // helper -> host: 'W' (writable mounts), 'N' (write listener)
constexpr int status = 4;      // helper -> host: ["waiting"], "ready PID", "error MSG", "exit WSTATUS"
constexpr int run_dir = 5;     // O_PATH descriptor of <scratch_root>/<run_id>
constexpr int proxy_sock = 6;  // deps networking: unix socket to pass the listener over
constexpr int count = 7;
}  // namespace init_fd

// Fixed ids inside the sandbox.
constexpr uint32_t kSandboxUid = 1000;
constexpr uint32_t kSandboxGid = 1000;

struct InitSpec {
  std::vector<std::string> argv;  // argv[0] is the interpreter's path inside the sandbox
  std::vector<std::string> env;   // the payload's whole environment
  std::string code_name;          // file under /sandbox, e.g. "main.py"
  uint64_t tmpfs_bytes = 0;       // cap of /tmp, /sandbox and /dev/shm each
  // (RLIMIT_*, value) pairs the payload sets, soft and hard, before it becomes
  // uid 1000 (run_rlimits()).
  std::vector<std::pair<int32_t, uint64_t>> rlimits;
  std::string hostname = "sandbox";
  bool deps_network = false;      // create the proxy listener (init_fd::proxy_sock)
  uint16_t proxy_port = 0;        // 127.0.0.1 port of the listener inside the sandbox
  // A warm sandbox (warm_pool.hpp): built whole, it reports "waiting" and
  // takes the code later over the spec channel, which it then writes over
  // /sandbox/<code_name> (it held the file open since the build).
  bool warm = false;
  // warm only: start the payload before the code arrives, with fd 3 a socket
  // it says "waiting" over and the helper closes once the code is in place
  // (the payload's "go"). /sandbox/<code_name> then first holds a bootstrap that waits for
  // it (warm_bootstrap.hpp). Otherwise the payload starts after the code.
  bool prestart = false;
  // Hand every write-intent call to the host (write_intent_calls.hpp): the
  // payload sends its filter's listener to the helper, which passes it on
  // with its mount namespace over the spec channel ('N') before it reports "ready".
  bool watch_writes = false;
  std::vector<std::string> inputs;  // names under /sandbox; input i is staged as <run_dir>/inputs/<i>
};

std::string encode_spec(const InitSpec&);
InitSpec decode_spec(const std::string&);  // throws std::exception on malformed input

}  // namespace mai::sandbox
