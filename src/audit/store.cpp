#include "audit/store.hpp"
#include "audit/log_holder.hpp"

#include "audit/options_file_sync.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <rocksdb/db.h>
#include <rocksdb/file_checksum.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_reader.h>
#include <rocksdb/write_batch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <random>
#include <thread>

#include "audit/canonical_decoder.hpp"
#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/rocksdb_logger.hpp"
#include "audit/snapshot.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"

namespace mai::audit {

namespace store_keys {

namespace {
std::string cat(std::string_view a, std::string_view b) {
  std::string out;
  out.reserve(a.size() + b.size() + 9);
  out.append(a).append(b);
  return out;
}
}  // namespace

std::string meta(std::string_view name) { return cat(kMeta, name); }
std::string delivery(std::string_view origin) { return cat(kMeta, "delivered") + '\0' + std::string(origin); }
std::string record(uint64_t seq) { return cat(kRecord, be64(seq)); }
std::string by_request(std::string_view id, uint64_t seq) { return cat(kByRequest, id) + '\0' + be64(seq); }
std::string by_type(std::string_view type, uint64_t seq) { return cat(kByType, type) + '\0' + be64(seq); }
std::string tree_head(uint64_t size, int64_t ts) { return cat(kTreeHead, be64(size)) + be64(static_cast<uint64_t>(ts)); }

std::vector<std::string> index_keys(const Record& r) {
  std::vector<std::string> out{by_type(r.type, r.seq)};
  if (!r.request_id.empty()) out.push_back(by_request(r.request_id, r.seq));
  return out;
}

}  // namespace store_keys

namespace {

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

// Options for a small log that short-lived processes open and close all the
// time (bench/audit measures it): table files are opened by the reads that
// need them, on this thread, without reading their statistics.
rocksdb::Options db_options() {
  rocksdb::Options options;
  options.paranoid_checks = true;
  options.keep_log_file_num = 3;
  options.max_manifest_file_size = 16 << 20;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  options.max_background_jobs = 2;
  options.max_file_opening_threads = 1;
  options.skip_stats_update_on_db_open = true;
  options.skip_checking_sst_file_sizes_on_db_open = true;
  options.stats_dump_period_sec = 0;
  options.stats_persist_period_sec = 0;
  // A whole-file checksum of every table file, kept in the MANIFEST: a
  // flipped bit anywhere in a file, even where no block checksum looks, shows.
  options.file_checksum_gen_factory = rocksdb::GetFileChecksumGenCrc32cFactory();
  // A WAL whose last write was cut short (a crash; for a reader, the write
  // in progress) is fine; damage before its end is an error, never a silent
  // loss of acknowledged records (RocksDB's default would drop the rest).
  options.wal_recovery_mode = rocksdb::WALRecoveryMode::kTolerateCorruptedTailRecords;
  // Opening replays the synced WALs into the memtable and keeps them, instead
  // of writing them into a new table file (file, fsync, MANIFEST edit) and
  // soon a compaction that the next close waits for: what a short-lived
  // writer paid most of its open and close for. Durability is unchanged
  // (every acknowledged write is in a synced WAL until a flush has put it in
  // a synced table file); the WALs a reopen replays are bounded by
  // flush_if_many_wals() at close.
  options.avoid_flush_during_recovery = true;
  // Every open starts a new WAL, which RocksDB would preallocate at 1.1x the
  // write buffer (70 MiB): its first fdatasync then commits that allocation,
  // 16 ms on this VM's disk for a run that writes six small records. Without
  // it each sync commits the file's new size, as it does anyway (the size is
  // kept outside the preallocated extent). Durability is unchanged.
  options.allow_fallocate = false;
  // Its OPTIONS file, written at every open, is not synced (options_file_sync.hpp).
  options.env = log_env();
  return options;
}

// The WALs kept by avoid_flush_during_recovery are replayed by every open:
// past this much, the closing writer flushes them into a table file first.
constexpr uint64_t kMaxKeptWalBytes = 4 << 20;
constexpr size_t kMaxKeptWals = 32;

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

void remove_quietly(const std::string& dir) {
  try {
    remove_tree(dir);
  } catch (const std::exception&) {
  }
}

// A new database is made whole (with its format marker) in a private
// directory next to db_dir and renamed into place, so that any number of
// processes creating it at once, and every reader, see either no database or
// a complete one, never one half made. The loser of the race throws its copy
// away and uses the winner's.
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
    options.error_if_exists = true;
    options.info_log = info_log_in(tmp);
    rocksdb::DB* db = nullptr;
    auto st = rocksdb::DB::Open(options, tmp, &db);
    if (!st.ok()) {
      remove_quietly(tmp);
      throw AuditError("cannot create the audit log at " + db_dir + ": " + st.ToString());
    }
    rocksdb::WriteOptions wo;
    wo.sync = true;
    st = db->Put(wo, store_keys::meta("format"), kStoreFormat);
    auto closed = db->Close();
    delete db;
    if (!st.ok() || !closed.ok()) {
      remove_quietly(tmp);
      throw AuditError("cannot initialise the audit log: " + (st.ok() ? closed : st).ToString());
    }
  }
  ::chmod(tmp.c_str(), 0700);
  if (::rename(tmp.c_str(), db_dir.c_str()) != 0) {
    int err = errno;
    remove_quietly(tmp);
    // Another process made it first: use theirs.
    if (err != EEXIST && err != ENOTEMPTY)
      throw AuditError("cannot create the audit log at " + db_dir + ": rename failed: " + std::strerror(err));
  }
  sync_directory(parent);
}

