#include "sandbox/docker/docker_probe.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/docker/containers.hpp"

namespace mai::sandbox {

namespace {

class DockerProbe final : public Probe {
 public:
  explicit DockerProbe(const ProbeTarget& t) : target_(t) {
    if (!t.cgroup_dirs.empty()) cgroup_ = open_cgroup(t.cgroup_version, t.cgroup_dirs);
  }

  ProbeReading read() override { return reading_of(read_cgroup(), fullest_mount_bytes(target_.disk_paths)); }

  void kill_all() override {
    docker::Client c(target_.docker_socket);
    try {
      c.negotiate();
    } catch (...) {
    }
    docker::kill_container(c, target_.docker_container);
  }

 private:
  // The container's own cgroup, as native reads its run's. The directory
  // goes with the container: then the last reading stands.
  CgroupStats read_cgroup() {
    if (!cgroup_) return {};
    try {
      CgroupStats now = cgroup_->stats();
      now.oom_kills = std::max(seen_.oom_kills, now.oom_kills);
      now.pids_max_events = std::max(seen_.pids_max_events, now.pids_max_events);
      seen_ = now;
    } catch (...) {
    }
    return seen_;
  }

  ProbeTarget target_;
  std::unique_ptr<Cgroup> cgroup_;
  CgroupStats seen_;
};

}  // namespace

std::unique_ptr<Probe> make_docker_probe(const ProbeTarget& t) { return std::make_unique<DockerProbe>(t); }

}  // namespace mai::sandbox
