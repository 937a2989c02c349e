// RocksDB storage of the log (see docs/audit-format.md, "Storage"). One
// column family; the first bytes of a key say what it is:
//   key                                         value
//   "meta/format"                               "mai-audit/v2"
//   "meta/head"                                 the chain head (Head below)
//   "meta/checkpoint"                           the pruning checkpoint
//   "meta/delivered" 0x00 origin                a worker spool's delivery mark (8 bytes BE)
//   "rec/" seq(BE8)                             the record's canonical bytes
//   "req/" request_id 0x00 seq(BE8)             ""  (index by request)
//   "type/" type 0x00 seq(BE8)                  ""  (index by type)
//   "sth/" tree_size(BE8) timestamp_us(BE8)     the tree head's canonical bytes
// One family, not one per kind: every open of the database by a short-lived
// writer flushes what the last one wrote, one table file per family. No
// index by time: timestamps never decrease along seqs, so a time is found by
// binary search over the records.
// One process writes (RocksDB's LOCK); readers open a snapshot (snapshot.hpp).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "audit/record.hpp"

namespace rocksdb {
class DB;
class WriteBatch;
}  // namespace rocksdb

namespace mai::audit {

class DbSnapshot;

inline constexpr char kStoreFormat[] = "mai-audit/v2";

// The keys of the store, for the store itself, the verifier, and the tests
// and tools that play the attacker.
namespace store_keys {
inline constexpr std::string_view kMeta = "meta/", kRecord = "rec/", kByRequest = "req/", kByType = "type/",
                                  kTreeHead = "sth/";
std::string meta(std::string_view name);  // "format", "head", "checkpoint"
std::string delivery(std::string_view origin);
std::string record(uint64_t seq);
std::string by_request(std::string_view request_id, uint64_t seq);
std::string by_type(std::string_view type, uint64_t seq);
std::string tree_head(uint64_t tree_size, int64_t timestamp_us);
// The index keys of a record: by_type, and by_request unless its request id is empty.
std::vector<std::string> index_keys(const Record& r);
}  // namespace store_keys

// The chain head: stored in the same write batch as the records it describes.
struct Head {
  uint64_t next_seq = 0;            // = tree size
  uint64_t first_seq = 0;           // > 0 once pruned
  std::string last_hash;            // raw record hash of record next_seq-1, zeros if none
  std::vector<std::string> frontier;  // raw compact range of [0, next_seq)
  int64_t last_timestamp_us = 0;
  std::string key_id;               // current signing key
  std::vector<std::string> key_ids;  // every key ever used, oldest first
  int64_t last_tree_head_us = 0;    // timestamp of the newest tree head
  uint64_t tree_heads = 0;          // tree heads signed so far (pruned ones included)
  std::string tree_head_hash;       // raw tree-head hash of the newest, zeros if none

  std::string encode() const;
  static Head decode(std::string_view bytes);  // throws AuditError
};

class Store {
 public:
  // write: creates the database if missing (atomically: any number of
  // processes may try at once) and waits up to lock_wait_ms while another
  // process holds it. read_only: the database must exist; what is read is a
  // consistent snapshot of it (audit/snapshot.hpp), whoever writes meanwhile.
  // read_damaged: a snapshot opened without paranoid checks, to read what a
  // damaged database still holds (the verifier names what is lost).
  enum class Mode { write, read_only, read_damaged };
  static std::unique_ptr<Store> open(const std::string& db_dir, Mode mode, uint64_t lock_wait_ms);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& dir() const { return dir_; }
  std::optional<Head> head() const;
  std::optional<Checkpoint> checkpoint() const;

