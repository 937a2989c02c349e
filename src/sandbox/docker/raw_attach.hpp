// A container's stdin, stdout and stderr on one hijacked connection: POST
// /containers/{id}/attach with "Upgrade: tcp", after which the daemon's
// socket carries stdin one way and the multiplexed output frames
// (frame_demux.hpp) the other. curl cannot write to an upgraded connection,
// so this one is a plain unix socket. A warm container (docker_warm.hpp) is
// attached this way before it starts, so nothing it writes is missed, and
// its go arrives over the same socket.
#pragma once
#include <string>

#include "sandbox/docker/docker_client.hpp"

namespace mai::sandbox::docker {

// The connected socket (close-on-exec), its HTTP answer (101) read and
// nothing more. Throws SandboxError("docker_refused") if the daemon does not
// upgrade within `timeout_ms`.
int attach_raw(const Client& client, const std::string& container_id, int timeout_ms);

// Reads exactly `n` bytes into `out` within `timeout_ms`; false on EOF,
// error or timeout.
bool read_exactly(int fd, char* out, size_t n, int timeout_ms);

}  // namespace mai::sandbox::docker
