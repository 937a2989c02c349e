#include "sandbox/writable_handles.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace mai::sandbox {

namespace {
constexpr char kTag = 'W';
}

void send_writable_handles(int channel) {
  int fds[2] = {::open("/sandbox", O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC),
                ::open("/tmp", O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)};
  if (fds[0] < 0 || fds[1] < 0)
    throw std::runtime_error(std::string("open the writable mounts: ") + std::strerror(errno));
  char byte = kTag;
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof fds)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof fds);
  std::memcpy(CMSG_DATA(c), fds, sizeof fds);
  ssize_t n;
  do n = ::sendmsg(channel, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  int err = errno;
  ::close(fds[0]);
  ::close(fds[1]);
  if (n != 1) throw std::runtime_error(std::string("send the writable mounts: ") + std::strerror(err));
}

bool receive_writable_handles(int channel, WritableHandles& out) {
  char byte = 0;
  iovec iov{&byte, 1};
  int fds[2] = {-1, -1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof fds)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do n = ::recvmsg(channel, &msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n != 1) return false;
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) return false;
  size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
  std::memcpy(fds, CMSG_DATA(c), std::min(count, size_t{2}) * sizeof(int));
  if (byte != kTag || count != 2 || (msg.msg_flags & MSG_CTRUNC)) {
    for (size_t i = 0; i < std::min(count, size_t{2}); ++i) ::close(fds[i]);
    return false;
  }
  out.sandbox = fds[0];
  out.tmp = fds[1];
  return true;
}

}  // namespace mai::sandbox
