// A worker's durable, ordered queue of audit events (issue #9).
//
// A worker's run code appends its events here; a delivery loop forwards them,
// oldest first, to the coordinator's auditor (Log::append_delivered) and
// acknowledges what the auditor confirmed. While the coordinator is
// unreachable the events simply wait here, across restarts and kill -9.
//
// Storage: one RocksDB database in `dir` (default column family):
//   "format"          "mai-spool/v1"
//   "origin"          the spool's origin id (32 hex digits), made at creation
//   "last"            the last spool seq ever assigned (8 bytes big-endian)
//   "acked"           the acknowledged high-water mark (8 bytes big-endian)
//   "e" + seq (BE8)   one event: JSON {"type","request_id","data"}
// Every write is one synced WriteBatch, so "last" and the events it counts
// are never apart. Concurrent append() calls are group-committed: one batch,
// one fsync, seqs assigned in the order the calls joined the queue.
// One process at a time (RocksDB's LOCK).
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "common/group_commit.hpp"
#include "audit/log.hpp"

namespace rocksdb {
class DB;
}

namespace mai::audit {

inline constexpr char kSpoolFormat[] = "mai-spool/v1";

struct SpooledEvent {
  uint64_t spool_seq = 0;
  Event event;
};

class Spool {
 public:
  // Opens the spool in `dir`, creating it (and its origin id) when missing.
  // Throws AuditError with a clear message (held by another process, not a
  // spool, corrupt, cannot create the directory).
  static std::unique_ptr<Spool> open(const std::string& dir);
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  // Durable (synced) when it returns; the spool seqs of the events, consecutive,
  // starting at 1 for a new spool. Thread-safe. Throws AuditError for an event
  // without a type or with invalid UTF-8, and then spools none of `events`.
  std::vector<uint64_t> append(const std::vector<Event>& events);
  // Up to `max` events with seq > acknowledged(), oldest first.
  std::vector<SpooledEvent> pending(size_t max) const;
  // The events up to `up_to` were delivered: deleted, durably. Idempotent; a
  // smaller value than acknowledged() does nothing. Throws AuditError when
  // up_to > last_seq() (those events were never spooled here).
  void acknowledge(uint64_t up_to);

  uint64_t acknowledged() const;
  uint64_t last_seq() const;
  // Random hex id made with the spool and kept with it: names this spool's
  // event stream at the coordinator across worker restarts.
  std::string origin_id() const;
  const std::string& dir() const { return dir_; }

 private:
  Spool() = default;
  struct Pending;
  void commit(std::vector<Pending*>& batch);

  std::string dir_;
  rocksdb::DB* db_ = nullptr;
  std::string origin_;

  mutable std::mutex mu_;  // last_, acked_, and the writes
  uint64_t last_ = 0;
  uint64_t acked_ = 0;

  GroupCommit<Pending> group_;
};

// The bytes of one spooled event (JSON {"type","request_id","data"}), and
// back. Both throw AuditError, and nothing else, on anything they cannot take.
std::string encode_spooled_event(const Event& e);
Event decode_spooled_event(std::string_view bytes);

}  // namespace mai::audit
