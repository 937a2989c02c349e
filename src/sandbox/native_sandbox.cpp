#include "sandbox/native_sandbox.hpp"

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <sstream>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/output_pump.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_dir_reaper.hpp"

namespace mai::sandbox {

namespace {

using Clock = std::chrono::steady_clock;

uint64_t ms_between(Clock::time_point a, Clock::time_point b) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count());
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Appends what the status pipe holds; closes it on EOF.
void read_status(int& fd, std::string& buf) {
  char tmp[512];
  for (;;) {
    ssize_t n = ::read(fd, tmp, sizeof tmp);
    if (n > 0) {
      buf.append(tmp, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    close_fd(fd);
    return;
  }
}

// The payload's wait status from the helper's "exit N" line, if it sent one.
std::optional<int> exit_line(const std::string& status) {
  std::istringstream in(status);
  std::string word;
  while (in >> word)
    if (word == "exit") {
      int st = 0;
      if (in >> st && st >= 0) return st;
    }
  return std::nullopt;
}

}  // namespace

NativeSandbox::NativeSandbox(StartedRun run) : run_(std::move(run)), ids_(run_.ids.ids()) {}

NativeSandbox::~NativeSandbox() {
  cleanup();
  close_fd(run_.writable.sandbox);
  close_fd(run_.writable.tmp);
}

FileManifest NativeSandbox::collect_files() {
  // Only once every process of the run is gone (wait() ends with cleanup()):
  // nothing can change the files while they are read.
  wait();
  FileManifest m = collect_manifest(run_.writable.sandbox, run_.writable.tmp, run_.collect_tmp,
                                    run_.manifest, run_.baseline);
  close_fd(run_.writable.sandbox);
  close_fd(run_.writable.tmp);
  return m;
}

ProbeTarget NativeSandbox::probe_target() const {
  ProbeTarget t;
  t.cgroup_version = run_.cgroup->version();
  t.cgroup_dirs = run_.cgroup->dirs();
  t.init_pid = run_.init.pid;
  std::string root = "/proc/" + std::to_string(run_.init.pid) + "/root";
  t.disk_paths = {root + "/sandbox", root + "/tmp", root + "/dev/shm"};
  t.disk_cap_bytes = run_.limits.tmpfs_bytes;
  return t;
}

void NativeSandbox::kill_tree() {
  if (run_.init.pidfd >= 0) ::syscall(SYS_pidfd_send_signal, run_.init.pidfd, SIGKILL, nullptr, 0);
  for (pid_t p : run_.cgroup->procs())
    if (p > 1) ::kill(p, SIGKILL);
}

void NativeSandbox::kill() {
  std::lock_guard<std::mutex> lock(mu_);
  if (cleaned_) return;
  kill_requested_ = true;
  kill_tree();
}

RawOutcome NativeSandbox::wait() {
  if (outcome_) return *outcome_;
  RawOutcome r;
  r.limits = run_.limits;
  StreamCapture out(run_.out_fd, run_.limits.output_bytes, run_.flood_bytes);
  StreamCapture err(run_.err_fd, run_.limits.output_bytes, run_.flood_bytes);
  run_.out_fd = run_.err_fd = -1;  // owned by the captures now
  std::string status = run_.status_rest;
  const auto deadline = run_.started + std::chrono::milliseconds(run_.limits.timeout_ms);
  std::optional<Clock::time_point> killed_at, init_exit;
  uint32_t pids_seen = 0;  // fallback for kernels without pids.peak
  Clock::time_point last_sample{};

  auto kill_now = [&] {
    std::lock_guard<std::mutex> lock(mu_);
    kill_tree();
    if (!killed_at) killed_at = Clock::now();
  };

  while (out.open() || err.open() || !init_exit) {
    pollfd fds[4];
    int n = 0;
    int i_out = -1, i_err = -1, i_status = -1, i_pid = -1;
    if (out.open()) fds[i_out = n++] = {out.fd(), POLLIN, 0};
    if (err.open()) fds[i_err = n++] = {err.fd(), POLLIN, 0};
    if (run_.status_fd >= 0) fds[i_status = n++] = {run_.status_fd, POLLIN, 0};
    if (!init_exit) fds[i_pid = n++] = {run_.init.pidfd, POLLIN, 0};

    auto now = Clock::now();
    int wait_ms = 100;  // also the pids sampling period
    if (!r.timed_out && now < deadline)
      wait_ms = static_cast<int>(std::min<uint64_t>(100, ms_between(now, deadline) + 1));
    int rc = ::poll(fds, static_cast<nfds_t>(n), wait_ms);
    if (rc < 0 && errno != EINTR) break;

    if (i_out >= 0 && fds[i_out].revents) out.pump();
    if (i_err >= 0 && fds[i_err].revents) err.pump();
    if (i_status >= 0 && fds[i_status].revents) read_status(run_.status_fd, status);
    if (i_pid >= 0 && fds[i_pid].revents) {
      int st = 0;
      pid_t w = ::waitpid(run_.init.pid, &st, WNOHANG);
      if (w == run_.init.pid || (w < 0 && errno == ECHILD)) init_exit = Clock::now();
    }

    now = Clock::now();
    if (now - last_sample >= std::chrono::milliseconds(100)) {
      pids_seen = std::max(pids_seen, run_.cgroup->stats().pids);
      last_sample = now;
    }
    if ((out.flooded() || err.flooded()) && !r.output_flood) {
      r.output_flood = true;
      kill_now();
    }
    if (!r.timed_out && !init_exit && now >= deadline) {
      r.timed_out = true;
      kill_now();
    }
    // Once everything is dead the pipes close; never wait long for that.
    if (killed_at && now - *killed_at > std::chrono::seconds(5)) break;
  }
  if (run_.status_fd >= 0) read_status(run_.status_fd, status);
  phase_done("program (wait)");

  auto end = init_exit.value_or(Clock::now());
  r.wall_ms = ms_between(run_.started, end);
  CgroupStats s = run_.cgroup->stats();
  r.cpu_ms = s.cpu_usage_us / 1000;
  r.peak_memory_bytes = s.peak_memory_bytes;
  r.max_pids = std::max(s.peak_pids, pids_seen);
  r.oom_killed = s.oom_kills > 0;
  r.pids_limit_hit = s.pids_max_events > 0;

  if (auto st = exit_line(status)) {
    if (WIFEXITED(*st)) {
      r.exited = true;
      r.exit_status = WEXITSTATUS(*st);
    } else if (WIFSIGNALED(*st)) {
      r.signal = WTERMSIG(*st);
    }
  } else {
    // The init died before reporting: it was killed, which kills the program too.
    r.signal = SIGKILL;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    r.killed = kill_requested_ || (!r.timed_out && !r.output_flood && !exit_line(status));
  }
  r.stdout_truncated = out.truncated();
  r.stderr_truncated = err.truncated();
  r.stdout_data = out.take();
  r.stderr_data = err.take();
  phase_done("final statistics");
  cleanup();
  // Every process of the run is gone: no call can still be on its way.
  if (run_.writes) {
    r.refused_writes = run_.writes->finish();
  } else {
    r.refused_writes.note = "not counted: config native.refused_writes is off";
  }
  outcome_ = r;
  return r;
}

void NativeSandbox::cleanup() {
  std::lock_guard<std::mutex> lock(mu_);
  if (cleaned_) return;
  cleaned_ = true;
  kill_tree();
  if (run_.init.pid > 0) {
    int st;
    while (::waitpid(run_.init.pid, &st, 0) < 0 && errno == EINTR) {
    }
  }
  phase_done("kill + reap");
  close_fd(run_.init.pidfd);
  close_fd(run_.out_fd);
  close_fd(run_.err_fd);
  close_fd(run_.status_fd);
  close_fd(run_.proxy_fd);
  // The init is reaped (so its pid namespace is empty) and the cgroup gone:
  // no process of the run's ids is left, and they may go to another run.
  if (run_.cgroup->destroy()) run_.ids.vacated();
  phase_done("cgroup destroy");
  if (run_.defer_dir_removal) {
    RunDirReaper::instance().remove_later(std::move(run_.ids), std::move(run_.dir));
    phase_done("host ids and scratch handed to the reaper");
    return;
  }
  run_.ids.release();
  phase_done("host ids release");
  run_.dir->remove();
  phase_done("scratch removal");
}

}  // namespace mai::sandbox