std::string prefix_end(std::string_view prefix) {
  std::string end(prefix);
  end.back() = static_cast<char>(end.back() + 1);  // prefixes end in '/'
  return end;
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
         {"last_tree_head_us", last_tree_head_us},
         {"tree_heads", tree_heads},
         {"tree_head_hash", to_hex(tree_head_hash)}};
  return canonical_json(j);
}

Head Head::decode(std::string_view bytes) {
  auto raw32 = [](const json& v, const char* what) {
    auto raw = from_hex(v.get<std::string>());
    if (!raw || raw->size() != 32) throw AuditError(std::string("bad ") + what);
    return *raw;
  };
  try {
    json j = parse_canonical(bytes);
    if (j.at("v").get<int64_t>() != kFormatVersion) throw AuditError("unknown head version");
    Head h;
    h.next_seq = j.at("next_seq").get<uint64_t>();
    h.first_seq = j.at("first_seq").get<uint64_t>();
    h.last_hash = raw32(j.at("last_hash"), "last_hash");
    for (const auto& f : j.at("frontier")) h.frontier.push_back(raw32(f, "frontier"));
    h.last_timestamp_us = j.at("last_timestamp_us").get<int64_t>();
    h.key_id = j.at("key_id").get<std::string>();
    h.key_ids = j.at("key_ids").get<std::vector<std::string>>();
    h.last_tree_head_us = j.at("last_tree_head_us").get<int64_t>();
    h.tree_heads = j.at("tree_heads").get<uint64_t>();
    h.tree_head_hash = raw32(j.at("tree_head_hash"), "tree_head_hash");
    if (h.first_seq > h.next_seq) throw AuditError("first_seq beyond next_seq");
    return h;
  } catch (const std::exception& e) {
    throw AuditError(std::string("the audit log's head record is damaged: ") + e.what());
  }
}

