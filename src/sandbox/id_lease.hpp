// A host identity of its own for every run: ids leased from a configured
// range, exclusive on the whole host, for as long as the run exists.
//
// A lease is an exclusive flock on one file per id in a directory every
// service on the host shares (kIdLeaseDir), not in a state directory: two
// services with different state directories, or configs whose ranges overlap
// in any way, never hold the same id at once. The kernel lets go of a flock
// when its holder dies, SIGKILL included, so no lease outlives its process;
// but the run's processes may (a Docker container keeps running), so:
//
//   - a lock file exists only while its id is leased or abandoned; a clean
//     release removes it;
//   - a lock file nobody holds is an abandoned lease (its holder died, or
//     could not prove its run was gone). Its ids are taken again only once no
//     process on the host has them (ids_of_all_processes()); the stale-run
//     sweep reclaims them too (reclaim_abandoned_leases()).
//
// An IdLease is a plain RAII object: whoever builds a sandbox takes one and
// keeps it until the sandbox is destroyed (a pre-built, pooled sandbox holds
// its lease from creation on, not from a request).
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "config/sandbox_config.hpp"

namespace mai::sandbox {

constexpr const char* kIdLeaseDir = "/run/mai-sandbox/ids";

class IdLease {
 public:
  IdLease() = default;
  ~IdLease() { release(); }
  // Ids held without any lock, shared with whoever else uses them: only for
  // the benchmark that measures what a real lease costs a run.
  static IdLease unlocked_for_benchmarks(uint32_t first, uint32_t count) {
    IdLease l;
    l.first_ = first;
    l.count_ = count;
    return l;
  }
  IdLease(IdLease&& o) noexcept { *this = std::move(o); }
  IdLease& operator=(IdLease&& o) noexcept;
  IdLease(const IdLease&) = delete;
  IdLease& operator=(const IdLease&) = delete;

  bool held() const { return !fds_.empty(); }
  uint32_t first() const { return first_; }
  uint32_t count() const { return count_; }
  uint32_t id(uint32_t i) const { return first_ + i; }
  std::vector<uint32_t> ids() const;

  // The holder's word that nothing of its run is left: its processes reaped
  // and its cgroup removed (native), its containers removed (docker).
  void vacated() { vacated_ = true; }
  // Vacated, and no /proc entry belongs to one of the ids: the lock files are
  // removed and the ids are free. Otherwise they stay behind, abandoned, and
  // the next taker checks /proc first. Then the locks are let go. Idempotent.
  void release() noexcept;

 private:
  friend class IdPool;
  std::string dir_;
  uint32_t first_ = 0, count_ = 0;
  std::vector<int> fds_;  // one flock'ed file per id
  bool vacated_ = false;
};

class IdPool {
 public:
  // `range` in slots of `per_run` consecutive ids; lock files in `dir`
  // (created on first use; other directories only for tests).
  IdPool(const config::IdRange& range, uint32_t per_run, std::string dir = kIdLeaseDir);
  IdPool(const IdPool&) = delete;
  IdPool& operator=(const IdPool&) = delete;

  uint32_t slots() const { return slots_; }
  const config::IdRange& range() const { return range_; }
  uint32_t per_run() const { return per_run_; }

  // A free slot, searched from a cursor that moves on with every lease (so a
  // released slot is taken again as late as possible). Thread-safe. Throws
  // SandboxError "ids_exhausted" when every slot is held or abandoned with
  // processes still alive, "ids_unavailable" when the directory cannot be used.
  IdLease acquire();

 private:
  config::IdRange range_;
  uint32_t per_run_;
  uint32_t slots_;
  std::string dir_;
  std::atomic<uint32_t> cursor_;
};

// How many slots of a range are leased now, and how many abandoned (doctor).
struct LeaseCensus {
  uint32_t held = 0;
  uint32_t abandoned = 0;
};
LeaseCensus lease_census(const config::IdRange&, uint32_t per_run, const std::string& dir = kIdLeaseDir);

// The stale-run sweep's share: removes every abandoned lock file whose id no
// process has any more. Returns how many ids it freed.
size_t reclaim_abandoned_leases(const std::string& dir = kIdLeaseDir);

}  // namespace mai::sandbox
