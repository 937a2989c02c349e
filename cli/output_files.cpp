#include "cli/output_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/relative_path.hpp"

namespace mai::cli {

namespace {

struct Fd {
  int fd;
  explicit Fd(int f) : fd(f) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

[[noreturn]] void write_error(const std::string& what) {
  throw SandboxError("output_dir", what + ": " + std::strerror(errno));
}

// The directory `rel` beneath `root_fd`, created as needed, never via a symlink.
int open_dirs(int root_fd, const std::string& rel, const std::string& shown) {
  int cur = ::fcntl(root_fd, F_DUPFD_CLOEXEC, 0);
  size_t start = 0;
  for (size_t slash; (slash = rel.find('/', start)) != std::string::npos; start = slash + 1) {
    std::string part = rel.substr(start, slash - start);
    if (::mkdirat(cur, part.c_str(), 0755) != 0 && errno != EEXIST) {
      ::close(cur);
      write_error("create a directory for " + shown);
    }
    int next = ::openat(cur, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    ::close(cur);
    if (next < 0) write_error("open a directory for " + shown);
    cur = next;
  }
  return cur;
}

void write_one(int root_fd, const std::string& rel, const std::string& data, const std::string& shown) {
  Fd dir(open_dirs(root_fd, rel, shown));
  std::string leaf = rel.substr(rel.rfind('/') + 1);
  Fd fd(::openat(dir.fd, leaf.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644));
  if (fd.fd < 0) write_error("create " + shown);
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    errno = EINVAL;
    write_error(shown + " exists and is not a regular file");
  }
  for (size_t done = 0; done < data.size();) {
    ssize_t n = ::write(fd.fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) write_error("write " + shown);
    done += static_cast<size_t>(n);
  }
}

}  // namespace

size_t write_output_files(const RunResult& result, const std::string& dir) {
  if (!result.execution) return 0;
  try {
    make_dirs(dir, 0755);
  } catch (const std::exception& e) {
    throw UsageError("--output-dir " + dir + ": " + e.what());
  }
  Fd root(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (root.fd < 0) throw UsageError("--output-dir " + dir + ": " + std::strerror(errno));
  size_t written = 0;
  for (const auto& f : result.execution->files.files) {
    if (!f.content_included || f.kind != "file") continue;
    // "/sandbox/..." or "/tmp/...", nothing else, and no way up.
    std::string rel = f.path.size() > 1 && f.path.front() == '/' ? f.path.substr(1) : std::string();
    bool inside = rel.rfind("sandbox/", 0) == 0 || rel.rfind("tmp/", 0) == 0;
    if (!inside || relative_path_problem(rel)) {
      std::cerr << "mai-sandbox: note: not written to --output-dir (a name it cannot hold): "
                << rel.size() << "-byte path " << (relative_path_problem(rel) ? *relative_path_problem(rel) : "outside /sandbox and /tmp") << "\n";
      continue;
    }
    write_one(root.fd, rel, f.content, dir + "/" + rel);
    ++written;
  }
  return written;
}

}  // namespace mai::cli