std::unique_ptr<Store> Store::open(const std::string& db_dir, Mode mode, uint64_t lock_wait_ms) {
  std::unique_ptr<Store> s(new Store());
  s->dir_ = db_dir;
  const bool writer = mode == Mode::write;
  if (!path_exists(db_dir + "/CURRENT")) {
    if (!writer) throw AuditError("no audit log at " + db_dir + " (nothing has been recorded yet)");
    create_atomically(db_dir);
  }
  rocksdb::Options options = db_options();
  if (mode == Mode::read_damaged) {
    // Whatever can still be read: damaged table files fail when read, not at open.
    options.paranoid_checks = false;
    options.wal_recovery_mode = rocksdb::WALRecoveryMode::kPointInTimeRecovery;
    options.max_open_files = 64;
  }
  // Readers open their own consistent snapshot of the files (audit/snapshot.hpp).
  std::string open_dir = db_dir;
  if (!writer) {
    s->snapshot_ = DbSnapshot::take(db_dir);
    open_dir = s->snapshot_->dir();
  }

  options.info_log = info_log_in(open_dir);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(writer ? lock_wait_ms : 0);
  std::minstd_rand rng(static_cast<unsigned>(::getpid()));
  for (;;) {
    rocksdb::Status st = writer ? rocksdb::DB::Open(options, open_dir, &s->db_)
                                : rocksdb::DB::OpenForReadOnly(options, open_dir, &s->db_, false);
    if (st.ok()) {
      s->writer_ = writer;
      break;
    }
    s->db_ = nullptr;
    bool retry = writer && is_lock_error(st);
    // A service holds it for its whole life: waiting would only end in failure.
    if (retry)
      if (auto service = held_open_by(db_dir))
        throw AuditError("the audit log at " + db_dir + " is held open by a running service (" + *service +
                         "); send the code to it (mai-sandbox submit), or give this command another --state");
    if (!retry || std::chrono::steady_clock::now() >= deadline) {
      if (retry)
        throw AuditError("the audit log at " + db_dir + " is held by another process; waited " +
                         std::to_string(lock_wait_ms) + " ms (audit.yaml lock_wait): " + st.ToString());
      if (st.IsInvalidArgument() && st.ToString().find("Column families not opened") != std::string::npos)
        throw LogFormatError(db_dir + " holds an audit log of an earlier format (mai-audit/v1, one column family per "
                                  "kind), which this version does not read; move it away to start a new log "
                                  "(an export of it verifies with the tools/verify_export.py of its version)");
      if (st.IsCorruption())
        throw AuditError("the audit log at " + db_dir + " is corrupt: " + st.ToString());
      throw AuditError("cannot open the audit log at " + db_dir + ": " + st.ToString());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5 + rng() % 20));
  }

  // Every log is created with its marker (create_atomically), so a database
  // without one is not a log.
  std::optional<std::string> format;
  try {
    format = s->get(store_keys::meta("format"), "the format marker");
  } catch (const AuditError&) {
    if (mode != Mode::read_damaged) throw;
    return s;  // the verifier names what else is lost
  }
  if (!format) throw AuditError(db_dir + " is a RocksDB database but not a mai-sandbox audit log (no format marker)");
  if (*format != kStoreFormat) throw AuditError(db_dir + " holds an audit log of unknown format \"" + *format + "\"");
  return s;
}

// A writer's close: when the kept WALs have grown past their bound, one
// flush (synced table file, MANIFEST) lets RocksDB delete them, so one close
// in many pays for it and every open replays little.
void Store::flush_if_many_wals() {
  // The directory's *.log files are the live WALs (RocksDB deletes obsolete
  // ones; our LOG files have no such suffix): counted without reading them.
  uint64_t bytes = 0;
  size_t count = 0;
  if (DIR* d = ::opendir(dir_.c_str())) {
    while (dirent* e = ::readdir(d)) {
      std::string_view name(e->d_name);
      if (name.size() < 5 || name.substr(name.size() - 4) != ".log") continue;
      struct stat st {};
      if (::fstatat(::dirfd(d), e->d_name, &st, 0) == 0) bytes += static_cast<uint64_t>(st.st_size);
      ++count;
    }
    ::closedir(d);
  }
  if (count <= kMaxKeptWals && bytes <= kMaxKeptWalBytes) return;
  rocksdb::FlushOptions fo;
  fo.wait = true;
  db_->Flush(fo);  // a failure leaves the WALs, which stay valid
}

Store::~Store() {
  if (db_) {
    // What was written unsynced reaches the disk before the writer lets go
    // (a failure leaves it in the OS's page cache, as kill -9 would).
    if (writes_.load() > synced_.load()) {
      try {
        sync_wal();
      } catch (const std::exception&) {
      }
    }
    if (writer_) flush_if_many_wals();
    db_->Close();
    delete db_;
  }
  snapshot_.reset();  // after the database is closed
}

