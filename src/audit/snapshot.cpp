#include "audit/snapshot.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <thread>
#include <vector>

#include "audit/error.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"

namespace mai::audit {

namespace {

constexpr char kMarker[] = ".snapshot.";

std::string parent_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool ends_with(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> out;
  DIR* d = ::opendir(dir.c_str());
  if (!d) throw AuditError("cannot read the audit log directory " + dir + ": " + std::strerror(errno));
  while (auto* e = ::readdir(d)) out.emplace_back(e->d_name);
  ::closedir(d);
  return out;
}

// The whole file, or nullopt when it does not exist.
std::optional<std::string> read_if_exists(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw AuditError("cannot read " + path + ": " + std::strerror(errno));
  }
  std::string out;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      ::close(fd);
      throw AuditError("cannot read " + path + ": " + std::strerror(err));
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return out;
}

void write_new(const std::string& path, const std::string& data) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw AuditError("cannot write " + path + ": " + std::strerror(errno));
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      ::close(fd);
      throw AuditError("cannot write " + path + ": " + std::strerror(err));
    }
    done += static_cast<size_t>(n);
  }
  ::close(fd);
}

struct FileState {
  std::string current;  // CURRENT's content: the MANIFEST's name
  ino_t ino = 0;
  off_t size = -1;
  bool operator==(const FileState& o) const { return current == o.current && ino == o.ino && size == o.size; }
};

std::optional<FileState> manifest_state(const std::string& db_dir) {
  auto current = read_if_exists(db_dir + "/CURRENT");
  if (!current) return std::nullopt;
  FileState s;
  s.current = *current;
  std::string name = s.current;
  while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.pop_back();
  if (name.empty() || name.find('/') != std::string::npos || name.find('\0') != std::string::npos) return s;
  struct stat st {};
  if (::stat((db_dir + "/" + name).c_str(), &st) != 0) return s;
  s.ino = st.st_ino;
  s.size = st.st_size;
  return s;
}

}  // namespace

void remove_abandoned_dirs(const std::string& parent, const std::string& prefix) {
  std::vector<std::string> names;
  try {
    names = list_dir(parent);
  } catch (const AuditError&) {
    return;
  }
  for (const auto& n : names) {
    if (n.rfind(prefix, 0) != 0) continue;
    long pid = std::strtol(n.c_str() + prefix.size(), nullptr, 10);
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      try {
        remove_tree(parent + "/" + n);
      } catch (const std::exception&) {
      }
    }
  }
}

namespace {

enum class Placed { ok, gone };

// A hard link when it can be, else a copy of what the file holds now.
Placed place(const std::string& from, const std::string& to, bool& may_link) {
  if (may_link) {
    if (::link(from.c_str(), to.c_str()) == 0) return Placed::ok;
    if (errno == ENOENT) return Placed::gone;
    if (errno != EXDEV && errno != EPERM && errno != EACCES && errno != EROFS && errno != EMLINK &&
        errno != ENOTSUP)
      throw AuditError("cannot link " + from + " into a snapshot: " + std::strerror(errno));
    may_link = false;
  }
  auto bytes = read_if_exists(from);
  if (!bytes) return Placed::gone;
  write_new(to, *bytes);
  return Placed::ok;
}

enum class Attempt { stable, changed, broken };

// One attempt at a snapshot in `dir`.
Attempt try_snapshot(const std::string& db_dir, const std::string& dir, bool& may_link) {
  auto before = manifest_state(db_dir);
  if (!before) throw AuditError("no audit log at " + db_dir + " (its CURRENT file is missing)");
  std::string manifest_name = before->current;
  while (!manifest_name.empty() && (manifest_name.back() == '\n' || manifest_name.back() == '\r'))
    manifest_name.pop_back();
  auto manifest = before->size < 0 ? std::nullopt : read_if_exists(db_dir + "/" + manifest_name);
  if (!manifest || static_cast<off_t>(manifest->size()) != before->size) {
    // A writer replacing its MANIFEST, or a CURRENT that names none at all.
    auto again = manifest_state(db_dir);
    return again && again->current == before->current && again->size < 0 ? Attempt::broken : Attempt::changed;
  }
  write_new(dir + "/" + manifest_name, *manifest);
  write_new(dir + "/CURRENT", before->current);
  if (auto identity = read_if_exists(db_dir + "/IDENTITY")) write_new(dir + "/IDENTITY", *identity);
  for (const auto& name : list_dir(db_dir)) {
    // Table files and write-ahead logs; never the writer's LOCK, LOG or OPTIONS.
    if (!ends_with(name, ".sst") && !ends_with(name, ".log")) continue;
    place(db_dir + "/" + name, dir + "/" + name, may_link);  // a file gone now was obsolete
  }
  auto after = manifest_state(db_dir);
  return after && *after == *before ? Attempt::stable : Attempt::changed;
}

}  // namespace

std::unique_ptr<DbSnapshot> DbSnapshot::take(const std::string& db_dir) {
  const std::string parent = parent_of(db_dir);
  const std::string prefix = base_of(db_dir) + kMarker;
  remove_abandoned_dirs(parent, prefix);
  // Beside the database, so that files can be hard-linked; else in TMPDIR.
  bool may_link = true;
  std::string base = parent + "/" + prefix;
  if (::access(parent.c_str(), W_OK) != 0) {
    const char* tmp = std::getenv("TMPDIR");
    base = std::string(tmp && *tmp ? tmp : "/tmp") + "/mai-audit" + kMarker;
    may_link = false;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (int attempt = 0;; ++attempt) {
    std::string dir = base + std::to_string(::getpid()) + "." + random_hex(6);
    if (::mkdir(dir.c_str(), 0700) != 0)
      throw AuditError("cannot make a snapshot of the audit log in " + dir + ": " + std::strerror(errno));
    std::unique_ptr<DbSnapshot> snap(new DbSnapshot(dir));
    Attempt a = try_snapshot(db_dir, dir, may_link);
    if (a == Attempt::stable) return snap;
    snap.reset();
    if (a == Attempt::broken)
      throw AuditError("the audit log at " + db_dir + " is damaged: its CURRENT file names no MANIFEST that exists");
    if (std::chrono::steady_clock::now() >= deadline)
      throw AuditError("cannot take a consistent snapshot of the audit log at " + db_dir +
                       ": its files kept changing for 60 s");
    // Writers change the MANIFEST a few times per open; back off a little.
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(2 + attempt * 5, 100)));
  }
}

DbSnapshot::~DbSnapshot() {
  try {
    remove_tree(dir_);
  } catch (const std::exception&) {
  }
}

}  // namespace mai::audit
