// The single writer of the audit log.
//
// Every append is one synced RocksDB WriteBatch holding the new records, their
// index entries and the new chain head (last seq, last hash, Merkle frontier),
// so what append() acknowledged survives kill -9 and power loss. Concurrent
// append() calls on one Log are group-committed: one thread writes everyone's
// events in one batch and one fsync. With hold_open, that fsync runs apart
// from the write (wal_sync.hpp): the next batch is chained, signed and
// written while this one is being synced; an append still returns only
// after its records are synced, and a failed write or sync fails every
// batch not yet synced and every later one until the log is opened again.
// An append whose events are all marked sync_with_next is written without
// waiting for a sync: it survives kill -9 of this process at once, and power
// loss from the next synced append on (the WAL is one sequential file; a
// sync covers everything written before it), or from the writer's letting
// go of the database, which syncs it first. Its sender does nothing outside
// the process before a synced event follows (a request's records before
// its execution.start, before its receipt).
//
// hold_open=false (short-lived `mai-sandbox run` processes): every call opens
// the database, waiting up to AuditConfig.lock_wait_ms while another process
// holds it, writes, and closes it again. hold_open=true (the service): the
// database stays open, and no other process can write meanwhile. In
// transient mode the database is kept open for AuditConfig.writer_linger_ms
// after the last call, so the events of one short request cost one open, not
// one per event; other processes wait at most that long for it.
//
// One file per concern: log.cpp (opening, tree heads, queries),
// log_commit.cpp (group commit, delivered events), writer_session (holding
// and idle-closing the database), log_key + log_rotation.cpp (the key and its
// rotation), log_pruning.cpp (retention), parent_diff (diffs against a
// parent submission), log_executions.cpp (abandoned executions), chain
// (sealing records and tree heads onto the chain head).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "audit/log_key.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/wal_sync.hpp"
#include "audit/worker_pool.hpp"
#include "audit/writer_session.hpp"
#include "common/group_commit.hpp"
#include "common/json.hpp"
#include "config/audit_config.hpp"
#include "model/receipt.hpp"

namespace mai::audit {

class Store;
struct Head;

struct Event {
  std::string type;        // one of event_types.hpp
  std::string request_id;  // "" for events outside a request
  mai::json data = mai::json::object();
  // Written at once, synced with the next synced append (see above).
  bool sync_with_next = false;
};

// What Log::append_delivered() did: the origin's high-water mark afterwards
// and the log seqs of the events newly appended (none for a pure redelivery).
// Where group commits spent their time since the log was opened (audit_bench
// prints it): wall time of each stage summed over batches, in nanoseconds.
struct CommitTimes {
  uint64_t batches = 0, records = 0;
  uint64_t prepare_ns = 0;  // checks and canonical encoding, in the appenders' threads (summed)
  uint64_t seal_ns = 0;     // reading the head, diffs, chaining
  uint64_t sign_ns = 0;     // signatures, on the pool
  uint64_t write_ns = 0;    // WriteBatch build and RocksDB write (synced when not apart)
  uint64_t sync_ns = 0;     // WAL sync apart from the write, waiting for the disk
};

struct DeliveryAck {
  uint64_t delivered_up_to = 0;
  std::vector<uint64_t> seqs;
};

// The signing key's path: AuditConfig.key_file, inside state_dir when relative.
std::string key_path(const std::string& state_dir, const config::AuditConfig& cfg);

class Log {
 public:
  // state_dir/audit/ holds the database (audit/log) and, by default, the key.
  // The key is loaded, or created (0600, directory 0700) when there is no log
  // yet. A new log starts with an audit.log_created record carrying the
  // public key. Throws AuditError with a clear message on any problem.
  static std::unique_ptr<Log> open(const std::string& state_dir, const config::AuditConfig& cfg,
                                   bool hold_open);
  ~Log();
  Log(const Log&) = delete;
  Log& operator=(const Log&) = delete;

  // Durable when it returns (unless every event is sync_with_next: then
  // written, and durable with the next synced append); the seqs of the
  // events, in order. Thread-safe.
  // A submission event whose data has "code" and "parent_request_id" (and
  // no "diff") gets "diff", the unified diff against the parent submission's
  // code, and "parent_code_sha256" (or "parent_found": false).
  std::vector<uint64_t> append(const std::vector<Event>& events);
  // Exactly-once delivery of a worker spool's events (audit/spool.hpp).
  // `events` are those of origin `origin` (a Spool::origin_id()) with spool
  // seqs first_spool_seq, first_spool_seq+1, ... Events at or below the
  // origin's recorded high-water mark are skipped (a redelivery after a lost
  // ack); a gap (first_spool_seq > mark+1) throws AuditError "spool gap:
  // expected N, got M" and appends nothing. The new mark is written in the
  // same synced WriteBatch as the records, so a crash neither loses nor
  // duplicates. Each appended record's data gets
  // "origin": {"node": origin, "spool_seq": n}; an event whose data already
  // has "origin" is refused (AuditError). Group-committed with append().
  DeliveryAck append_delivered(const std::string& origin, uint64_t first_spool_seq,
                               const std::vector<Event>& events);
  // The origin's high-water mark: 0 if never seen.
  uint64_t delivered_up_to(const std::string& origin);

