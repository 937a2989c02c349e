// How a Docker container's entry (mai-sandbox-init --watch-writes, the
// container's pid 1) and the host (docker/write_watch_socket.hpp) talk over
// the run's one-connection socket:
//   entry -> host  kListenerTag with the write-intent filter's listener (fd_passing.hpp)
//   host -> entry  kAckByte followed by the run's end-marker secret (kSecretBytes)
//   ... the entry runs the program as its child, reaps it, kills and reaps
//   every other process of the container, writes end_marker(secret) on its
//   stdout and stderr (after everything the run wrote there), then:
//   entry -> host  kExitTag followed by the program's wait status (int32, host order)
// and exits. The host trusts the status only from this connection's peer,
// the container's pid 1 (docker/init_exit.hpp); anything else falls back to
// the daemon's /wait.
// Paths are as the container sees them (container_spec.cpp binds them).
#pragma once
#include <cstddef>
#include <string>

namespace mai::sandbox::docker_watch {

constexpr char kListenerTag = 'N';
constexpr char kAckByte = 'k';
constexpr char kExitTag = 'x';
constexpr size_t kSecretBytes = 32;  // hex characters, from the host's random source
constexpr size_t kExitMessageBytes = 1 + 4;
constexpr const char* kEntryFlag = "--watch-writes";
constexpr const char* kInitInContainer = "/.mai-sandbox/init";
constexpr const char* kDirInContainer = "/.mai-sandbox/watch";
constexpr const char* kSocketName = "socket";

// What ends a stream's output: NUL bytes around it, the secret inside, so the
// program (which never learns the secret) cannot write it, and it is short
// enough (< PIPE_BUF) to reach the pipe in one piece.
inline std::string end_marker(const std::string& secret) {
  return std::string("\0mai-sandbox-end:", 17) + secret + std::string("\0", 1);
}

}  // namespace mai::sandbox::docker_watch
