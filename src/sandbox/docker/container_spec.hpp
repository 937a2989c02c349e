// RunSpec + config -> the body of POST /containers/create. Pure functions (no
// I/O), so every hardening field is checked by unit tests.
#pragma once
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "config/sandbox_config.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox::docker {

constexpr uint16_t kProxyPort = 3128;  // the same port native uses
constexpr const char* kRunLabel = "mai-sandbox.run";
constexpr const char* kScratchLabel = "mai-sandbox.scratch";

// The code's name in /sandbox, as native names it.
inline std::string code_name(Language language) { return language == Language::python ? "main.py" : "main.sh"; }

struct ContainerInputs {
  std::string sandbox_host_path;  // the run's /sandbox (code and inputs in it): a host tmpfs, bound
  std::string tmp_host_path;      // the run's /tmp when collected (else a container tmpfs)
  std::string holder_id;       // deps: the container whose network namespace is joined
  std::string seccomp_json;    // seccomp_profile_json().dump(), computed once per backend
  uint32_t uid = 0;            // the run's leased host id: the program's uid and gid
  // A warm Python container's: stdin open until the go arrives on it (the
  // bootstrap then puts /dev/null there, which is a cold container's stdin).
  bool stdin_for_go = false;
  // Refused writes counted (write_watch_socket.hpp): the host's static
  // mai-sandbox-init and the run's watch directory, both bound read-only;
  // the init is the entrypoint and pid 1 (no docker-init) and starts the
  // program, then reports its end (init_exit.hpp).
  std::string init_host_path;
  std::string watch_host_dir;
};

// The run's container: the program itself.
nlohmann::json run_container_body(const RunSpec&, const config::DockerSettings&, const ContainerInputs&);
// deps: a container that only holds the network namespace (loopback only)
// while the proxy listener is created in it; it runs `sleep` and nothing else.
nlohmann::json holder_container_body(const RunSpec&, const config::DockerSettings&, uint32_t uid,
                                     const std::string& seccomp_json);
// Container names: mai-sandbox-<run_id> and mai-sandbox-<run_id>-net.
std::string run_container_name(const std::string& run_id);
std::string holder_container_name(const std::string& run_id);

}  // namespace mai::sandbox::docker