  // One atomic, synced write.
  class Batch {
   public:
    explicit Batch(const Store& store);
    ~Batch();
    void put_record(const Record& r, std::string encoded);
    void put_tree_head(const TreeHead& t);
    void put_head(const Head& h);
    void put_checkpoint(const Checkpoint& c);
    // Log::append_delivered(): origin's high-water mark, with the records.
    void put_delivery_mark(const std::string& origin, uint64_t up_to);
    // Records [from, below) with their index entries, and tree heads of smaller trees.
    void delete_records(uint64_t from, uint64_t below);
    size_t count() const;

   private:
    friend class Store;
    const Store& store_;
    std::unique_ptr<rocksdb::WriteBatch> batch_;  // deletions, then the puts in key order
    std::vector<std::pair<std::string, std::string>> puts_;
    void put(std::string key, std::string value);
  };
  // sync = false: written (and seen by every later read; in the OS's page
  // cache, surviving kill -9) but durable only after a synced write or
  // sync_wal(), which may run while other threads use the store, or at the
  // latest when this writer closes.
  void write(Batch& b, bool sync = true);
  void sync_wal();
  // Writes through this Store so far (write() and the raw_ ones): unchanged
  // means nothing was written in between.
  uint64_t writes() const { return writes_.load(); }

  // The delivery mark of a worker spool's origin id: 0 if never seen.
  uint64_t delivery_mark(const std::string& origin) const;

  std::optional<std::string> get_record(uint64_t seq) const;
  // Calls fn(key without its prefix, value) for the keys starting with
  // `prefix`, in key order, from prefix+from; fn returns false to stop.
  // Throws AuditError when the database cannot be read (the keys passed so
  // far were read intact).
  void scan(std::string_view prefix, std::string_view from,
            const std::function<bool(std::string_view key, std::string_view value)>& fn) const;
  // scan() of the records from seq `from`: fn(8-byte seq, bytes). Keys that
  // are not 8 bytes are passed as they are (the verifier reports them).
  void scan_records(uint64_t from, const std::function<bool(std::string_view key, std::string_view value)>& fn) const;
  // The first key >= `from` (nullopt at the end): what lies outside the known prefixes.
  std::optional<std::string> first_key_from(std::string_view from) const;
  uint64_t count_records() const;  // an estimate, for progress bars
  std::vector<std::pair<std::string, std::string>> tree_heads() const;  // (key without prefix, value), in key order
  std::optional<TreeHead> latest_tree_head() const;
  std::vector<uint64_t> seqs_for_request(const std::string& request_id) const;
  std::vector<uint64_t> seqs_for_type(const std::string& type) const;
  // The seqs of the records at or after a time, by binary search (timestamps never decrease).
  std::vector<uint64_t> seqs_since(int64_t timestamp_us) const;
  // RocksDB's own check of every block of every table file, and of each
  // whole file (checksums). Empty when intact, else what is wrong.
  std::string verify_checksums() const;
  // The first record's key in the table file named in a RocksDB error
  // message ("... 000123.sst ..."), else the file's smallest key, if there is
  // such a live file.
  std::optional<std::string> first_key_of_file_in(const std::string& message) const;

  // For tests and tools that play the attacker: raw keys (store_keys), no checks, synced.
  void raw_put(std::string_view key, std::string_view value);
  void raw_delete(std::string_view key);
  void raw_delete_range(std::string_view from, std::string_view below);

 private:
  Store() = default;
  std::vector<uint64_t> index_seqs(std::string_view kind, const std::string& name) const;
  std::optional<std::string> get(const std::string& key, const char* what) const;
  void flush_if_many_wals();

  std::string dir_;
  bool writer_ = false;
  // Writes so far, and how many of them a completed sync covers: the writer
  // syncs the difference before it lets go.
  std::atomic<uint64_t> writes_{0};
  std::atomic<uint64_t> synced_{0};
  void covered(uint64_t writes);
  std::unique_ptr<DbSnapshot> snapshot_;  // readers: the copy they opened
  rocksdb::DB* db_ = nullptr;
};

// <state>/audit/log: where the database lives.
std::string db_dir_for(const std::string& state_dir);

}  // namespace mai::audit
