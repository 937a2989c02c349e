#include "sandbox/docker/docker_probe.hpp"

#include <algorithm>

#include "common/clock.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/docker/stats_stream.hpp"

namespace mai::sandbox {

namespace {

class DockerProbe final : public Probe {
 public:
  explicit DockerProbe(const ProbeTarget& t)
      : target_(t), stats_(t.docker_socket, t.docker_container) {}

  ResourceSample sample() override {
    ResourceSample s;
    s.time_us = now_unix_us();
    if (auto st = stats_.latest()) {
      s.memory_bytes = st->memory_bytes;
      s.cpu_ms = st->cpu_ms;
      s.pids = st->pids;
    }
    s.disk_bytes = fullest_mount_bytes(target_.disk_paths);
    return s;
  }

  // The stats stream carries neither OOM kills nor refused forks: those two
  // counters are read from the container's own cgroup, as native does.
  bool oom_killed() override { return events().oom_kills > 0; }
  bool pids_limit_hit() override { return events().pids_max_events > 0; }
  void kill_all() override {
    docker::Client c(target_.docker_socket);
    try {
      c.negotiate();
    } catch (...) {
    }
    docker::kill_container(c, target_.docker_container);
  }

 private:
  CgroupStats events() {
    if (target_.cgroup_dirs.empty()) return {};
    try {
      CgroupStats now = open_cgroup(target_.cgroup_version, target_.cgroup_dirs)->stats();
      // The directory goes with the container: keep what was seen before.
      seen_.oom_kills = std::max(seen_.oom_kills, now.oom_kills);
      seen_.pids_max_events = std::max(seen_.pids_max_events, now.pids_max_events);
    } catch (...) {
    }
    return seen_;
  }

  ProbeTarget target_;
  docker::StatsStream stats_;
  CgroupStats seen_;
};

}  // namespace

std::unique_ptr<Probe> make_docker_probe(const ProbeTarget& t) { return std::make_unique<DockerProbe>(t); }

}  // namespace mai::sandbox
