#include "run_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>

#include "common/files.hpp"
#include "common/relative_path.hpp"

namespace mai::client {

namespace {

class Reader {
 public:
  explicit Reader(uint64_t max_bytes) : left_(max_bytes) {}

  void add(const std::string& spec) {
    std::string path = spec, name;
    size_t eq = spec.rfind('=');
    if (eq != std::string::npos) {
      path = spec.substr(0, eq);
      name = spec.substr(eq + 1);
      if (name.empty()) fail(spec, "the name after '=' is empty");
    }
    if (path.empty()) fail(spec, "no path");
    if (name.empty()) name = base_name(path);
    if (auto problem = relative_path_problem(name))
      fail(spec, "the name '" + name + "' " + *problem + "; give a relative path inside /sandbox");
    // The path the user named is not followed if it is a symlink either: what
    // goes in is exactly what is there.
    // Never opened unless a file or directory: opening a device can act.
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
      fail(spec, S_ISLNK(st.st_mode) ? "is a symbolic link (give its target instead)"
                                     : "is not a regular file or directory (FIFOs, sockets and devices are refused)");
    int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
      fail(spec, errno == ELOOP ? "is a symbolic link (give its target instead)" : std::strerror(errno));
    add_fd(spec, fd, name);
  }

  std::vector<InputFile> take() { return std::move(out_); }

 private:
  [[noreturn]] static void fail(const std::string& spec, const std::string& why) {
    throw Error(Error::Kind::usage, "--input " + spec + ": " + why);
  }

  static std::string base_name(std::string p) {
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    size_t slash = p.rfind('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
  }

  // Takes ownership of fd.
  void add_fd(const std::string& spec, int fd, const std::string& name) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
      ::close(fd);
      fail(spec, std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode)) return add_dir(spec, fd, name);
    if (!S_ISREG(st.st_mode)) {
      ::close(fd);
      fail(spec, name + " is not a regular file (FIFOs, sockets and devices are refused)");
    }
    std::string data;
    char buf[1 << 16];
    for (;;) {
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        ::close(fd);
        fail(spec, name + ": " + std::strerror(errno));
      }
      if (n == 0) break;
      if (static_cast<uint64_t>(n) > left_) {
        ::close(fd);
        fail(spec, "the inputs are larger than files.max_inputs_size in sandbox.yaml");
      }
      left_ -= static_cast<uint64_t>(n);
      data.append(buf, static_cast<size_t>(n));
    }
    ::close(fd);
    out_.push_back({name, std::move(data)});
  }

  // Every entry beneath the directory, in name order; each opened by one
  // component with O_NOFOLLOW, so nothing outside it is reached.
  void add_dir(const std::string& spec, int dir_fd, const std::string& prefix) {
    std::vector<std::string> names;
    DIR* d = ::fdopendir(dir_fd);
    if (!d) {
      ::close(dir_fd);
      fail(spec, std::strerror(errno));
    }
    while (dirent* e = ::readdir(d))
      if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
        names.emplace_back(e->d_name);
    std::sort(names.begin(), names.end());
    for (const auto& n : names) {
      std::string name = prefix + "/" + n;
      if (auto problem = relative_path_problem(name)) {
        ::closedir(d);
        fail(spec, "'" + name + "' " + *problem);
      }
      struct stat st {};
      if (::fstatat(::dirfd(d), n.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode) &&
          !S_ISDIR(st.st_mode)) {
        ::closedir(d);
        fail(spec, name + (S_ISLNK(st.st_mode) ? " is a symbolic link (refused)"
                                               : " is not a regular file (FIFOs, sockets and devices are refused)"));
      }
      int fd = ::openat(::dirfd(d), n.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
      if (fd < 0) {
        int err = errno;
        ::closedir(d);
        fail(spec, name + (err == ELOOP ? " is a symbolic link (refused)" : ": " + std::string(std::strerror(err))));
      }
      try {
        add_fd(spec, fd, name);
      } catch (...) {
        ::closedir(d);
        throw;
      }
    }
    ::closedir(d);
  }

  uint64_t left_;
  std::vector<InputFile> out_;
};

}  // namespace

std::vector<InputFile> read_inputs(const std::vector<std::string>& specs, uint64_t max_bytes) {
  Reader r(max_bytes);
  for (const auto& s : specs) r.add(s);
  return r.take();
}



namespace {

struct OutFd {
  int fd;
  explicit OutFd(int f) : fd(f) {}
  ~OutFd() {
    if (fd >= 0) ::close(fd);
  }
};

[[noreturn]] void write_error(const std::string& what) {
  throw Error(Error::Kind::usage, "--output-dir: " + what + ": " + std::strerror(errno));
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
  OutFd dir(open_dirs(root_fd, rel, shown));
  std::string leaf = rel.substr(rel.rfind('/') + 1);
  OutFd fd(::openat(dir.fd, leaf.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644));
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

size_t write_files(const RunResult& result, const std::string& dir) {
  if (!result.execution) return 0;
  try {
    make_dirs(dir, 0755);
  } catch (const std::exception& e) {
    throw Error(Error::Kind::usage, "--output-dir " + dir + ": " + e.what());
  }
  OutFd root(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (root.fd < 0) throw Error(Error::Kind::usage, "--output-dir " + dir + ": " + std::strerror(errno));
  size_t written = 0;
  for (const auto& f : result.execution->files.files) {
    if (!f.content_included || f.kind != "file") continue;
    // "/sandbox/..." or "/tmp/...", nothing else, and no way up.
    std::string rel = f.path.size() > 1 && f.path.front() == '/' ? f.path.substr(1) : std::string();
    bool inside = rel.rfind("sandbox/", 0) == 0 || rel.rfind("tmp/", 0) == 0;
    auto problem = inside ? relative_path_problem(rel) : std::string("is not under /sandbox or /tmp");
    if (problem) {
      std::string shown = f.path.substr(0, 200);
      for (char& c : shown)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
      std::cerr << "mai-sandbox: note: not written to the output directory: '" << shown << "' "
                << *problem << "\n";
      continue;
    }
    write_one(root.fd, rel, f.content, dir + "/" + rel);
    ++written;
  }
  return written;
}

}  // namespace mai::client
