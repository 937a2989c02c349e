// deps on Docker: the proxy listener is created inside a container's network
// namespace by a short-lived thread that joins it with setns(2); the socket
// stays bound to that namespace after the thread is gone.
#pragma once
#include <cstdint>
#include <sys/types.h>

namespace mai::sandbox::docker {

// A listening TCP socket on 127.0.0.1:port in the network namespace of `pid`
// (close-on-exec). Throws SandboxError.
int listen_in_netns(pid_t pid, uint16_t port);

}  // namespace mai::sandbox::docker