std::optional<std::string> Store::get(const std::string& key, const char* what) const {
  std::string v;
  auto st = db_->Get(rocksdb::ReadOptions(), key, &v);
  if (st.IsNotFound()) return std::nullopt;
  if (!st.ok()) throw AuditError(std::string("cannot read ") + what + " of the audit log: " + st.ToString());
  return v;
}

std::optional<Head> Store::head() const {
  auto v = get(store_keys::meta("head"), "the head");
  if (!v) return std::nullopt;
  return Head::decode(*v);
}

std::optional<Checkpoint> Store::checkpoint() const {
  auto v = get(store_keys::meta("checkpoint"), "the pruning checkpoint");
  if (!v) return std::nullopt;
  try {
    return Checkpoint::decode(*v);
  } catch (const AuditError& e) {
    throw AuditError(std::string("the pruning checkpoint is damaged: ") + e.what());
  }
}

Store::Batch::Batch(const Store& store) : store_(store), batch_(new rocksdb::WriteBatch()) {}
Store::Batch::~Batch() = default;
size_t Store::Batch::count() const { return static_cast<size_t>(batch_->Count()) + puts_.size(); }

// Puts go into the write in key order: RocksDB's memtable inserts a key
// next to the one before it cheaply, and a batch of records then fills a few
// contiguous runs (records, index entries) instead of jumping between them.
void Store::Batch::put(std::string key, std::string value) { puts_.emplace_back(std::move(key), std::move(value)); }

void Store::Batch::put_record(const Record& r, std::string encoded) {
  put(store_keys::record(r.seq), std::move(encoded));
  for (auto& k : store_keys::index_keys(r)) put(std::move(k), "");
}

void Store::Batch::put_tree_head(const TreeHead& t) { put(store_keys::tree_head(t.tree_size, t.timestamp_us), t.encode()); }

void Store::Batch::put_head(const Head& h) { put(store_keys::meta("head"), h.encode()); }

void Store::Batch::put_checkpoint(const Checkpoint& c) { put(store_keys::meta("checkpoint"), c.encode()); }

void Store::Batch::put_delivery_mark(const std::string& origin, uint64_t up_to) {
  put(store_keys::delivery(origin), be64(up_to));
}

uint64_t Store::delivery_mark(const std::string& origin) const {
  auto v = get(store_keys::delivery(origin), "a delivery mark");
  if (!v) return 0;
  if (v->size() != 8) throw AuditError("the delivery mark of " + origin + " is damaged");
  return read_be64(*v);
}

void Store::Batch::delete_records(uint64_t from, uint64_t below) {
  for (uint64_t seq = from; seq < below; ++seq) {
    auto bytes = store_.get_record(seq);
    if (!bytes) continue;
    batch_->Delete(store_keys::record(seq));
    try {
      for (const auto& k : store_keys::index_keys(Record::decode(*bytes))) batch_->Delete(k);
    } catch (const AuditError&) {
      // A damaged record's index entries cannot be found; they point nowhere.
    }
  }
  batch_->DeleteRange(store_keys::tree_head(0, 0), store_keys::tree_head(below, 0));
}

