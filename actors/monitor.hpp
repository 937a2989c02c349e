// monitor: samples every running sandbox at a fixed interval (memory, CPU,
// pids, disk), streams the samples to subscribers, and on a violation kills
// the whole tree and records why. Ticks only while something is watched, so
// an idle monitor holds nothing up at shutdown.
#pragma once
#include <chrono>
#include <functional>
#include <map>
#include <memory>

#include "actors/protocol.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::actors {

// Where the monitor gets a run's probe: sandbox::make_probe, or a test's own.
using ProbeFactory = std::function<std::unique_ptr<sandbox::Probe>(const ProbeTarget&)>;

struct WatchedRun {
  std::unique_ptr<sandbox::Probe> probe;
  Limits limits;
  caf::actor subscriber;
  MonitorVerdict verdict;
};

struct monitor_state {
  std::map<std::string, WatchedRun> runs;
  std::chrono::milliseconds interval{100};
  auditor_actor auditor;
  ProbeFactory probes;
  bool tick_scheduled = false;
  std::string stop_reason;  // set by drain: every run is killed as it is watched
  static inline const char* name = "monitor";
};

monitor_actor::behavior_type monitor(monitor_actor::stateful_pointer<monitor_state> self,
                                     std::chrono::milliseconds interval, auditor_actor auditor,
                                     ProbeFactory probes = sandbox::make_probe);

}  // namespace mai::actors
