// The node's supervisor: watches every actor of a node and keeps its health.
//
// contain() keeps one bad message from killing an actor, but an actor can
// still die (CAF's own errors, a bug outside a handler). Then the node cannot
// serve what that actor does: the supervisor notes it in NodeHealth, which
// `status` reports and the front door consults before taking a submission,
// and records service.fault in the audit log while the auditor lives.
#pragma once
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "actors/protocol.hpp"

namespace mai::actors {

class NodeHealth {
 public:
  void fail(std::string problem) {
    std::lock_guard<std::mutex> lock(m_);
    problems_.push_back(std::move(problem));
  }
  bool healthy() const {
    std::lock_guard<std::mutex> lock(m_);
    return problems_.empty();
  }
  std::vector<std::string> problems() const {
    std::lock_guard<std::mutex> lock(m_);
    return problems_;
  }

 private:
  mutable std::mutex m_;
  std::vector<std::string> problems_;
};

// Watches `actors` (name, address); an exit for any reason but a shutdown
// makes the node unhealthy and is recorded through `auditor` (if it lives).
caf::actor spawn_supervisor(caf::actor_system& sys, std::shared_ptr<NodeHealth> health,
                            std::vector<std::pair<std::string, caf::actor_addr>> actors,
                            auditor_actor auditor);

}  // namespace mai::actors