void Store::write(Batch& b, bool sync) {
  // Stable: of two puts of one key, the later wins, as it would unsorted.
  std::stable_sort(b.puts_.begin(), b.puts_.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  if (b.batch_->Count() == 0) {
    // Sized once: a group commit's records would grow it by doubling, a copy each time.
    size_t bytes = 12;  // the batch's header
    for (const auto& [k, v] : b.puts_) bytes += k.size() + v.size() + 11;  // tag, two varint lengths
    b.batch_ = std::make_unique<rocksdb::WriteBatch>(bytes);
  }
  for (const auto& [k, v] : b.puts_) b.batch_->Put(k, v);
  b.puts_.clear();
  rocksdb::WriteOptions wo;
  wo.sync = sync;
  auto st = db_->Write(wo, b.batch_.get());
  if (!st.ok()) throw AuditError("cannot write to the audit log: " + st.ToString());
  // Writes come one at a time (the group commit's leader); a synced one
  // covers itself and every write before it.
  uint64_t n = ++writes_;
  if (sync) covered(n);
}

void Store::covered(uint64_t writes) {
  uint64_t s = synced_.load();
  while (s < writes && !synced_.compare_exchange_weak(s, writes)) {
  }
}

// An empty synced write rather than DB::SyncWAL(): the write path syncs the
// WAL in turn with the other writes and, after one failed, refuses; SyncWAL()
// would sync the WAL file a failed write left behind, which RocksDB asserts
// against (and Debian's build keeps its assertions).
void Store::sync_wal() {
  uint64_t before = writes_.load();  // every write counted is in the WAL already
  rocksdb::WriteBatch empty;
  rocksdb::WriteOptions wo;
  wo.sync = true;
  auto st = db_->Write(wo, &empty);
  if (!st.ok()) throw AuditError("cannot sync the audit log's write-ahead log: " + st.ToString());
  covered(before);
}

std::optional<std::string> Store::get_record(uint64_t seq) const {
  std::string v;
  auto st = db_->Get(rocksdb::ReadOptions(), store_keys::record(seq), &v);
  if (st.IsNotFound()) return std::nullopt;
  if (!st.ok()) throw AuditError("cannot read record " + std::to_string(seq) + ": " + st.ToString());
  return v;
}

void Store::scan(std::string_view prefix, std::string_view from,
                 const std::function<bool(std::string_view, std::string_view)>& fn) const {
  rocksdb::ReadOptions ro;
  ro.verify_checksums = true;
  ro.readahead_size = 2 << 20;
  const std::string end = prefix_end(prefix);
  rocksdb::Slice upper(end);
  ro.iterate_upper_bound = &upper;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro));
  for (it->Seek(std::string(prefix) + std::string(from)); it->Valid(); it->Next()) {
    auto k = it->key();
    auto v = it->value();
    if (!fn(std::string_view(k.data() + prefix.size(), k.size() - prefix.size()), std::string_view(v.data(), v.size())))
      return;
  }
  if (!it->status().ok()) throw AuditError(it->status().ToString());
}

void Store::scan_records(uint64_t from, const std::function<bool(std::string_view, std::string_view)>& fn) const {
  try {
    scan(store_keys::kRecord, be64(from), fn);
  } catch (const AuditError& e) {
    throw AuditError(std::string("cannot read the audit log's records: ") + e.what());
  }
}

std::optional<std::string> Store::first_key_from(std::string_view from) const {
  rocksdb::ReadOptions ro;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro));
  it->Seek(rocksdb::Slice(from.data(), from.size()));
  if (!it->status().ok()) throw AuditError(it->status().ToString());
  if (!it->Valid()) return std::nullopt;
  return it->key().ToString();
}

uint64_t Store::count_records() const {
  auto h = head();
  return h ? h->next_seq - h->first_seq : 0;
}

std::vector<std::pair<std::string, std::string>> Store::tree_heads() const {
  std::vector<std::pair<std::string, std::string>> out;
  try {
    scan(store_keys::kTreeHead, "", [&](std::string_view k, std::string_view v) {
      out.emplace_back(std::string(k), std::string(v));
      return true;
    });
  } catch (const AuditError& e) {
    throw AuditError(std::string("cannot read the audit log's tree heads: ") + e.what());
  }
  return out;
}

std::optional<TreeHead> Store::latest_tree_head() const {
  rocksdb::ReadOptions ro;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(ro));
  it->SeekForPrev(prefix_end(store_keys::kTreeHead));
  if (!it->Valid() || !it->key().starts_with(rocksdb::Slice(store_keys::kTreeHead.data(), store_keys::kTreeHead.size())))
    return std::nullopt;
  try {
    return TreeHead::decode(std::string_view(it->value().data(), it->value().size()));
  } catch (const AuditError&) {
    return std::nullopt;
  }
}

std::vector<uint64_t> Store::index_seqs(std::string_view kind, const std::string& name) const {
  // Keys: kind, name, 0x00, seq (BE8).
  const std::string stem = name + '\0';
  std::vector<uint64_t> out;
  scan(kind, stem, [&](std::string_view k, std::string_view) {
    if (k.compare(0, stem.size(), stem) != 0) return false;
    if (k.size() == stem.size() + 8) out.push_back(read_be64(k.substr(stem.size())));
    return true;
  });
  return out;
}

