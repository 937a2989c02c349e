#include "sandbox/input_staging.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/relative_path.hpp"
#include "common/sha256.hpp"
#include "sandbox/mounts/input_copy.hpp"

namespace mai::sandbox {

namespace {

[[noreturn]] void io_error(const std::string& what) {
  throw SandboxError("scratch_unavailable", what + ": " + std::strerror(errno));
}

void write_staged(const std::string& path, const std::string& data) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0444);
  if (fd < 0) io_error("create " + path);
  for (size_t done = 0; done < data.size();) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = errno;
      ::close(fd);
      errno = err;
      io_error("write " + path);
    }
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, 0444) != 0) {  // whatever the umask
    int err = errno;
    ::close(fd);
    errno = err;
    io_error("chmod " + path);
  }
  ::close(fd);
}

}  // namespace

FileBaseline stage_inputs(const std::string& run_dir, const std::vector<InputFile>& inputs,
                          uint64_t tmpfs_bytes) {
  FileBaseline baseline;
  if (inputs.empty()) return baseline;
  uint64_t total = 0;
  for (const auto& in : inputs) {
    if (auto problem = relative_path_problem(in.name))
      throw SandboxError("bad_input", "input name " + *problem);
    total += in.data.size();
  }
  if (total > tmpfs_bytes)
    throw SandboxError("inputs_too_large", "the inputs are " + std::to_string(total) +
                                               " bytes; the run's /sandbox holds " +
                                               std::to_string(tmpfs_bytes));
  std::string dir = run_dir + "/inputs";
  // 0711: the init passes through and opens each file by name; nobody lists it.
  if (::mkdir(dir.c_str(), 0711) != 0) io_error("mkdir " + dir);
  for (size_t i = 0; i < inputs.size(); ++i) {
    write_staged(run_dir + "/" + staged_input_name(i), inputs[i].data);
    baseline[inputs[i].name] = sha256_hex(inputs[i].data);
  }
  return baseline;
}

}  // namespace mai::sandbox