  // A signed tree head over all records so far, and the receipt for
  // [seq_first, seq_last] (which must already be in the log).
  AuditReceipt sign_tree_head(uint64_t seq_first, uint64_t seq_last);
  // append() and sign_tree_head() in one write: the receipt covers exactly
  // these events. The cheapest way for a request to get its receipt.
  AuditReceipt append_and_sign(const std::vector<Event>& events);
  // For the actor's timer: signs a tree head when none was signed in the last
  // AuditConfig.tree_head_interval_ms, so a truncation is bounded in time even
  // while idle. Returns the new head, or nullopt when none was due.
  std::optional<TreeHead> sign_tree_head_if_due();

  // Key rotation: a new key, announced by an audit.key_rotated record signed
  // by the old key (and carrying the new key's signature, proof that its
  // holder took part). Returns the new key id.
  std::string rotate_key();

  // Retention: removes records [first retained, first_seq), leaving a signed
  // checkpoint from which the rest still verifies, and records an
  // audit.pruned event. Returns how many records were removed.
  uint64_t prune_before(uint64_t first_seq);
  // Removes records older than AuditConfig.retention_ms (0: keep forever).
  uint64_t prune_expired();

  // For the service at start-up: records execution.abandoned, with `reason`,
  // for every execution.start that has no end (a crashed earlier run), so the
  // log stays complete. Returns their request ids.
  std::vector<std::string> abandon_open_executions(const std::string& reason);
  // The same, but only for the starts whose data.run_id is in `run_ids`: a
  // short-lived process cleaning up after one crashed run must not close the
  // runs that other live processes still have open.
  std::vector<std::string> abandon_runs(const std::set<std::string>& run_ids,
                                        const std::string& reason);

  std::string key_id() const;
  PublicKey public_key() const;
  CommitTimes commit_times() const;
  uint64_t tree_size();  // records so far (including pruned ones)

  // The code of an earlier submission, for diffs (nullopt if not found).
  std::optional<std::string> submission_code(const std::string& request_id);

 private:
  Log(std::string state_dir, config::AuditConfig cfg, bool hold_open);
  struct Pending;
  // Every use of the database; refused once a write or sync failed.
  void with_store(const std::function<void(Store&)>& fn) {
    wal_.check();
    session_.with_store(fn);
  }
  // The head of an open log, with the held key made to match it.
  Head head_of(Store& store);
  // For a group commit: the head the previous one wrote when nothing was
  // written since (held open: no other process writes), else head_of();
  // keep_head() remembers the head a commit wrote. Under the session.
  Head take_head(Store& store);
  void keep_head(const Store& store, Head h);
  // Group commit (log_commit.cpp): every caller's events in one batch, synced
  // unless all of them are sync_with_next.
  std::vector<uint64_t> enqueue(const std::vector<Event>& events, bool want_receipt,
                                AuditReceipt* receipt, Pending* p = nullptr);
  void prepare(Pending& p);  // checks and encodes its events, in the caller's thread
  void commit(std::vector<Pending*>& batch);
  void sync_committed(std::vector<Pending*>& batch);  // the WAL sync apart from the write
  // log_executions.cpp
  std::vector<std::string> abandon_matching(const std::string& reason,
                                            const std::set<std::string>* run_ids);

  std::string state_dir_;
  config::AuditConfig cfg_;
  std::string db_dir_;
  LogKey key_;
  WriterSession session_;
  GroupCommit<Pending> group_;
  WorkerPool signers_;  // a group commit's signatures, in parallel
  const bool sync_apart_;  // hold_open: the WAL synced after the write (pipelined)
  // take_head(): the head the last group commit wrote (held open only), the
  // store it went to and that store's writes() right after.
  std::unique_ptr<Head> kept_head_;
  const Store* kept_store_ = nullptr;
  uint64_t kept_writes_ = 0;
  WalSync wal_;
  struct Timers {
    std::atomic<uint64_t> batches{0}, records{0}, prepare_ns{0}, seal_ns{0}, sign_ns{0}, write_ns{0}, sync_ns{0};
  } timers_;
};

}  // namespace mai::audit