std::vector<uint64_t> Store::seqs_for_request(const std::string& id) const {
  return index_seqs(store_keys::kByRequest, id);
}

std::vector<uint64_t> Store::seqs_for_type(const std::string& type) const {
  return index_seqs(store_keys::kByType, type);
}

std::vector<uint64_t> Store::seqs_since(int64_t ts) const {
  auto h = head();
  if (!h || h->next_seq == h->first_seq) return {};
  // The first record at or after ts: records whose timestamp cannot be read
  // count as later (verify names them).
  auto before = [&](uint64_t seq) {
    auto bytes = get_record(seq);
    if (!bytes) return false;
    try {
      return Record::decode(*bytes).timestamp_us < ts;
    } catch (const AuditError&) {
      return false;
    }
  };
  uint64_t lo = h->first_seq, hi = h->next_seq;
  while (lo < hi) {
    uint64_t mid = lo + (hi - lo) / 2;
    if (before(mid))
      lo = mid + 1;
    else
      hi = mid;
  }
  std::vector<uint64_t> out;
  for (uint64_t s = lo; s < h->next_seq; ++s) out.push_back(s);
  return out;
}

std::string Store::verify_checksums() const {
  auto st = db_->VerifyChecksum();
  if (st.ok()) st = db_->VerifyFileChecksums(rocksdb::ReadOptions());
  return st.ok() ? std::string() : st.ToString();
}

std::optional<std::string> Store::first_key_of_file_in(const std::string& message) const {
  // RocksDB names table files by their number: "/000123.sst".
  auto at = message.find(".sst");
  if (at == std::string::npos) return std::nullopt;
  size_t start = at;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(message[start - 1]))) --start;
  if (start == at) return std::nullopt;
  const uint64_t number = std::strtoull(message.c_str() + start, nullptr, 10);
  std::vector<rocksdb::LiveFileMetaData> files;
  db_->GetLiveFilesMetaData(&files);
  for (const auto& f : files) {
    auto slash = f.name.rfind('/');
    if (std::strtoull(f.name.c_str() + (slash == std::string::npos ? 0 : slash + 1), nullptr, 10) != number) continue;
    // The file's first record, read from the file itself (its damage may be
    // elsewhere); else its smallest key.
    rocksdb::SstFileReader reader(db_options());
    if (reader.Open(f.db_path + "/" + f.name.substr(slash == std::string::npos ? 0 : slash + 1)).ok()) {
      std::unique_ptr<rocksdb::Iterator> it(reader.NewIterator(rocksdb::ReadOptions()));
      it->Seek(rocksdb::Slice(store_keys::kRecord.data(), store_keys::kRecord.size()));
      if (it->Valid() && it->key().starts_with(rocksdb::Slice(store_keys::kRecord.data(), store_keys::kRecord.size())))
        return it->key().ToString();
    }
    return f.smallestkey;
  }
  return std::nullopt;
}

void Store::raw_put(std::string_view key, std::string_view value) {
  rocksdb::WriteOptions wo;
  wo.sync = true;
  auto st = db_->Put(wo, rocksdb::Slice(key.data(), key.size()), rocksdb::Slice(value.data(), value.size()));
  if (!st.ok()) throw AuditError(st.ToString());
  covered(++writes_);
}

void Store::raw_delete(std::string_view key) {
  rocksdb::WriteOptions wo;
  wo.sync = true;
  auto st = db_->Delete(wo, rocksdb::Slice(key.data(), key.size()));
  if (!st.ok()) throw AuditError(st.ToString());
  covered(++writes_);
}

void Store::raw_delete_range(std::string_view from, std::string_view below) {
  rocksdb::WriteOptions wo;
  wo.sync = true;
  auto st = db_->DeleteRange(wo, db_->DefaultColumnFamily(), rocksdb::Slice(from.data(), from.size()),
                             rocksdb::Slice(below.data(), below.size()));
  if (!st.ok()) throw AuditError(st.ToString());
  covered(++writes_);
}

}  // namespace mai::audit
