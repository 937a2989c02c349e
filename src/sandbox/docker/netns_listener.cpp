#include "sandbox/docker/netns_listener.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "common/error.hpp"

namespace mai::sandbox::docker {

int listen_in_netns(pid_t pid, uint16_t port) {
  std::string ns = "/proc/" + std::to_string(pid) + "/ns/net";
  int nsfd = ::open(ns.c_str(), O_RDONLY | O_CLOEXEC);
  if (nsfd < 0) throw SandboxError("sandbox_setup", "open " + ns + ": " + std::strerror(errno));
  int fd = -1;
  std::string error;
  // setns changes only the calling thread's namespace: a thread of its own,
  // so no other work of this process ever runs in the container's namespace.
  std::thread t([&] {
    if (::setns(nsfd, CLONE_NEWNET) != 0) {
      error = std::string("setns into the container's network namespace: ") + std::strerror(errno);
      return;
    }
    int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0) {
      error = std::string("proxy listener socket: ") + std::strerror(errno);
      return;
    }
    int one = 1;
    ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(s, 64) != 0) {
      error = std::string("bind the proxy listener: ") + std::strerror(errno);
      ::close(s);
      return;
    }
    fd = s;
  });
  t.join();
  ::close(nsfd);
  if (fd < 0) throw SandboxError("sandbox_setup", error);
  return fd;
}

}  // namespace mai::sandbox::docker
