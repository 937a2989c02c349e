#include "audit/store.hpp"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/write_batch.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <random>
#include <thread>

#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/snapshot.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"

namespace mai::audit {

namespace {

const std::vector<std::string> kFamilies = {"default", "records", "by_request",
                                            "by_time", "by_type", "tree_heads"};

bool is_lock_error(const rocksdb::Status& s) {
  if (!s.IsIOError() && !s.IsBusy() && !s.IsTryAgain()) return false;
  std::string m = s.ToString();
  return m.find("lock") != std::string::npos || m.find("LOCK") != std::string::npos ||
         m.find("Resource temporarily unavailable") != std::string::npos;
}

std::vector<std::string> hex_list(const std::vector<std::string>& raw) {
  std::vector<std::string> out;
  for (const auto& h : raw) out.push_back(to_hex(h));
  return out;
}

}  // namespace

std::string db_dir_for(const std::string& state_dir) { return state_dir + "/audit/log"; }

std::string Head::encode() const {
  json j{{"v", kFormatVersion},
         {"next_seq", next_seq},
         {"first_seq", first_seq},
         {"last_hash", to_hex(last_hash)},
         {"frontier", hex_list(frontier)},
         {"last_timestamp_us", last_timestamp_us},
         {"key_id", key_id},
         {"key_ids", key_ids},
         {"last_tree_head_us", last_tree_head_us}};
  return canonical_json(j);
}

Head Head::decode(std::string_view bytes) {
  try {
    json j = parse_canonical(bytes);
    Head h;
    h.next_seq = j.at("next_seq").get<uint64_t>();
    h.first_seq = j.at("first_seq").get<uint64_t>();
    auto lh = from_hex(j.at("last_hash").get<std::string>());
    if (!lh || lh->size() != 32) throw AuditError("bad last_hash");
    h.last_hash = *lh;
    for (const auto& f : j.at("frontier")) {
      auto raw = from_hex(f.get<std::string>());
      if (!raw || raw->size() != 32) throw AuditError("bad frontier");
      h.frontier.push_back(*raw);
    }
    h.last_timestamp_us = j.at("last_timestamp_us").get<int64_t>();
    h.key_id = j.at("key_id").get<std::string>();
    h.key_ids = j.at("key_ids").get<std::vector<std::string>>();
    h.last_tree_head_us = j.at("last_tree_head_us").get<int64_t>();
    return h;
  } catch (const AuditError& e) {
    throw AuditError(std::string("the audit log's head record is damaged: ") + e.what());
  } catch (const std::exception& e) {
    throw AuditError(std::string("the audit log's head record is damaged: ") + e.what());
  }
}

namespace {

rocksdb::Options db_options() {
  rocksdb::Options options;
  options.paranoid_checks = true;
  options.keep_log_file_num = 3;
  options.max_manifest_file_size = 16 << 20;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  options.max_background_jobs = 2;
  return options;
}

std::vector<rocksdb::ColumnFamilyDescriptor> families(const rocksdb::Options& options) {
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
  for (const auto& n : kFamilies) cfs.emplace_back(n, rocksdb::ColumnFamilyOptions(options));
  return cfs;
}

std::string parent_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

void sync_directory(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// A new database is made whole (every column family and the format marker)
// in a private directory next to db_dir and renamed into place, so that any
// number of processes creating it at once, and every reader, see either no
// database or a complete one, never one half made. The loser of the race
// throws its copy away and uses the winner's.
void create_atomically(const std::string& db_dir) {
  const std::string parent = parent_of(db_dir);
  try {
    make_dirs(parent, 0700);
  } catch (const std::exception& e) {
    throw AuditError(std::string("cannot create the audit log directory: ") + e.what());
  }
  remove_abandoned_dirs(parent, db_dir.substr(parent.size() + 1) + ".creating.");
  const std::string tmp = db_dir + ".creating." + std::to_string(::getpid()) + "." + random_hex(8);
  {
    rocksdb::Options options = db_options();
    options.create_if_missing = true;
    options.create_missing_column_families = true;
    options.error_if_exists = true;
    std::vector<rocksdb::ColumnFamilyHandle*> handles;
    rocksdb::DB* db = nullptr;
    auto st = rocksdb::DB::Open(options, tmp, families(options), &handles, &db);
    if (!st.ok()) {
      try {
        remove_tree(tmp);
      } catch (const std::exception&) {
      }
      throw AuditError("cannot create the audit log at " + db_dir + ": " + st.ToString());
    }
    rocksdb::WriteOptions wo;
    wo.sync = true;
    st = db->Put(wo, handles[0], "format", kStoreFormat);
    for (auto* h : handles) db->DestroyColumnFamilyHandle(h);
    auto closed = db->Close();
    delete db;
    if (!st.ok() || !closed.ok()) {
      try {
        remove_tree(tmp);
      } catch (const std::exception&) {
      }
      throw AuditError("cannot initialise the audit log: " + (st.ok() ? closed : st).ToString());
    }
  }
  ::chmod(tmp.c_str(), 0700);
  if (::rename(tmp.c_str(), db_dir.c_str()) != 0) {
    int err = errno;
    try {
      remove_tree(tmp);
    } catch (const std::exception&) {
    }
    // Another process made it first: use theirs.
    if (err != EEXIST && err != ENOTEMPTY)
      throw AuditError("cannot create the audit log at " + db_dir + ": rename failed: " + std::strerror(err));
  }
  sync_directory(parent);
}

}  // namespace

std::unique_ptr<Store> Store::open(const std::string& db_dir, Mode mode, uint64_t lock_wait_ms) {
  std::unique_ptr<Store> s(new Store());
  s->dir_ = db_dir;
  const bool writer = mode == Mode::write;
  if (!path_exists(db_dir + "/CURRENT")) {
    if (!writer) throw AuditError("no audit log at " + db_dir + " (nothing has been recorded yet)");
    create_atomically(db_dir);
  }
  rocksdb::Options options = db_options();
  // A WAL whose last write was cut short (a crash; for a reader, the write
  // in progress) is fine; damage before its end is an error, never a silent
  // loss of acknowledged records (RocksDB's default would drop the rest).
  options.wal_recovery_mode = rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
  if (mode == Mode::read_damaged) {
    // Whatever can still be read: damaged table files fail when read, not at open.
    options.paranoid_checks = false;
    options.wal_recovery_mode = rocksdb::WALRecoveryMode::kPointInTimeRecovery;
    options.max_open_files = 64;
    options.skip_checking_sst_file_sizes_on_db_open = true;
    options.skip_stats_update_on_db_open = true;
  }
  const auto cfs = families(options);
  // Readers open their own consistent snapshot of the files (audit/snapshot.hpp).
  std::string open_dir = db_dir;
  if (!writer) {
    s->snapshot_ = DbSnapshot::take(db_dir);
    open_dir = s->snapshot_->dir();
  }

  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(writer ? lock_wait_ms : 0);
  std::minstd_rand rng(static_cast<unsigned>(::getpid()));
  for (;;) {
    rocksdb::Status st;
    if (writer)
      st = rocksdb::DB::Open(options, open_dir, cfs, &s->handles_, &s->db_);
    else
      st = rocksdb::DB::OpenForReadOnly(options, open_dir, cfs, &s->handles_, &s->db_, false);
    if (st.ok()) break;
    s->handles_.clear();
    s->db_ = nullptr;
    bool retry = writer && is_lock_error(st);
    if (!retry || std::chrono::steady_clock::now() >= deadline) {
      if (retry)
        throw AuditError("the audit log at " + db_dir + " is held by another process; waited " +
                         std::to_string(lock_wait_ms) + " ms (audit.yaml lock_wait): " + st.ToString());
      // Opened with our families and create_missing_column_families off.
      auto missing = st.ToString().find("Column family not found: ");
      if (st.IsInvalidArgument() && missing != std::string::npos)
        throw AuditError(db_dir + " is a RocksDB database but not a mai-sandbox audit log (no \"" +
                         st.ToString().substr(missing + 25) + "\" column family)");
      if (st.IsCorruption())
        throw AuditError("the audit log at " + db_dir + " is corrupt: " + st.ToString());
      throw AuditError("cannot open the audit log at " + db_dir + ": " + st.ToString());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5 + rng() % 20));
  }
  s->meta_ = s->handles_[0];
  s->records_ = s->handles_[1];
  s->by_request_ = s->handles_[2];
  s->by_time_ = s->handles_[3];
  s->by_type_ = s->handles_[4];
  s->tree_heads_ = s->handles_[5];

