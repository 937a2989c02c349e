// What the monitor samples while a run lives: cgroup usage and the fill level
// of the writable mounts (statfs through /proc/<init>/root); Docker runs
// from their container's own cgroup (docker/docker_probe.cpp).
#include <sys/statfs.h>

#include "common/clock.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/docker/docker_probe.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

// Each writable mount has its own cap: the usage of the fullest one.
uint64_t fullest_mount_bytes(const std::vector<std::string>& paths) {
  uint64_t most = 0;
  for (const auto& p : paths) {
    struct statfs fs {};
    if (::statfs(p.c_str(), &fs) != 0) continue;
    uint64_t used = static_cast<uint64_t>(fs.f_blocks - fs.f_bfree) * static_cast<uint64_t>(fs.f_bsize);
    most = std::max(most, used);
  }
  return most;
}

ProbeReading reading_of(const CgroupStats& st, uint64_t disk_bytes) {
  ProbeReading r;
  r.sample.time_us = now_unix_us();
  r.sample.memory_bytes = st.memory_bytes;
  r.sample.cpu_ms = st.cpu_usage_us / 1000;
  r.sample.pids = st.pids;
  r.sample.disk_bytes = disk_bytes;
  r.oom_killed = st.oom_kills > 0;
  r.pids_limit_hit = st.pids_max_events > 0;
  return r;
}

namespace {

class CgroupProbe final : public Probe {
 public:
  explicit CgroupProbe(ProbeTarget t)
      : target_(std::move(t)), cgroup_(open_cgroup(target_.cgroup_version, target_.cgroup_dirs)) {}

  ProbeReading read() override {
    return reading_of(cgroup_->stats(), fullest_mount_bytes(target_.disk_paths));
  }

  void kill_all() override { cgroup_->kill_all(); }

 private:
  ProbeTarget target_;
  std::unique_ptr<Cgroup> cgroup_;
};

}  // namespace

std::unique_ptr<Probe> make_probe(const ProbeTarget& t) {
  if (!t.docker_container.empty()) return make_docker_probe(t);
  return std::make_unique<CgroupProbe>(t);
}

}  // namespace mai::sandbox
