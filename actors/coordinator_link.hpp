// coordinator_link: a worker's connection to its coordinator (`mai-sandbox
// worker`). It connects (tunnel, then CAF over it), joins with the worker's
// capacity and executor, hands the audit spool the coordinator to deliver
// to, closes the runs an earlier incarnation left behind, and heartbeats.
// On any loss it reconnects with exponential backoff; a coordinator that
// refuses the worker's identity (errc::unauthenticated) ends it for good.
// Spawn it detached: connecting blocks (for at most the connect timeout).
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "actors/protocol.hpp"
#include "transport/tunnel_client.hpp"

namespace mai::actors {

struct CoordinatorLinkSettings {
  transport::TunnelClientSettings tunnel;  // where the coordinator is, and how to reach it
  std::string coordinator;                 // its HOST:PORT, for the log
  WorkerInfo info;
  executor_actor remote;     // what the coordinator is given to run jobs on
  audit_spool_actor spool;   // attached to each new connection
  // Runs of an earlier incarnation whose sandboxes were removed: once joined
  // (and the spool, which holds their starts, delivered) the coordinator
  // closes them in its log.
  std::vector<std::string> stale_runs;
  std::chrono::milliseconds heartbeat_every{750};
  std::chrono::milliseconds max_backoff{30000};
  std::function<void(const std::string&)> log;  // a line for the operator
  // Set to the worker's exit status when the link gives up for good: 2 when
  // the coordinator refused this worker, 125 when the link itself failed.
  std::shared_ptr<std::atomic<int>> ended;
};

struct coordinator_link_state {
  std::unique_ptr<transport::TunnelClient> tunnel;
  front_door_actor door;
  std::chrono::milliseconds backoff{100};
  std::vector<std::string> stale_runs;
  static inline const char* name = "coordinator_link";
};

caf::behavior coordinator_link(caf::stateful_actor<coordinator_link_state>* self,
                               CoordinatorLinkSettings settings);

}  // namespace mai::actors
