#include "sandbox/writable_handles.hpp"

#include "sandbox/fd_passing.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <vector>
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
  bool sent = send_fds(channel, kTag, {fds[0], fds[1]});
  int err = errno;
  ::close(fds[0]);
  ::close(fds[1]);
  if (!sent) throw std::runtime_error(std::string("send the writable mounts: ") + std::strerror(err));
}

bool receive_writable_handles(int channel, WritableHandles& out) {
  std::vector<int> fds = receive_fds(channel, kTag, 2);
  if (fds.size() != 2) return false;
  out.sandbox = fds[0];
  out.tmp = fds[1];
  return true;
}

}  // namespace mai::sandbox
