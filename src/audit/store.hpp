// RocksDB storage of the log (see docs/audit-format.md, "Storage"):
//   column family   key                               value
//   default         "format", "head", "checkpoint"     metadata
//   records         seq (8 bytes big-endian)           the record's canonical bytes
//   by_request      request_id 0x00 seq                ""
//   by_time         timestamp_us (BE) seq              ""
//   by_type         type 0x00 seq                      ""
//   tree_heads      tree_size (BE) timestamp_us (BE)   the tree head's canonical bytes
//   default         "delivered" 0x00 origin            a worker spool's delivery mark (8 bytes BE)
// One process writes (RocksDB's LOCK); any number read, opened read-only.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "audit/record.hpp"

namespace rocksdb {
class DB;
class ColumnFamilyHandle;
class WriteBatch;
}  // namespace rocksdb

namespace mai::audit {

class DbSnapshot;

inline constexpr char kStoreFormat[] = "mai-audit/v1";

// The chain head: stored in the same write batch as the records it describes.
struct Head {
  uint64_t next_seq = 0;            // = tree size
  uint64_t first_seq = 0;           // > 0 once pruned
  std::string last_hash;            // raw leaf hash of record next_seq-1, zeros if none
  std::vector<std::string> frontier;  // raw compact range of [0, next_seq)
  int64_t last_timestamp_us = 0;
  std::string key_id;               // current signing key
  std::vector<std::string> key_ids;  // every key ever used, oldest first
  int64_t last_tree_head_us = 0;

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
    void put_record(const Record& r, const std::string& encoded);
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
    std::unique_ptr<rocksdb::WriteBatch> batch_;
  };
  void write(Batch& b, bool sync = true);

  // The delivery mark of a worker spool's origin id: 0 if never seen.
  uint64_t delivery_mark(const std::string& origin) const;

  std::optional<std::string> get_record(uint64_t seq) const;
  // Calls fn(storage key, bytes) in key order from `from`; fn returns false to stop.
  // Keys that are not 8 bytes are passed as they are (the verifier reports them).
  void scan_records(uint64_t from, const std::function<bool(std::string_view key, std::string_view value)>& fn) const;
  uint64_t count_records() const;  // an estimate, for progress bars
  std::vector<std::pair<std::string, std::string>> tree_heads() const;  // (key, value), in key order
  std::optional<TreeHead> latest_tree_head() const;
  std::vector<uint64_t> seqs_for_request(const std::string& request_id) const;
  std::vector<uint64_t> seqs_for_type(const std::string& type) const;
  std::vector<uint64_t> seqs_since(int64_t timestamp_us) const;

  // For tests that play the attacker, and for tools.
  rocksdb::DB* raw() const { return db_; }
  rocksdb::ColumnFamilyHandle* cf(const std::string& name) const;

 private:
  Store() = default;
  std::vector<uint64_t> prefix_seqs(rocksdb::ColumnFamilyHandle* cf, const std::string& prefix) const;

  std::string dir_;
  std::unique_ptr<DbSnapshot> snapshot_;  // readers: the copy they opened
  rocksdb::DB* db_ = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> handles_;
  rocksdb::ColumnFamilyHandle* meta_ = nullptr;
  rocksdb::ColumnFamilyHandle* records_ = nullptr;
  rocksdb::ColumnFamilyHandle* by_request_ = nullptr;
  rocksdb::ColumnFamilyHandle* by_time_ = nullptr;
  rocksdb::ColumnFamilyHandle* by_type_ = nullptr;
  rocksdb::ColumnFamilyHandle* tree_heads_ = nullptr;
};

// <state>/audit/log: where the database lives.
std::string db_dir_for(const std::string& state_dir);

}  // namespace mai::audit
