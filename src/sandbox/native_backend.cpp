// The one place that composes the isolation pieces into a running sandbox:
// host ids, scratch directory, cgroup, pipes, clone + helper, id maps, go, ready.
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"
#include "common/sha256.hpp"
#include "sandbox/environment.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/init_spec.hpp"
#include "sandbox/native_backend.hpp"
#include "sandbox/native_sandbox.hpp"
#include "sandbox/network.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_rlimits.hpp"
#include "sandbox/run_stock.hpp"
#include "sandbox/warm.hpp"
#include "sandbox/warm_bootstrap.hpp"

namespace mai::sandbox {

namespace {

constexpr uint16_t kProxyPort = 3128;
constexpr int kSetupTimeoutMs = 15000;

// Descriptors of one launch attempt, closed unless handed on.
struct Fds {
  std::vector<int> fds;
  ~Fds() {
    for (int fd : fds)
      if (fd >= 0) ::close(fd);
  }
  int add(int fd) {
    fds.push_back(fd);
    return fd;
  }
  int release(int fd) {
    for (int& f : fds)
      if (f == fd) f = -1;
    return fd;
  }
  void close(int fd) {
    ::close(release(fd));
  }
};

[[noreturn]] void setup_error(const std::string& what) {
  throw SandboxError("sandbox_setup", what + ": " + std::strerror(errno));
}

void make_pipe(Fds& fds, int p[2]) {
  if (::pipe2(p, O_CLOEXEC) != 0) setup_error("pipe");
  fds.add(p[0]);
  fds.add(p[1]);
}

// Until the pipe's other end is closed everywhere (or the setup time is up:
// the init's setup then fails on its own, and says why).
void await_eof(int fd) {
  char c;
  for (;;) {
    pollfd pf{fd, POLLIN, 0};
    int rc = ::poll(&pf, 1, kSetupTimeoutMs);
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) return;
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
  }
}

// `pidfd`: the init's, whose exit (if that is why the send failed) says why.
void send_all(int fd, const std::string& msg, int pidfd) {
  if (::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(msg.size())) {
    int err = errno;
    throw SandboxError("sandbox_setup",
                       "send to the sandbox init: " + std::string(std::strerror(err)) + describe_init_exit(pidfd));
  }
}

void set_nonblocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// Waits for the helper's `expected` line ("ready", or a warm sandbox's
// "waiting"); `buf` holds what was read before. Returns what followed the line.
std::string wait_ready(int status_fd, int pidfd, std::string buf = {}, const std::string& expected = "ready");

// The init's own step marks on its ready/waiting line, into the phase recorder.
void record_init_phases(const std::string& line) {
  if (!phase_recorder()) return;
  std::istringstream in(line);
  std::string word;
  while (in >> word) {
    size_t eq = word.find('=');
    if (word.rfind("init:", 0) != 0 || eq == std::string::npos) continue;
    try {
      std::chrono::nanoseconds ns(std::stoll(word.substr(eq + 1)));
      phase_done_at(word.substr(0, eq), std::chrono::steady_clock::time_point(ns));
    } catch (const std::exception&) {
    }
  }
}

std::string wait_ready(int status_fd, int pidfd, std::string buf, const std::string& expected) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kSetupTimeoutMs);
  for (;;) {
    size_t nl = buf.find('\n');
    if (nl != std::string::npos) {
      std::string line = buf.substr(0, nl);
      if (line.rfind(expected, 0) == 0) {
        record_init_phases(line);
        return buf.substr(nl + 1);
      }
      if (line.rfind("error ", 0) == 0) throw SandboxError("sandbox_setup", "sandbox setup failed: " + line.substr(6));
      throw SandboxError("sandbox_setup", "unexpected message from the sandbox init: " + line);
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) throw SandboxError("sandbox_setup", "the sandbox init did not become ready in time");
    pollfd pf[2] = {{status_fd, POLLIN, 0}, {pidfd, POLLIN, 0}};
    if (::poll(pf, 2, static_cast<int>(left)) < 0 && errno != EINTR) setup_error("poll");
    if (pf[0].revents) {
      char tmp[512];
      ssize_t n = ::read(status_fd, tmp, sizeof tmp);
      if (n > 0) {
        buf.append(tmp, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      throw SandboxError("sandbox_setup", "the sandbox init exited during setup" + describe_init_exit(pidfd));
    } else if (pf[1].revents) {
      throw SandboxError("sandbox_setup", "the sandbox init exited during setup" + describe_init_exit(pidfd));
    }
  }
}

// Receives the payload's write listener on the init's spec channel and
// starts the run's watch on it; none if the init sent none (it failed, and
// its status pipe says why).
void watch_writes(StartedRun& run, int spec_channel) {
  try {
    run.writes = receive_write_watch(spec_channel, kSetupTimeoutMs);
  } catch (const std::exception& e) {
    throw SandboxError("sandbox_setup", e.what());
  }
}

// A sandbox built whole and waiting for its code (warm.hpp). The init holds
// the code file open; the host holds the spec channel the code goes over.
class NativeWarmEntry final : public WarmEntry {
 public:
  NativeWarmEntry(StartedRun run, int spec_fd, const WarmShape& shape, const config::FileSettings& files,
                  std::string code_name, bool watch)
      : run_(std::move(run)), spec_fd_(spec_fd), shape_(shape), cfg_files_(files), code_name_(std::move(code_name)),
        watch_writes_(watch) {}
  ~NativeWarmEntry() override {
    if (spec_fd_ >= 0) ::close(spec_fd_);
    if (!spent_) {
      NativeSandbox discard(std::move(run_));  // its destructor removes it all
    }
  }

  uint64_t memory_bytes() const override { return spent_ ? 0 : run_.cgroup->stats().memory_bytes; }

  std::unique_ptr<Sandbox> hand_off(const RunSpec& spec) override {
    if (spent_) throw SandboxError("sandbox_setup", "a warm sandbox runs one program only");
    if (!warm_fits(shape_, spec)) throw SandboxError("sandbox_setup", "the warm sandbox does not fit the run");
    spent_ = true;
    // From here on a failure removes everything, as a failed launch() does.
    auto box = std::make_unique<NativeSandbox>(std::move(run_));
    StartedRun& run = box->started_run();
    run.dir->assign(spec.run_id);
    run.defer_dir_removal = true;  // as every launched run: RunDirReaper removes it
    if (!(spec.limits.cpus == shape_.limits.cpus && spec.limits.memory_bytes == shape_.limits.memory_bytes &&
          spec.limits.pids == shape_.limits.pids)) {
      try {
        run.cgroup->set_limits(spec.limits);
      } catch (const std::exception& e) {
        throw SandboxError("cgroup_setup", e.what());
      }
    }
    run.limits = spec.limits;
    run.flood_bytes = spec.output_flood_bytes;
    // The manifest compares with the request's code, not the bootstrap that waited.
    run.collect_tmp = spec.files.collect_tmp;
    run.manifest = manifest_limits(cfg_files_, spec.files);
    run.baseline.clear();
    run.baseline[code_name_] = sha256_hex(spec.code);
    run.started = std::chrono::steady_clock::now();
    phase_done("hand-off: run id, finer limits");
    // Until the code is sent nothing of the run has happened: a sandbox that
    // died waiting (killed from outside, say) leaves the run to a cold start.
    pollfd gone{run.init.pidfd, POLLIN, 0};
    if (::poll(&gone, 1, 0) == 1)
      throw SandboxError(kWarmEntryLost, "the warm sandbox died while it waited");
    // What the bootstrap did while it waited is not the run's.
    if (run.writes) run.writes->reset();
    // The rlimits a finer request changes go with it: the program sets its
    // own (lowering needs no privilege; the host's may lack CAP_SYS_RESOURCE).
    std::string msg = std::to_string(spec.code.size()) + changed_rlimits(shape_.limits, spec.limits) + "\n" + spec.code;
    if (::send(spec_fd_, msg.data(), msg.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(msg.size()))
      throw SandboxError(kWarmEntryLost, std::string("the warm sandbox took no code: ") + std::strerror(errno));
    // A shell's payload starts only now: its write listener follows.
    bool watch_now = watch_writes_ && !run.writes;
    if (watch_now) watch_writes(run, spec_fd_);
    ::close(spec_fd_);
    spec_fd_ = -1;
    run.status_rest = wait_ready(run.status_fd, run.init.pidfd, std::move(run.status_rest));
    if (watch_now && !run.writes) throw SandboxError("sandbox_setup", "the sandbox init sent no write listener");
    phase_done("hand-off: code in, program started");
    return box;
  }

 private:
  StartedRun run_;
  int spec_fd_;
  WarmShape shape_;
  config::FileSettings cfg_files_;
  std::string code_name_;  // main.py or main.sh under /sandbox
  bool watch_writes_;
  bool spent_ = false;
};

class NativeBackend final : public Backend, public WarmSource {
 public:
  NativeBackend(const config::SandboxConfig& cfg, IdSource ids, size_t stock)
      : cfg_(cfg), layout_(detect_cgroup_layout()), ids_(std::move(ids)) {
    init_path_ = cfg.native.init_path.empty() ? executable_dir() + "/mai-sandbox-init"
                                              : cfg.native.init_path;
    if (stock > 0 && layout_.version != 0)
      stock_ = std::make_unique<RunStock>(
          stock, [this](const std::string& root, const Limits& limits) { return make_stocked(root, limits); });
  }

  std::vector<std::string> isolation() const override {
    return {"user", "pid", "net", "mount", "ipc", "uts", "cgroup",
            "seccomp", "no_new_privs", "caps_dropped", "read_only_root"};
  }

  std::unique_ptr<Sandbox> launch(const RunSpec& spec) override {
    InitSpec is = init_spec_for(spec);
    std::optional<StockedRun> stocked;
    if (stock_) stocked = stock_->take(spec.scratch_root, spec.limits);
    std::unique_ptr<NativeSandbox> box;
    try {
      box = std::make_unique<NativeSandbox>(build(spec, is, nullptr, {}, stocked ? &*stocked : nullptr));
    } catch (...) {
      if (stock_) stock_->restock();
      throw;
    }
    // The refill waits for the sandbox's build (run_stock.hpp).
    if (stock_) stock_->restock();
    // A cold run's ids and scratch go as a warm run's do: off the result's
    // path (3-5 ms of directory removal on a loaded disk).
    box->started_run().defer_dir_removal = true;
    return box;
  }

  std::unique_ptr<WarmEntry> prepare_warm(const WarmShape& shape, const std::string& scratch_root,
                                          const WarmBuildHooks& hooks) override {
    RunSpec spec = warm_build_spec(shape, scratch_root);
    InitSpec is = init_spec_for(spec);
    is.warm = true;
    // Python starts ahead and waits in its bootstrap; a shell starts in about
    // a millisecond, so it starts when the code is there.
    is.prestart = shape.language == Language::python;
    spec.code = is.prestart ? python_warm_bootstrap(WarmChannel::init_socket) : "";
    int spec_fd = -1;
    StartedRun run;
    try {
      run = build(spec, is, &spec_fd, hooks);
    } catch (...) {
      if (spec_fd >= 0) ::close(spec_fd);
      throw;
    }
    return std::make_unique<NativeWarmEntry>(std::move(run), spec_fd, shape, cfg_.files, is.code_name,
                                             is.watch_writes);
  }

 private:
  // Everything up to the init's first report: "ready" (the program runs), or
  // for a warm sandbox "waiting", with the spec channel's host end left in
  // *warm_spec_fd for the code.
  // One item of the stock: what build() makes for a run, without the run.
  StockedRun make_stocked(const std::string& scratch_root, const Limits& limits) {
    StockedRun s;
    s.ids = ids_();
    std::string id = random_hex(16);
    try {
      s.dir = std::make_unique<RunDir>(scratch_root, id);
      s.cgroup = make_cgroup(layout_, cfg_.native.cgroup_parent, id);
      s.cgroup->create();
      s.cgroup->set_limits(limits);
    } catch (...) {
      s.destroy();
      throw;
    }
    s.scratch_root = scratch_root;
    s.limits = limits;
    return s;
  }

  // With `stocked`, its ids, directory and cgroup are the run's (run_stock.hpp).
  StartedRun build(const RunSpec& spec, const InitSpec& is, int* warm_spec_fd, const WarmBuildHooks& hooks,
                   StockedRun* stocked = nullptr) {
    if (::geteuid() != 0) throw SandboxError("not_root", "the native sandbox must run as root");
    StartedRun run;
    run.limits = spec.limits;
    run.flood_bytes = spec.output_flood_bytes;
    run.ids = stocked ? std::move(stocked->ids) : ids_();
    phase_done("host ids lease");
    run.collect_tmp = spec.files.collect_tmp;
    run.manifest = manifest_limits(cfg_.files, spec.files);
    try {
      if (stocked) {
        run.dir = std::move(stocked->dir);
        run.cgroup = std::move(stocked->cgroup);
        // What a stale-run sweep reports the directory as, if this process dies.
        run.dir->assign(spec.run_id);
      } else {
        run.dir = std::make_unique<RunDir>(spec.scratch_root, spec.run_id);
      }
      run.dir->write_code(spec.code);
      run.baseline = stage_inputs(run.dir->path(), spec.inputs, spec.limits.tmpfs_bytes);
      // A warm sandbox's code (its bootstrap) is not the run's: the hand-off
      // hashes the run's. Its first hash would also pay OpenSSL's start-up
      // (about a millisecond) on the prepared sandbox's path.
      if (!warm_spec_fd) run.baseline[is.code_name] = sha256_hex(spec.code);
      phase_done("scratch directory");
      try {
        if (!stocked) {
          run.cgroup = make_cgroup(layout_, cfg_.native.cgroup_parent, spec.run_id);
          run.cgroup->create();
          run.cgroup->set_limits(spec.limits);
        } else if (!(stocked->limits.cpus == spec.limits.cpus &&
                     stocked->limits.memory_bytes == spec.limits.memory_bytes &&
                     stocked->limits.pids == spec.limits.pids)) {
          run.cgroup->set_limits(spec.limits);  // a finer request's (stock_fits: only lower)
        }
        phase_done("cgroup create + limits");
      } catch (const SandboxError&) {
        throw;
      } catch (const std::exception& e) {
        throw SandboxError("cgroup_setup", e.what());
      }
      start(run, is, warm_spec_fd, hooks);
    } catch (...) {
      // The init's end empties its pid namespace; with the cgroup gone too,
      // nothing of the run is left and its ids are free again at once.
      bool gone = true;
      if (run.init.pid > 0) {
        ::kill(run.init.pid, SIGKILL);
        gone = ::waitpid(run.init.pid, nullptr, 0) == run.init.pid;
      }
      if (run.init.pidfd >= 0) ::close(run.init.pidfd);
      for (int fd : {run.writable.sandbox, run.writable.tmp})
        if (fd >= 0) ::close(fd);
      if (run.cgroup) gone = run.cgroup->destroy() && gone;
      if (gone) run.ids.vacated();
      throw;
    }
    return run;
  }

 InitSpec init_spec_for(const RunSpec& spec) const {
    InitSpec is;
    bool py = spec.language == Language::python;
    const std::string& interp = py ? cfg_.native.python : cfg_.native.shell;
    struct stat st {};
    if (interp.empty() || interp.front() != '/' || ::stat(interp.c_str(), &st) != 0)
      throw SandboxError("interpreter_missing", "interpreter " + interp + " not found");
    is.code_name = py ? "main.py" : "main.sh";
    is.argv = {interp, "/sandbox/" + is.code_name};
    is.deps_network = spec.network == NetworkMode::deps;
    is.proxy_port = is.deps_network ? kProxyPort : 0;
    is.env = sandbox_environment(spec.network, is.proxy_port);
    is.tmpfs_bytes = spec.limits.tmpfs_bytes;
    is.watch_writes = cfg_.native.refused_writes;
    for (const auto& in : spec.inputs) is.inputs.push_back(in.name);
    for (const auto& r : run_rlimits(spec.limits)) is.rlimits.emplace_back(r.resource, r.value);
    return is;
  }

  void start(StartedRun& run, const InitSpec& is, int* warm_spec_fd, const WarmBuildHooks& hooks) {
    if (layout_.version == 0) throw SandboxError("cgroup_unavailable", layout_.why_unusable);
    Fds fds;
    int exe = fds.add(::open(init_path_.c_str(), O_PATH | O_CLOEXEC));
    if (exe < 0) setup_error("cannot open the init helper " + init_path_);
    int spec_p[2], status_p[2], out_p[2], err_p[2], sock[2] = {-1, -1};
    // A socket, not a pipe: if the child is already gone, send() fails with
    // EPIPE instead of raising SIGPIPE in the (multi-threaded) host.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, spec_p) != 0) setup_error("socketpair");
    fds.add(spec_p[0]);
    fds.add(spec_p[1]);
    make_pipe(fds, status_p);
    make_pipe(fds, out_p);
    make_pipe(fds, err_p);
    int null_fd = fds.add(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (null_fd < 0) setup_error("open /dev/null");
    int run_fd = fds.add(run.dir->open_path());
    if (is.deps_network) {
      if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sock) != 0) setup_error("socketpair");
      fds.add(sock[0]);
      fds.add(sock[1]);
    }
    InitFds f;
    f.slot[init_fd::stdin_null] = null_fd;
    f.slot[init_fd::out] = out_p[1];
    f.slot[init_fd::err] = err_p[1];
    f.slot[init_fd::spec] = spec_p[0];
    f.slot[init_fd::status] = status_p[1];
    f.slot[init_fd::run_dir] = run_fd;
    f.slot[init_fd::proxy_sock] = sock[1];
    f.exe = exe;
    // v1: the child moves itself into the cgroup (cheap); v2: we attach it below.
    std::vector<std::string> self_attach = run.cgroup->self_attach_files();
    if (self_attach.size() > sizeof f.cgroup_self / sizeof f.cgroup_self[0] - 1) self_attach.clear();
    for (size_t i = 0; i < self_attach.size(); ++i) {
      f.cgroup_self[i] = fds.add(::open(self_attach[i].c_str(), O_WRONLY | O_CLOEXEC));
      if (f.cgroup_self[i] < 0) setup_error("open " + self_attach[i]);
    }
    int exec_watch[2] = {-1, -1};
    if (hooks.host_memory_released) make_pipe(fds, exec_watch);
    f.exec_watch = exec_watch[1];
    phase_done("pipes, descriptors");
    run.init = clone_init(f, run.ids.id(0));
    phase_done("clone + exec init");
    for (int fd : {null_fd, out_p[1], err_p[1], spec_p[0], status_p[1], run_fd, exe, sock[1], exec_watch[1]})
      if (fd >= 0) fds.close(fd);
    for (int fd : f.cgroup_self)
      if (fd >= 0) fds.close(fd);

    // v2: the init builds the root while we move it into the run's cgroup
    // (the cgroup.procs write can wait for an RCU grace period); the program
    // is only started once the init has read 'C'. v1: it moved itself.
    write_id_maps(run.init.pid, run.ids.id(0), run.ids.id(1));
    phase_done("id maps");
    send_all(spec_p[1], "G" + encode_spec(is) + std::string(1, '\0'), run.init.pidfd);
    if (exec_watch[0] >= 0) {
      await_eof(exec_watch[0]);  // 'G' lets the child exec the helper
      fds.close(exec_watch[0]);
      phase_done("init left the host's memory");
      hooks.host_memory_released();
    }
    if (self_attach.empty()) run.cgroup->attach(run.init.pid);
    phase_done("spec + cgroup attach");
    send_all(spec_p[1], "C", run.init.pidfd);
    // Sent once the root is built; none if the init failed (wait_ready says why).
    pollfd pf{spec_p[1], POLLIN, 0};
    bool handles = ::poll(&pf, 1, kSetupTimeoutMs) == 1 &&
                   receive_writable_handles(spec_p[1], run.writable);
    // The payload's write listener comes once it has started (a warm
    // shell's only on hand-off).
    bool payload_started = !warm_spec_fd || is.prestart;
    // Watched at once: until then the program's write-intent calls wait (a
    // bootstrap's would hold up its "waiting").
    if (handles && is.watch_writes && payload_started) watch_writes(run, spec_p[1]);
    if (warm_spec_fd)
      *warm_spec_fd = fds.release(spec_p[1]);
    else
      fds.close(spec_p[1]);

    run.status_rest = wait_ready(status_p[0], run.init.pidfd, {}, warm_spec_fd ? "waiting" : "ready");
    if (!handles) throw SandboxError("sandbox_setup", "the sandbox init sent no handles on /sandbox and /tmp");
    if (is.watch_writes && payload_started && !run.writes)
      throw SandboxError("sandbox_setup", "the sandbox init sent no write listener");
    phase_done("host: ready read");
    run.started = std::chrono::steady_clock::now();
    if (is.deps_network) {
      run.proxy_fd = receive_fd(sock[0]);
      if (run.proxy_fd < 0) setup_error("receive the proxy listener");
    }
    for (int fd : {out_p[0], err_p[0], status_p[0]}) set_nonblocking(fd);
    run.out_fd = fds.release(out_p[0]);
    run.err_fd = fds.release(err_p[0]);
    run.status_fd = fds.release(status_p[0]);
  }

  config::SandboxConfig cfg_;
  CgroupLayout layout_;
  IdSource ids_;  // host-wide leases of native.ids, two per run
  std::string init_path_;
  std::unique_ptr<RunStock> stock_;  // last: its thread uses the members above
};

}  // namespace

std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig& cfg, IdSource ids, size_t stock) {
  return std::make_unique<NativeBackend>(cfg, std::move(ids), stock);
}

std::unique_ptr<Backend> make_native_backend_with_stock(const config::SandboxConfig& cfg, size_t stock) {
  auto pool = std::make_shared<IdPool>(cfg.native.ids, config::kNativeIdsPerRun);
  return make_native_backend(cfg, [pool] { return pool->acquire(); }, stock);
}

std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig& cfg) {
  return make_native_backend_with_stock(cfg, 0);
}

}  // namespace mai::sandbox