  std::string format;
  auto st = s->db_->Get(rocksdb::ReadOptions(), s->meta_, "format", &format);
  if (st.IsNotFound()) {
    if (!writer) throw AuditError(db_dir + " is not a mai-sandbox audit log (no format marker)");
    rocksdb::WriteOptions wo;
    wo.sync = true;
    st = s->db_->Put(wo, s->meta_, "format", kStoreFormat);
    if (!st.ok()) throw AuditError("cannot initialise the audit log: " + st.ToString());
  } else if (!st.ok()) {
    throw AuditError("cannot read the audit log at " + db_dir + ": " + st.ToString());
  } else if (format != kStoreFormat) {
    throw AuditError(db_dir + " holds an audit log of unknown format \"" + format + "\"");
  }
  return s;
}

Store::~Store() {
  if (db_) {
    for (auto* h : handles_) db_->DestroyColumnFamilyHandle(h);
    db_->Close();
    delete db_;
  }
  snapshot_.reset();  // after the database is closed
}

rocksdb::ColumnFamilyHandle* Store::cf(const std::string& name) const {
  for (size_t i = 0; i < kFamilies.size(); ++i)
    if (kFamilies[i] == name) return handles_[i];
  throw AuditError("no column family " + name);
}

std::optional<Head> Store::head() const {
  std::string v;
  auto st = db_->Get(rocksdb::ReadOptions(), meta_, "head", &v);
  if (st.IsNotFound()) return std::nullopt;
  if (!st.ok()) throw AuditError("cannot read the audit log head: " + st.ToString());
  return Head::decode(v);
}

std::optional<Checkpoint> Store::checkpoint() const {
  std::string v;
  auto st = db_->Get(rocksdb::ReadOptions(), meta_, "checkpoint", &v);
  if (st.IsNotFound()) return std::nullopt;
  if (!st.ok()) throw AuditError("cannot read the audit log checkpoint: " + st.ToString());
  try {
    return Checkpoint::decode(v);
  } catch (const AuditError& e) {
    throw AuditError(std::string("the pruning checkpoint is damaged: ") + e.what());
  }
}

Store::Batch::Batch(const Store& store) : store_(store), batch_(new rocksdb::WriteBatch()) {}
Store::Batch::~Batch() = default;
size_t Store::Batch::count() const { return static_cast<size_t>(batch_->Count()); }

void Store::Batch::put_record(const Record& r, const std::string& encoded) {
  std::string seq = be64(r.seq);
  batch_->Put(store_.records_, seq, encoded);
  if (!r.request_id.empty()) batch_->Put(store_.by_request_, r.request_id + std::string(1, '\0') + seq, "");
  batch_->Put(store_.by_time_, be64(static_cast<uint64_t>(r.timestamp_us)) + seq, "");
  batch_->Put(store_.by_type_, r.type + std::string(1, '\0') + seq, "");
}

void Store::Batch::put_tree_head(const TreeHead& t) {
  batch_->Put(store_.tree_heads_, be64(t.tree_size) + be64(static_cast<uint64_t>(t.timestamp_us)), t.encode());
}

void Store::Batch::put_head(const Head& h) { batch_->Put(store_.meta_, "head", h.encode()); }

void Store::Batch::put_checkpoint(const Checkpoint& c) { batch_->Put(store_.meta_, "checkpoint", c.encode()); }

namespace {
std::string delivery_key(const std::string& origin) { return std::string("delivered") + '\0' + origin; }
}  // namespace

void Store::Batch::put_delivery_mark(const std::string& origin, uint64_t up_to) {
  batch_->Put(store_.meta_, delivery_key(origin), be64(up_to));
}

uint64_t Store::delivery_mark(const std::string& origin) const {
  std::string v;
  auto st = db_->Get(rocksdb::ReadOptions(), meta_, delivery_key(origin), &v);
  if (st.IsNotFound()) return 0;
  if (!st.ok()) throw AuditError("cannot read the delivery mark of " + origin + ": " + st.ToString());
  if (v.size() != 8) throw AuditError("the delivery mark of " + origin + " is damaged");
  return read_be64(v);
}

void Store::Batch::delete_records(uint64_t from, uint64_t below) {
  for (uint64_t seq = from; seq < below; ++seq) {
    auto bytes = store_.get_record(seq);
    if (!bytes) continue;
    std::string k = be64(seq);
    batch_->Delete(store_.records_, k);
    try {
      Record r = Record::decode(*bytes);
      if (!r.request_id.empty()) batch_->Delete(store_.by_request_, r.request_id + std::string(1, '\0') + k);
      batch_->Delete(store_.by_time_, be64(static_cast<uint64_t>(r.timestamp_us)) + k);
      batch_->Delete(store_.by_type_, r.type + std::string(1, '\0') + k);
    } catch (const AuditError&) {
      // A damaged record's index entries cannot be found; they point nowhere.
    }
  }
  batch_->DeleteRange(store_.tree_heads_, be64(0), be64(below) + be64(0));
}

void Store::write(Batch& b, bool sync) {
  rocksdb::WriteOptions wo;
  wo.sync = sync;
  auto st = db_->Write(wo, b.batch_.get());
  if (!st.ok()) throw AuditError("cannot write to the audit log: " + st.ToString());
}

std::optional<std::string> Store::get_record(uint64_t seq) const {
  std::string v;
  auto st = db_->Get(rocksdb::ReadOptions(), records_, be64(seq), &v);
  if (st.IsNotFound()) return std::nullopt;
  if (!st.ok()) throw AuditError("cannot read record " + std::to_string(seq) + ": " + st.ToString());
  return v;
}

void Store::scan_records(uint64_t from,
                         const std::function<bool(std::string_view, std::string_view)>& fn) const {
  rocksdb::ReadOptions ro;
  ro.verify_checksums = true;
  ro.readahead_size = 2 << 20;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro, records_));
  for (it->Seek(be64(from)); it->Valid(); it->Next()) {
    auto k = it->key();
    auto v = it->value();
    if (!fn(std::string_view(k.data(), k.size()), std::string_view(v.data(), v.size()))) return;
  }
  if (!it->status().ok()) throw AuditError("cannot read the audit log: " + it->status().ToString());
}

