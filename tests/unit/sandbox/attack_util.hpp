// The escape battery's harness. Every attack is a small program that prints
// ESCAPED when it succeeds. It is run inside the sandbox (must not escape)
// and, to prove the attack can succeed at all, directly on the host without
// the protection: as a given host uid, optionally in a private mount namespace.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <grp.h>
#include <sched.h>
#include <sstream>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <thread>

#include "common/files.hpp"
#include "common/ids.hpp"
#include "sandbox/id_lease.hpp"
#include "test_util.hpp"

namespace mai::sandbox::test {

constexpr uid_t kNobody = 65534;

struct HostRun {
  int status = -1;
  std::string output;  // stdout and stderr together
  bool escaped() const { return output.find("ESCAPED") != std::string::npos; }
};

struct HostOptions {
  uid_t uid = 0;
  bool private_mounts = false;  // unshare(CLONE_NEWNS) first, so a mount cannot touch the host
  int timeout_s = 20;
  int nice = 0;  // below 0: a control that needs CPU gets it first on a busy machine
};

// Runs `code` with the host's own interpreter, outside any sandbox. Output
// goes to a file, so daemons left behind cannot hold the run open.
inline HostRun run_on_host(const std::string& code, Language lang = Language::python,
                           HostOptions opt = {}) {
  std::string base = "/tmp/mai-attack-" + random_hex(6);
  std::string prog = base + (lang == Language::python ? ".py" : ".sh");
  std::string out = base + ".out";
  write_file_atomic(prog, code, 0644);
  pid_t pid = ::fork();
  if (pid == 0) {
    int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0 || ::fchown(fd, opt.uid, opt.uid) != 0) ::_exit(119);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    if (::chdir("/") != 0) ::_exit(120);
    if (opt.private_mounts) {
      if (::unshare(CLONE_NEWNS) != 0 || ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        ::_exit(121);
    }
    if (opt.nice != 0 && ::setpriority(PRIO_PROCESS, 0, opt.nice) != 0) ::_exit(123);
    if (opt.uid != 0) {
      if (::setgroups(0, nullptr) != 0 || ::setresgid(opt.uid, opt.uid, opt.uid) != 0 ||
          ::setresuid(opt.uid, opt.uid, opt.uid) != 0)
        ::_exit(122);
    }
    ::alarm(static_cast<unsigned>(opt.timeout_s));
    if (lang == Language::python)
      ::execl("/usr/bin/python3", "python3", prog.c_str(), static_cast<char*>(nullptr));
    else
      ::execl("/bin/sh", "sh", prog.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  HostRun r;
  ::waitpid(pid, &r.status, 0);
  r.output = read_file(out);
  ::unlink(prog.c_str());
  ::unlink(out.c_str());
  return r;
}

inline bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// A process on the host that sleeps as `uid` until the test ends (killed and
// reaped by the destructor, also when the test fails half-way).
class HostVictim {
 public:
  // Returns once the child runs as `uid`: on a busy machine a control that
  // started earlier found it still root, and its signal was refused.
  explicit HostVictim(uid_t uid) {
    int ready[2];
    if (::pipe2(ready, O_CLOEXEC) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setgroups(0, nullptr);
      if (::setresgid(uid, uid, uid) != 0 || ::setresuid(uid, uid, uid) != 0) ::_exit(1);
      char c = 1;
      if (::write(ready[1], &c, 1) != 1) ::_exit(1);
      for (;;) ::pause();
    }
    ::close(ready[1]);
    char c = 0;
    while (::read(ready[0], &c, 1) < 0 && errno == EINTR) {
    }
    ::close(ready[0]);
  }
  ~HostVictim() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  HostVictim(const HostVictim&) = delete;
  HostVictim& operator=(const HostVictim&) = delete;
  pid_t pid() const { return pid_; }
  bool alive() const { return ::waitpid(pid_, nullptr, WNOHANG) == 0 && ::kill(pid_, 0) == 0; }
  // A signal is delivered at once but acted on when the process next runs: on
  // a busy machine it may still be alive right after a SIGKILL was sent.
  bool dies_within(std::chrono::milliseconds limit) const {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (alive()) {
      if (std::chrono::steady_clock::now() >= deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
  }

 private:
  pid_t pid_ = -1;
};

// A host uid (and gid) no other process on the host has, leased from the
// native range like a run's, for host-side controls that need two processes
// of one uid. When the lease ends, its id is free again unless a process of
// it is still there (then the lease stays abandoned until /proc is clear).
inline IdLease lease_test_uid() {
  IdPool pool(test_config().native.ids, 1);
  IdLease lease = pool.acquire();
  lease.vacated();
  return lease;
}

// Polls `path` until it holds something (a program wrote it, then renamed or
// closed it); nullopt when `alive` says the writer is gone or after `seconds`.
template <class Alive>
std::optional<std::string> await_file(const std::string& path, Alive alive, int seconds = 60) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (path_exists(path)) {
      std::string s = read_file(path);
      if (!s.empty()) return s;
    }
    if (!alive()) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return std::nullopt;
}

// A Python program running on the host as `uid` in a session of its own
// until the test ends (the destructor kills the whole session: children
// it forked die too). Its output goes to a file. The program starts with
// READY = '<path>': a file it may create (in world-writable /tmp) to say it
// is ready, which await_ready() waits for.
class HostProcess {
 public:
  HostProcess(const std::string& code, uid_t uid) : base_("/tmp/mai-attack-" + random_hex(6)) {
    write_file_atomic(base_ + ".py", "READY = '" + ready_path() + "'\n" + code, 0644);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setsid();
      int fd = ::open((base_ + ".out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
      if (fd < 0 || ::fchown(fd, uid, uid) != 0) ::_exit(119);
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      if (::chdir("/") != 0) ::_exit(120);
      if (::setgroups(0, nullptr) != 0 || ::setresgid(uid, uid, uid) != 0 || ::setresuid(uid, uid, uid) != 0)
        ::_exit(122);
      ::alarm(120);
      ::execl("/usr/bin/python3", "python3", (base_ + ".py").c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~HostProcess() {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    for (const char* ext : {".py", ".out", ".ready", ".ready.part"}) ::unlink((base_ + ext).c_str());
  }
  HostProcess(const HostProcess&) = delete;
  HostProcess& operator=(const HostProcess&) = delete;
  pid_t pid() const { return pid_; }
  bool alive() const { return ::waitpid(pid_, nullptr, WNOHANG) == 0; }
  std::string output() const { return read_file(base_ + ".out"); }
  std::string ready_path() const { return base_ + ".ready"; }
  std::optional<std::string> await_ready() const {
    return await_file(ready_path(), [this] { return alive(); });
  }

 private:
  std::string base_;
  pid_t pid_ = -1;
};

// "pid:[inode]" of a process's pid namespace, "" if it is gone.
inline std::string pid_namespace_of(pid_t p) {
  char buf[64] = {};
  ssize_t n = ::readlink(("/proc/" + std::to_string(p) + "/ns/pid").c_str(), buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

// A process's pid namespace, pinned: the open file keeps the namespace, and
// with it its inode number, from being freed and handed to a new namespace
// while a test still looks for leftovers in it. Unpinned, a "leftover" seen
// under a busy machine was another sandbox that had just been given the
// number of the ended run's namespace.
class PinnedPidNamespace {
 public:
  explicit PinnedPidNamespace(pid_t p)
      : fd_(::open(("/proc/" + std::to_string(p) + "/ns/pid").c_str(), O_RDONLY | O_CLOEXEC)) {
    if (fd_ < 0) return;
    char buf[64] = {};
    ssize_t n = ::readlink(("/proc/self/fd/" + std::to_string(fd_)).c_str(), buf, sizeof buf - 1);
    if (n > 0) id_.assign(buf, static_cast<size_t>(n));
  }
  ~PinnedPidNamespace() {
    if (fd_ >= 0) ::close(fd_);
  }
  PinnedPidNamespace(const PinnedPidNamespace&) = delete;
  PinnedPidNamespace& operator=(const PinnedPidNamespace&) = delete;
  // "pid:[inode]"; empty when the process was already gone.
  const std::string& id() const { return id_; }

 private:
  int fd_ = -1;
  std::string id_;
};

// Live processes in the given pid namespace: a run's leftovers, precisely
// (other tests' sandboxes live in other namespaces).
inline std::vector<pid_t> processes_in_pid_namespace(const std::string& ns) {
  std::vector<pid_t> out;
  DIR* d = ::opendir("/proc");
  if (!d) return out;
  while (dirent* e = ::readdir(d)) {
    pid_t p = std::atoi(e->d_name);
    if (p <= 0 || pid_namespace_of(p) != ns) continue;
    std::ifstream st("/proc/" + std::string(e->d_name) + "/status");
    std::string line;
    bool zombie = false;
    while (std::getline(st, line))
      if (line.rfind("State:", 0) == 0) zombie = line.find('Z') != std::string::npos;
    if (!zombie) out.push_back(p);
  }
  ::closedir(d);
  return out;
}

// A world-writable host directory, removed when the test ends (even on failure).
class HostTempDir {
 public:
  explicit HostTempDir(const std::string& prefix) : path_("/var/tmp/" + prefix + random_hex(6)) {
    make_dirs(path_, 0777);
    ::chmod(path_.c_str(), 0777);
  }
  ~HostTempDir() { remove_tree(path_); }
  HostTempDir(const HostTempDir&) = delete;
  HostTempDir& operator=(const HostTempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A sandbox on the current backend that runs while the test acts on it: its
// files are reachable from the host through /proc/<init>/root. wait() ends
// it normally; the destructor kills what is left.
class LiveRun {
 public:
  explicit LiveRun(const std::string& code, Limits limits = small_limits(), Language lang = Language::python)
      : sb_(backend().launch(make_spec(code, lang, limits))), target_(sb_->probe_target()) {}
  ~LiveRun() {
    if (!outcome_) {
      sb_->kill();
      sb_->wait();
    }
  }
  LiveRun(const LiveRun&) = delete;
  LiveRun& operator=(const LiveRun&) = delete;

  Sandbox& sandbox() { return *sb_; }
  pid_t init_pid() const { return target_.init_pid; }
  // The host uid of the program: native, the lease's user id (uid 1000
  // inside); docker, the container's uid.
  uid_t uid() const {
    auto ids = sb_->host_ids();
    return ids.empty() ? 0 : ids.back();
  }
  // The host path of `inside` (an absolute path in the sandbox).
  std::string host_path(const std::string& inside) const {
    return "/proc/" + std::to_string(target_.init_pid) + "/root" + inside;
  }
  // Its init is alive (a zombie's root is unreadable).
  bool running() const { return !outcome_ && ::access(host_path("/").c_str(), F_OK) == 0; }
  // What the program wrote to `inside` once it is there; nullopt if it ended first.
  std::optional<std::string> await_file(const std::string& inside, int seconds = 60) const {
    return test::await_file(host_path(inside), [this] { return running(); }, seconds);
  }
  // Writes `inside` whole (renamed into place, so the program never reads
  // half of it), as the program's own uid: host root is not mapped in a
  // native run's user namespace, so it cannot create files in its tmpfs.
  void put_file(const std::string& inside, const std::string& content) const {
    std::string dir = inside.substr(0, inside.rfind('/')), name = inside.substr(inside.rfind('/') + 1);
    // Only root may pass through a native init's /proc/PID/root (it is not
    // dumpable): the directory is opened first, then used as the program's uid.
    int dfd = ::open(host_path(dir).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    ASSERT_GE(dfd, 0) << host_path(dir);
    uid_t id = uid();
    pid_t pid = ::fork();
    if (pid == 0) {
      if (::setgroups(0, nullptr) != 0 || ::setresgid(id, id, id) != 0 || ::setresuid(id, id, id) != 0) ::_exit(1);
      int fd = ::openat(dfd, (name + ".part").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0 || ::write(fd, content.data(), content.size()) != static_cast<ssize_t>(content.size())) ::_exit(2);
      ::close(fd);
      ::_exit(::renameat(dfd, (name + ".part").c_str(), dfd, name.c_str()) == 0 ? 0 : 3);
    }
    ::close(dfd);
    int st = 0;
    ::waitpid(pid, &st, 0);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "could not write " << inside << " in the run: " << st;
  }

  // The run's processes, by their host pids.
  std::vector<pid_t> host_pids() const { return processes_in_pid_namespace(pid_namespace_of(target_.init_pid)); }
  const RawOutcome& wait() {
    if (!outcome_) outcome_ = sb_->wait();
    return *outcome_;
  }

 private:
  std::unique_ptr<Sandbox> sb_;
  ProbeTarget target_;
  std::optional<RawOutcome> outcome_;
};

// Runs inside the sandbox with the test's small limits; fails the test if the
// sandbox itself could not start.
inline RawOutcome sandboxed(const std::string& code, Language lang = Language::python,
                            Limits limits = small_limits()) {
  RawOutcome o = run(code, lang, limits);
  EXPECT_EQ(o.failure, "");
  return o;
}

// The common shape of an attack test: contained in the sandbox, escapes on the host.
#define EXPECT_CONTAINED(outcome) \
  EXPECT_FALSE(::mai::sandbox::test::contains((outcome).stdout_data + (outcome).stderr_data, "ESCAPED")) \
      << "stdout: " << (outcome).stdout_data << "\nstderr: " << (outcome).stderr_data
#define EXPECT_ESCAPES_ON_HOST(hostrun) \
  EXPECT_TRUE((hostrun).escaped()) << "the attack did not work even without the sandbox: " << (hostrun).output

// ctypes prelude for attacks that need raw system calls.
inline const char* kCtypes = R"(import ctypes, os, sys, struct
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def sc(nr, *args):
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    return r, ctypes.get_errno()
)";

}  // namespace mai::sandbox::test
