#include "audit/spool.hpp"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/write_batch.h>

#include <exception>
#include <utility>

#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/rocksdb_logger.hpp"
#include "common/utf8.hpp"
#include "audit/record.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"

namespace mai::audit {

namespace {

const char kEventPrefix = 'e';

std::string event_key(uint64_t seq) { return std::string(1, kEventPrefix) + be64(seq); }

Event decode_event(const std::string& dir, uint64_t seq, const rocksdb::Slice& v) {
  try {
    return decode_spooled_event(std::string_view(v.data(), v.size()));
  } catch (const AuditError& ex) {
    throw AuditError("the audit spool at " + dir + " holds a damaged event at seq " + std::to_string(seq) + ": " +
                     ex.what());
  }
}

uint64_t get_u64(rocksdb::DB* db, const std::string& dir, const std::string& key) {
  std::string v;
  auto st = db->Get(rocksdb::ReadOptions(), key, &v);
  if (st.IsNotFound()) return 0;
  if (!st.ok()) throw AuditError("cannot read the audit spool at " + dir + ": " + st.ToString());
  if (v.size() != 8) throw AuditError("the audit spool at " + dir + " is damaged (bad \"" + key + "\" entry)");
  return read_be64(v);
}

void write_synced(rocksdb::DB* db, const std::string& dir, rocksdb::WriteBatch& b) {
  rocksdb::WriteOptions wo;
  wo.sync = true;
  auto st = db->Write(wo, &b);
  if (!st.ok()) throw AuditError("cannot write to the audit spool at " + dir + ": " + st.ToString());
}

}  // namespace

struct Spool::Pending {
  const std::vector<Event>* events = nullptr;
  std::vector<std::string> encoded;
  std::vector<uint64_t> seqs;
  bool done = false;
  std::exception_ptr error;
};

std::string encode_spooled_event(const Event& e) {
  if (e.type.empty()) throw AuditError("spool: audit event without a type");
  if (!is_valid_utf8(e.type) || !is_valid_utf8(e.request_id))
    throw AuditError("spool: audit event type or request id is not valid UTF-8");
  const json& data = e.data.is_null() ? json::object() : e.data;
  if (!data.is_object()) throw AuditError("spool: audit event data must be a JSON object");
  try {
    return json{{"type", e.type}, {"request_id", e.request_id}, {"data", data}}.dump();
  } catch (const std::exception& ex) {
    throw AuditError(std::string("spool: audit event ") + e.type + " cannot be encoded: " + ex.what());
  }
}

Event decode_spooled_event(std::string_view bytes) {
  try {
    json j = json::parse(bytes.begin(), bytes.end());
    Event e{j.at("type").get<std::string>(), j.at("request_id").get<std::string>(), j.at("data")};
    if (e.type.empty() || !e.data.is_object()) throw AuditError("not an event (no type, or data not an object)");
    return e;
  } catch (const AuditError&) {
    throw;
  } catch (const std::exception& ex) {
    throw AuditError(ex.what());
  }
}

std::unique_ptr<Spool> Spool::open(const std::string& dir) {
  if (dir.empty()) throw AuditError("no directory for the audit spool");
  std::unique_ptr<Spool> s(new Spool());
  s->dir_ = dir;
  bool exists = path_exists(dir + "/CURRENT");
  if (!exists) {
    try {
      make_dirs(dir, 0700);
    } catch (const std::exception& e) {
      throw AuditError("cannot create the audit spool directory " + dir + ": " + e.what());
    }
  }
  rocksdb::Options options;
  options.create_if_missing = !exists;
  options.paranoid_checks = true;
  options.keep_log_file_num = 3;
  options.max_manifest_file_size = 16 << 20;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  options.info_log = info_log_in(dir);
  options.max_background_jobs = 2;
  auto st = rocksdb::DB::Open(options, dir, &s->db_);
  if (!st.ok()) {
    s->db_ = nullptr;
    std::string m = st.ToString();
    if (m.find("lock") != std::string::npos || m.find("LOCK") != std::string::npos ||
        m.find("Resource temporarily unavailable") != std::string::npos)
      throw AuditError("the audit spool at " + dir + " is held by another process (another worker using the same "
                       "state directory?): " + m);
    if (st.IsCorruption()) throw AuditError("the audit spool at " + dir + " is corrupt: " + m);
    if (st.IsInvalidArgument())
      throw AuditError(dir + " is a RocksDB database but not a mai-sandbox audit spool: " + m);
    throw AuditError("cannot open the audit spool at " + dir + ": " + m);
  }
  std::string format;
  st = s->db_->Get(rocksdb::ReadOptions(), "format", &format);
  if (st.IsNotFound()) {
    if (exists) throw AuditError(dir + " is a RocksDB database but not a mai-sandbox audit spool (no format marker)");
    rocksdb::WriteBatch b;
    b.Put("format", kSpoolFormat);
    b.Put("origin", random_hex(16));
    b.Put("last", be64(0));
    b.Put("acked", be64(0));
    write_synced(s->db_, dir, b);
  } else if (!st.ok()) {
    throw AuditError("cannot read the audit spool at " + dir + ": " + st.ToString());
  } else if (format != kSpoolFormat) {
    throw AuditError(dir + " holds an audit spool of unknown format \"" + format + "\"");
  }
  st = s->db_->Get(rocksdb::ReadOptions(), "origin", &s->origin_);
  if (!st.ok() || s->origin_.empty())
    throw AuditError("the audit spool at " + dir + " has no origin id (damaged): " + st.ToString());
  s->last_ = get_u64(s->db_, dir, "last");
  s->acked_ = get_u64(s->db_, dir, "acked");
  if (s->acked_ > s->last_)
    throw AuditError("the audit spool at " + dir + " is damaged: acknowledged " + std::to_string(s->acked_) +
                     " is beyond the last seq " + std::to_string(s->last_));
  return s;
}

Spool::~Spool() {
  if (db_) {
    db_->Close();
    delete db_;
  }
}

std::vector<uint64_t> Spool::append(const std::vector<Event>& events) {
  if (events.empty()) return {};
  Pending p;
  p.events = &events;
  for (const auto& e : events) p.encoded.push_back(encode_spooled_event(e));  // throws before anything is queued
  group_.submit(p, [this](std::vector<Pending*>& batch) { commit(batch); });
  return p.seqs;
}

void Spool::commit(std::vector<Pending*>& batch) {
  std::lock_guard<std::mutex> lk(mu_);
  uint64_t next = last_;
  rocksdb::WriteBatch b;
  for (auto* p : batch)
    for (const auto& enc : p->encoded) {
      ++next;
      b.Put(event_key(next), enc);
      p->seqs.push_back(next);
    }
  b.Put("last", be64(next));
  try {
    write_synced(db_, dir_, b);
  } catch (...) {
    for (auto* p : batch) p->seqs.clear();
    throw;
  }
  last_ = next;
}

std::vector<SpooledEvent> Spool::pending(size_t max) const {
  std::vector<SpooledEvent> out;
  if (max == 0) return out;
  uint64_t from;
  {
    std::lock_guard<std::mutex> lk(mu_);
    from = acked_ + 1;
  }
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions()));
  for (it->Seek(event_key(from)); it->Valid() && out.size() < max; it->Next()) {
    auto k = it->key();
    if (k.size() != 9 || k[0] != kEventPrefix) break;
    uint64_t seq = read_be64(std::string_view(k.data() + 1, 8));
    out.push_back(SpooledEvent{seq, decode_event(dir_, seq, it->value())});
  }
  if (!it->status().ok()) throw AuditError("cannot read the audit spool at " + dir_ + ": " + it->status().ToString());
  return out;
}

void Spool::acknowledge(uint64_t up_to) {
  std::lock_guard<std::mutex> lk(mu_);
  if (up_to <= acked_) return;
  if (up_to > last_)
    throw AuditError("spool acknowledge " + std::to_string(up_to) + ": only " + std::to_string(last_) +
                     " events were ever spooled in " + dir_);
  rocksdb::WriteBatch b;
  // Point deletes, not DeleteRange: range tombstones slow down every later iterator.
  for (uint64_t seq = acked_ + 1; seq <= up_to; ++seq) b.Delete(event_key(seq));
  b.Put("acked", be64(up_to));
  write_synced(db_, dir_, b);
  acked_ = up_to;
}

uint64_t Spool::acknowledged() const {
  std::lock_guard<std::mutex> lk(mu_);
  return acked_;
}

uint64_t Spool::last_seq() const {
  std::lock_guard<std::mutex> lk(mu_);
  return last_;
}

std::string Spool::origin_id() const { return origin_; }

}  // namespace mai::audit
