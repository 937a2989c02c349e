#include "sandbox/docker/raw_attach.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/error.hpp"

namespace mai::sandbox::docker {

namespace {

using Clock = std::chrono::steady_clock;

int ms_left(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left > 0 ? static_cast<int>(left) : 0;
}

[[noreturn]] void refused(int fd, const std::string& why) {
  ::close(fd);
  throw SandboxError("docker_refused", "the Docker daemon did not attach to the warm container: " + why);
}

}  // namespace

bool read_exactly(int fd, char* out, size_t n, int timeout_ms) {
  auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  size_t got = 0;
  while (got < n) {
    pollfd pf{fd, POLLIN, 0};
    int r = ::poll(&pf, 1, ms_left(deadline));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    ssize_t k = ::recv(fd, out + got, n - got, 0);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    got += static_cast<size_t>(k);
  }
  return true;
}

int attach_raw(const Client& client, const std::string& container_id, int timeout_ms) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw SandboxError("docker_unavailable", std::string("socket: ") + std::strerror(errno));
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const std::string& path = client.socket_path();
  if (path.size() >= sizeof addr.sun_path) refused(fd, "socket path too long: " + path);
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    int err = errno;
    ::close(fd);
    throw SandboxError("docker_unavailable", "cannot reach the Docker daemon at " + path + ": " + std::strerror(err));
  }
  std::string version = client.api_version().empty() ? "" : "/v" + client.api_version();
  std::string req = "POST " + version + "/containers/" + container_id +
                    "/attach?stream=1&stdin=1&stdout=1&stderr=1 HTTP/1.1\r\n"
                    "Host: docker\r\nConnection: Upgrade\r\nUpgrade: tcp\r\nContent-Length: 0\r\n\r\n";
  if (::send(fd, req.data(), req.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(req.size()))
    refused(fd, std::string("send: ") + std::strerror(errno));
  // Byte by byte up to the blank line: whatever follows is the container's.
  std::string head;
  while (head.size() < 4 || head.compare(head.size() - 4, 4, "\r\n\r\n") != 0) {
    char c;
    if (head.size() > 16384 || !read_exactly(fd, &c, 1, timeout_ms)) refused(fd, "no answer in time");
    head += c;
  }
  // "HTTP/1.1 101 UPGRADED"; a daemon that hijacks without the upgrade says 200.
  auto sp = head.find(' ');
  std::string status = sp == std::string::npos ? "" : head.substr(sp + 1, 3);
  if (status != "101" && status != "200") refused(fd, head.substr(0, head.find('\r')));
  return fd;
}

}  // namespace mai::sandbox::docker
