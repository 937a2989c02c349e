#include "cluster/placement.hpp"

#include <time.h>

#include <algorithm>
#include <tuple>

namespace mai::cluster {

namespace {

constexpr size_t kBackendCount = 2;  // Backend::native, Backend::docker

// The UTC wall-clock time of a steady-clock instant, ISO 8601 to the second.
std::string wall_time(time_point t) {
  auto wall = std::chrono::system_clock::now() -
              std::chrono::duration_cast<std::chrono::system_clock::duration>(Clock::now() - t);
  std::time_t secs = std::chrono::system_clock::to_time_t(wall);
  struct tm tm {};
  ::gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::chrono::milliseconds since(time_point then, time_point now) {
  if (now <= then) return std::chrono::milliseconds(0);
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - then);
}

}  // namespace

std::string to_string(Placement::Admit a) {
  switch (a) {
    case Placement::Admit::placed: return "placed";
    case Placement::Admit::queued: return "queued";
    case Placement::Admit::overloaded: return "overloaded";
    case Placement::Admit::no_capable_worker: return "no_capable_worker";
  }
  return "unknown";
}

Placement::Placement(size_t queue_limit, std::chrono::milliseconds heartbeat_timeout)
    : queue_limit_(queue_limit), heartbeat_timeout_(heartbeat_timeout) {}

bool Placement::has_backend(const Worker& w, Backend b) const {
  return std::find(w.info.backends.begin(), w.info.backends.end(), b) != w.info.backends.end();
}

bool Placement::alive(const Worker& w, time_point now) const {
  return w.active && since(w.last_heartbeat, now) <= heartbeat_timeout_;
}

void Placement::record_failure(const std::string& text, time_point now) {
  failures_.push_back(wall_time(now) + " " + text);
  while (failures_.size() > kRecentFailures) failures_.pop_front();
}

Placement::Lost Placement::mark_lost(Worker& w, const std::string& why, time_point now) {
  Lost lost{w.info.id, std::move(w.running)};
  w.running.clear();
  w.active = false;
  for (const auto& r : lost.running) where_.erase(r);
  std::string who = "worker " + w.info.id + (w.info.name.empty() ? "" : " (" + w.info.name + ")");
  record_failure(who + " lost: " + why + "; " + std::to_string(lost.running.size()) + " running job" +
                     (lost.running.size() == 1 ? "" : "s"),
                 now);
  return lost;
}

Placement::Lost Placement::join(const WorkerInfo& info, time_point now) {
  Lost previous{info.id, {}};
  auto it = workers_.find(info.id);
  uint64_t placed = 0;
  if (it != workers_.end()) {
    placed = it->second.placed_total;
    if (!it->second.running.empty()) previous = mark_lost(it->second, "rejoined while it had jobs running", now);
  }
  Worker& w = workers_[info.id];
  w.info = info;
  w.active = true;
  w.last_heartbeat = now;
  w.running.clear();
  w.placed_total = placed;
  return previous;
}

void Placement::heartbeat(const std::string& worker_id, time_point now) {
  auto it = workers_.find(worker_id);
  if (it == workers_.end() || !it->second.active) return;
  it->second.last_heartbeat = std::max(it->second.last_heartbeat, now);
}

std::optional<std::string> Placement::place(const JobRef& job, time_point now) {
  if (auto it = where_.find(job.request_id); it != where_.end()) return it->second;  // already running
  Worker* best = nullptr;
  for (auto& [id, w] : workers_) {
    if (!alive(w, now) || !has_backend(w, job.backend) || w.running.size() >= w.info.slots) continue;
    if (!best) {
      best = &w;
      continue;
    }
    // load = running/slots, compared without division.
    uint64_t lw = static_cast<uint64_t>(w.running.size()) * best->info.slots;
    uint64_t lb = static_cast<uint64_t>(best->running.size()) * w.info.slots;
    if (std::tie(lw, w.placed_total, w.info.id) < std::tie(lb, best->placed_total, best->info.id)) best = &w;
  }
  if (!best) return std::nullopt;
  best->running.push_back(job.request_id);
  ++best->placed_total;
  where_[job.request_id] = best->info.id;
  return best->info.id;
}

Placement::Admit Placement::admit(const JobRef& job, time_point now, std::string* worker_out) {
  // With no active worker at all the job waits (workers may be on their way
  // back); with active workers none of which has the backend, it never could run.
  bool capable = false, any_active = false;
  for (const auto& [id, w] : workers_) {
    any_active = any_active || w.active;
    capable = capable || (w.active && has_backend(w, job.backend));
  }
  if (!capable && any_active) return Admit::no_capable_worker;
  if (auto w = place(job, now)) {
    if (worker_out) *worker_out = *w;
    return Admit::placed;
  }
  if (queue_.size() >= queue_limit_) return Admit::overloaded;
  queue_.push_back(job);
  return Admit::queued;
}

void Placement::finished(const std::string& worker_id, const std::string& request_id) {
  auto at = where_.find(request_id);
  if (at == where_.end() || at->second != worker_id) return;
  where_.erase(at);
  auto it = workers_.find(worker_id);
  if (it == workers_.end()) return;
  auto& r = it->second.running;
  r.erase(std::remove(r.begin(), r.end(), request_id), r.end());
}

std::vector<std::pair<JobRef, std::string>> Placement::drain_queue(time_point now) {
  std::vector<std::pair<JobRef, std::string>> out;
  // Placing only takes slots: once a backend found none free, no later job of
  // that backend will in this pass, and once every backend failed, nothing will.
  std::vector<Backend> full;
  for (auto it = queue_.begin(); it != queue_.end();) {
    if (std::find(full.begin(), full.end(), it->backend) != full.end()) {
      ++it;
      continue;
    }
    if (auto w = place(*it, now)) {
      out.emplace_back(std::move(*it), *w);
      it = queue_.erase(it);
    } else {
      full.push_back(it->backend);
      if (full.size() == kBackendCount) break;
      ++it;
    }
  }
  return out;
}

bool Placement::cancel_queued(const std::string& request_id) {
  auto it = std::find_if(queue_.begin(), queue_.end(), [&](const JobRef& j) { return j.request_id == request_id; });
  if (it == queue_.end()) return false;
  queue_.erase(it);
  return true;
}

std::vector<Placement::Lost> Placement::expire(time_point now) {
  std::vector<Lost> out;
  for (auto& [id, w] : workers_) {
    if (!w.active) continue;
    auto silent = since(w.last_heartbeat, now);
    if (silent <= heartbeat_timeout_) continue;
    out.push_back(mark_lost(w, "no heartbeat for " + std::to_string(silent.count()) + " ms", now));
  }
  return out;
}

Placement::Lost Placement::leave(const std::string& worker_id) {
  auto it = workers_.find(worker_id);
  if (it == workers_.end() || !it->second.active) return Lost{worker_id, {}};
  return mark_lost(it->second, "connection closed", Clock::now());
}

std::vector<Placement::WorkerStatus> Placement::workers(time_point now) const {
  std::vector<WorkerStatus> out;
  for (const auto& [id, w] : workers_)
    out.push_back(WorkerStatus{w.info, w.active, static_cast<uint32_t>(w.running.size()), w.placed_total,
                               since(w.last_heartbeat, now)});
  return out;
}

std::optional<std::string> Placement::worker_of(const std::string& request_id) const {
  auto it = where_.find(request_id);
  if (it == where_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> Placement::recent_failures() const { return {failures_.begin(), failures_.end()}; }

}  // namespace mai::cluster