uint64_t Store::count_records() const {
  auto h = head();
  if (h) return h->next_seq - h->first_seq;
  uint64_t n = 0;
  db_->GetIntProperty(records_, "rocksdb.estimate-num-keys", &n);
  return n;
}

std::vector<std::pair<std::string, std::string>> Store::tree_heads() const {
  std::vector<std::pair<std::string, std::string>> out;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions(), tree_heads_));
  for (it->SeekToFirst(); it->Valid(); it->Next()) out.emplace_back(it->key().ToString(), it->value().ToString());
  if (!it->status().ok()) throw AuditError("cannot read tree heads: " + it->status().ToString());
  return out;
}

std::optional<TreeHead> Store::latest_tree_head() const {
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions(), tree_heads_));
  it->SeekToLast();
  if (!it->Valid()) return std::nullopt;
  try {
    return TreeHead::decode(std::string_view(it->value().data(), it->value().size()));
  } catch (const AuditError&) {
    return std::nullopt;
  }
}

std::vector<uint64_t> Store::prefix_seqs(rocksdb::ColumnFamilyHandle* cf, const std::string& prefix) const {
  std::vector<uint64_t> out;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions(), cf));
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
    if (it->key().size() == prefix.size() + 8)
      out.push_back(read_be64(std::string_view(it->key().data() + prefix.size(), 8)));
  }
  return out;
}

std::vector<uint64_t> Store::seqs_for_request(const std::string& id) const {
  return prefix_seqs(by_request_, id + std::string(1, '\0'));
}

std::vector<uint64_t> Store::seqs_for_type(const std::string& type) const {
  return prefix_seqs(by_type_, type + std::string(1, '\0'));
}

std::vector<uint64_t> Store::seqs_since(int64_t ts) const {
  std::vector<uint64_t> out;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions(), by_time_));
  for (it->Seek(be64(static_cast<uint64_t>(ts < 0 ? 0 : ts))); it->Valid(); it->Next())
    if (it->key().size() == 16) out.push_back(read_be64(std::string_view(it->key().data() + 8, 8)));
  return out;
}

}  // namespace mai::audit
