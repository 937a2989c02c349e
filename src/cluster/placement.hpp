// The coordinator's bookkeeping of workers and jobs (issue #9): which workers
// are there, how busy each is, where each job runs, the bounded queue of jobs
// waiting for a slot, and which workers went silent. Plain C++, no CAF and no
// I/O: the coordinator's actor owns one Placement and calls it from its
// handlers (it is not thread-safe); time is passed in, so tests need no sleeps.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/worker_info.hpp"
#include "model/enums.hpp"

namespace mai::cluster {

using Clock = std::chrono::steady_clock;
using time_point = Clock::time_point;

// A worker's offer (a model type: it travels in the join message).
using WorkerInfo = mai::WorkerInfo;

struct JobRef {
  std::string request_id;
  Backend backend = Backend::native;
};

class Placement {
 public:
  // queue_limit: jobs that may wait for a slot; heartbeat_timeout: silence
  // after which expire() declares a worker lost.
  explicit Placement(size_t queue_limit, std::chrono::milliseconds heartbeat_timeout);

  struct Lost {
    std::string worker_id;
    std::vector<std::string> running;  // request ids that were running there
  };

  // A new worker, or one rejoining (same id): replaces the old entry, active,
  // no running jobs, heartbeat = now; its placed_total is kept. Returns the
  // jobs the previous incarnation was still running (they are gone with it:
  // end them as worker_lost), empty for a new worker.
  Lost join(const WorkerInfo& info, time_point now);
  // Unknown or lost workers are ignored (a lost worker must join again).
  void heartbeat(const std::string& worker_id, time_point now);

  // The least-loaded active worker with a free slot that has the backend
  // (load = running/slots; ties -> fewer jobs placed so far, then id);
  // nullopt if none is free. Records the job as running there. Workers silent
  // for longer than heartbeat_timeout are not chosen (even before expire()).
  std::optional<std::string> place(const JobRef& job, time_point now);

  // no_capable_worker: there are active workers, but none has that backend.
  // With no active worker at all, jobs queue until one joins.
  enum class Admit { placed, queued, overloaded, no_capable_worker };
  // place(), else queue (FIFO, at most queue_limit jobs), else overloaded.
  // worker_out (may be null) gets the worker when placed.
  Admit admit(const JobRef& job, time_point now, std::string* worker_out);

  // The job ended on that worker (result, error or cancel). Unknown pairs are
  // ignored: a late result from a worker already declared lost.
  void finished(const std::string& worker_id, const std::string& request_id);

  // Queued jobs that can be placed now, in queue order (call after finished(),
  // join() or a lost worker): (job, worker) pairs, each recorded as running.
  // A job that cannot be placed yet keeps its place; later jobs of another
  // backend may pass it.
  std::vector<std::pair<JobRef, std::string>> drain_queue(time_point now);
  // Removes a queued job (its client gave up); false if it was not queued.
  bool cancel_queued(const std::string& request_id);

  // Active workers silent for longer than heartbeat_timeout: marked lost,
  // their running jobs returned (and no longer counted anywhere).
  std::vector<Lost> expire(time_point now);
  // The worker's connection went down: the same as expire() for it, at once.
  // Unknown or already lost: an empty Lost.
  Lost leave(const std::string& worker_id);

  struct WorkerStatus {
    WorkerInfo info;
    bool active = false;
    uint32_t running = 0;
    uint64_t placed_total = 0;
    std::chrono::milliseconds since_heartbeat{0};
  };
  // Every worker ever seen (lost ones too), by id.
  std::vector<WorkerStatus> workers(time_point now) const;
  size_t queued() const { return queue_.size(); }
  // Where a job runs, if it does.
  std::optional<std::string> worker_of(const std::string& request_id) const;
  // The last 20 lost-worker events, oldest first, human readable with the
  // UTC wall-clock time, e.g.
  // "2026-11-21T22:41:07Z worker w2 (host-b) lost: no heartbeat for 3012 ms; 2 running jobs".
  std::vector<std::string> recent_failures() const;

  static constexpr size_t kRecentFailures = 20;

 private:
  struct Worker {
    WorkerInfo info;
    bool active = true;
    time_point last_heartbeat;
    std::vector<std::string> running;  // request ids, in placement order
    uint64_t placed_total = 0;
  };
  bool has_backend(const Worker& w, Backend b) const;
  bool alive(const Worker& w, time_point now) const;
  Lost mark_lost(Worker& w, const std::string& why, time_point now);
  void record_failure(const std::string& text, time_point now);

  size_t queue_limit_;
  std::chrono::milliseconds heartbeat_timeout_;
  std::map<std::string, Worker> workers_;      // by id
  std::map<std::string, std::string> where_;   // request id -> worker id
  std::deque<JobRef> queue_;
  std::deque<std::string> failures_;
};

std::string to_string(Placement::Admit a);

}  // namespace mai::cluster
