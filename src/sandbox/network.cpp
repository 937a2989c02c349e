#include "sandbox/network.hpp"

#include "sandbox/fd_passing.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <net/if.h>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace mai::sandbox {

namespace {
constexpr char kListenerTag = 'L';

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}
}  // namespace

void bring_up_loopback() {
  int s = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (s < 0) fail("socket for loopback");
  struct ifreq ifr {};
  std::strncpy(ifr.ifr_name, "lo", IFNAMSIZ - 1);
  if (::ioctl(s, SIOCGIFFLAGS, &ifr) != 0) {
    ::close(s);
    fail("get lo flags");
  }
  ifr.ifr_flags = static_cast<short>(ifr.ifr_flags | IFF_UP | IFF_RUNNING);
  if (::ioctl(s, SIOCSIFFLAGS, &ifr) != 0) {
    ::close(s);
    fail("bring lo up");
  }
  ::close(s);
}

void set_hostname(const std::string& name) {
  if (::sethostname(name.c_str(), name.size()) != 0) fail("sethostname");
  if (::setdomainname("", 0) != 0) fail("setdomainname");
}

void send_proxy_listener(int channel, uint16_t port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s < 0) fail("proxy listener socket");
  int one = 1;
  ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) fail("bind proxy listener");
  if (::listen(s, 64) != 0) fail("listen proxy listener");
  if (!send_fds(channel, kListenerTag, {s})) fail("send proxy listener");
  ::close(s);  // the host holds it now; nothing in the sandbox keeps a copy
}

int receive_fd(int channel) {
  std::vector<int> fds = receive_fds(channel, kListenerTag, 1);
  return fds.empty() ? -1 : fds[0];
}

}  // namespace mai::sandbox
