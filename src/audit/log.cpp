#include "audit/log.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <map>
#include <utility>

#include "audit/canonical_json.hpp"
#include "audit/diff.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/merkle.hpp"
#include "audit/store.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "common/sha256.hpp"
#include "common/utf8.hpp"

namespace mai::audit {

struct Log::Pending {
  const std::vector<Event>* events = nullptr;
  bool want_receipt = false;
  // append_delivered(): the origin and the spool seq of events->front().
  const std::string* origin = nullptr;
  uint64_t first_spool_seq = 0;
  uint64_t delivered_up_to = 0;  // out: the origin's mark after the commit
  std::vector<uint64_t> seqs;
  AuditReceipt receipt;
  bool done = false;
  std::exception_ptr error;
};

std::string key_path(const std::string& state_dir, const config::AuditConfig& cfg) {
  if (!cfg.key_file.empty() && cfg.key_file[0] == '/') return cfg.key_file;
  return state_dir + "/" + cfg.key_file;
}

namespace {

std::string rotation_message(const std::string& old_id, const std::string& new_id) {
  return rotation_signing_input(old_id, new_id);
}

AuditReceipt receipt_of(const TreeHead& t, uint64_t first, uint64_t last) {
  AuditReceipt r;
  r.seq_first = first;
  r.seq_last = last;
  r.tree_size = t.tree_size;
  r.root_hash = to_hex(t.root_hash);
  r.signature = to_base64(t.sig);
  r.key_id = t.key_id;
  r.timestamp_us = t.timestamp_us;
  return r;
}

// A signed record at the head of the chain; advances `h`.
std::string seal(Record& r, Head& h, const SigningKey& key) {
  r.seq = h.next_seq;
  r.timestamp_us = std::max(now_unix_us(), h.last_timestamp_us);
  r.prev_hash = h.last_hash;
  r.key_id = key.key_id();
  std::string bytes = r.sign_and_encode([&key](const std::string& m) { return key.sign(m); });
  std::string leaf = merkle::leaf_hash(bytes);
  merkle::Frontier f(h.next_seq, h.frontier);
  f.append(leaf);
  h.frontier = f.nodes();
  h.next_seq = f.size();
  h.last_hash = leaf;
  h.last_timestamp_us = r.timestamp_us;
  return bytes;
}

TreeHead make_tree_head(Head& h, const SigningKey& key) {
  TreeHead t;
  t.tree_size = h.next_seq;
  t.timestamp_us = std::max(now_unix_us(), h.last_timestamp_us);
  t.root_hash = merkle::Frontier(h.next_seq, h.frontier).root();
  t.key_id = key.key_id();
  t.sig = key.sign(t.signing_input());
  h.last_tree_head_us = t.timestamp_us;
  return t;
}

}  // namespace

Log::Log(std::string state_dir, config::AuditConfig cfg, bool hold_open)
    : state_dir_(std::move(state_dir)), cfg_(std::move(cfg)), hold_open_(hold_open) {
  key_path_ = key_path(state_dir_, cfg_);
  db_dir_ = db_dir_for(state_dir_);
}

Log::~Log() {
  {
    std::lock_guard<std::mutex> lk(store_mu_);
    stopping_ = true;
  }
  closer_cv_.notify_all();
  if (closer_.joinable()) closer_.join();
}

void Log::closer_loop() {
  std::unique_lock<std::mutex> lk(store_mu_);
  const auto linger = std::chrono::milliseconds(cfg_.writer_linger_ms);
  while (!stopping_) {
    if (!store_) {
      closer_cv_.wait(lk);
      continue;
    }
    auto due = last_use_ + linger;
    if (std::chrono::steady_clock::now() >= due) {
      store_.reset();  // let other processes in
      continue;
    }
    closer_cv_.wait_until(lk, due);
  }
  store_.reset();
}

std::unique_ptr<Log> Log::open(const std::string& state_dir, const config::AuditConfig& cfg, bool hold_open) {
  if (state_dir.empty()) throw AuditError("no state directory for the audit log");
  std::unique_ptr<Log> log(new Log(state_dir, cfg, hold_open));
  try {
    if (!is_directory(state_dir + "/audit")) make_dirs(state_dir + "/audit", 0700);
  } catch (const std::exception& e) {
    throw AuditError(std::string("cannot create the audit directory: ") + e.what());
  }
  log->with_store([&](Store& store) {
    auto head = store.head();
    if (path_exists(log->key_path_)) {
      std::lock_guard<std::mutex> lk(log->key_mu_);
      log->key_ = SigningKey::load_file(log->key_path_);
    } else if (head) {
      throw AuditError("the audit signing key " + log->key_path_ + " is missing, but the audit log at " +
                       log->db_dir_ + " holds " + std::to_string(head->next_seq) +
                       " records signed by key " + head->key_id +
                       "; restore the key file (a new key cannot continue an existing log)");
    } else {
      auto key = SigningKey::generate();
      key.save_file(log->key_path_);
      std::lock_guard<std::mutex> lk(log->key_mu_);
      log->key_ = std::move(key);
    }
    if (head) {
      log->sync_key(*head);
      return;
    }
    // A new log: record 0 names the first key.
    Head h;
    h.last_hash = zero_hash();
    h.key_id = log->key_->key_id();
    h.key_ids = {h.key_id};
    Record r;
    r.type = events::log_created;
    r.data = json{{"format", kStoreFormat},
                  {"public_key", to_base64(log->key_->public_key().raw())},
                  {"key_id", log->key_->key_id()}};
    std::string bytes = seal(r, h, *log->key_);
    Store::Batch b(store);
    b.put_record(r, bytes);
    b.put_head(h);
    store.write(b);
  });
  return log;
}

void Log::with_store(const std::function<void(Store&)>& fn) {
  std::lock_guard<std::mutex> lk(store_mu_);
  if (!store_) store_ = Store::open(db_dir_, Store::Mode::write, cfg_.lock_wait_ms);
  struct Touch {
    Log* log;
    ~Touch() {
      if (log->hold_open_) return;
      log->last_use_ = std::chrono::steady_clock::now();
      if (!log->closer_.joinable()) log->closer_ = std::thread([l = log] { l->closer_loop(); });
      log->closer_cv_.notify_all();
    }
  } touch{this};
  fn(*store_);
}

// Another process may have rotated the key since we loaded it.
void Log::sync_key(const Head& h) {
  std::lock_guard<std::mutex> lk(key_mu_);
  if (key_ && key_->key_id() == h.key_id) return;
  std::string pending = key_path_ + ".new";
  if (path_exists(pending)) {
    auto fresh = SigningKey::load_file(pending);
    if (fresh.key_id() == h.key_id) {
      // A rotation was recorded but the process died before renaming the key.
      if (::rename(pending.c_str(), key_path_.c_str()) != 0)
        throw AuditError("cannot finish the key rotation: rename " + pending + " failed");
      key_ = std::move(fresh);
      return;
    }
  }
  if (path_exists(key_path_)) {
    auto current = SigningKey::load_file(key_path_);
    if (current.key_id() == h.key_id) {
      key_ = std::move(current);
      return;
    }
  }
  throw AuditError("the audit signing key " + key_path_ + " (key id " + (key_ ? key_->key_id() : "none") +
                   ") is not the key the audit log at " + db_dir_ + " is signed with (key id " + h.key_id + ")");
}

std::vector<uint64_t> Log::append(const std::vector<Event>& events) {
  return enqueue(events, false, nullptr);
}

AuditReceipt Log::append_and_sign(const std::vector<Event>& events) {
  if (events.empty()) throw AuditError("append_and_sign: no events");
  AuditReceipt r;
  enqueue(events, true, &r);
  return r;
}

DeliveryAck Log::append_delivered(const std::string& origin, uint64_t first_spool_seq,
                                  const std::vector<Event>& events) {
  if (origin.empty() || origin.size() > 256 || !is_valid_utf8(origin))
    throw AuditError("append_delivered: the origin id must be 1 to 256 bytes of UTF-8");
  if (first_spool_seq == 0) throw AuditError("append_delivered: spool seqs start at 1");
  if (events.empty()) return DeliveryAck{delivered_up_to(origin), {}};
  Pending p;
  p.origin = &origin;
  p.first_spool_seq = first_spool_seq;
  DeliveryAck ack;
  ack.seqs = enqueue(events, false, nullptr, &p);
  ack.delivered_up_to = p.delivered_up_to;
  return ack;
}

uint64_t Log::delivered_up_to(const std::string& origin) {
  uint64_t mark = 0;
  with_store([&](Store& store) { mark = store.delivery_mark(origin); });
  return mark;
}

std::vector<uint64_t> Log::enqueue(const std::vector<Event>& events, bool want_receipt, AuditReceipt* receipt,
                                   Pending* given) {
  if (events.empty()) return {};
  Pending local;
  Pending& p = given ? *given : local;
  p.events = &events;
  p.want_receipt = want_receipt;
  group_.submit(p, [this](std::vector<Pending*>& batch) { commit(batch); });
  if (receipt) *receipt = p.receipt;
  return p.seqs;
}

void Log::commit(std::vector<Pending*>& batch) {
  // Shape checks first, so one bad event fails only its own caller.
  std::vector<Pending*> good;
  std::vector<std::vector<Record>> prepared;
  for (auto* p : batch) {
    try {
      std::vector<Record> recs;
      uint64_t spool_seq = p->first_spool_seq;
      for (const auto& e : *p->events) {
        if (e.type.empty()) throw AuditError("audit event without a type");
        if (e.type.rfind("audit.", 0) == 0)
          throw AuditError("audit event type " + e.type + " is reserved for the audit engine");
        if (!is_valid_utf8(e.type) || !is_valid_utf8(e.request_id))
          throw AuditError("audit event type or request id is not valid UTF-8");
        Record r;
        r.type = e.type;
        r.request_id = e.request_id;
        r.data = e.data.is_null() ? json::object() : normalize_numbers(e.data);
        if (!r.data.is_object()) throw AuditError("audit event data must be a JSON object");
        if (p->origin) {
          if (r.data.contains("origin"))
            throw AuditError("delivered audit event " + e.type +
                             " already has data.origin; it is reserved for the delivering node");
          r.data["origin"] = json{{"node", *p->origin}, {"spool_seq", spool_seq++}};
        }
        std::string size_probe = canonical_json(r.data);
        if (size_probe.size() + 1024 > cfg_.max_record_bytes)
          throw AuditError("audit event " + e.type + " is " + std::to_string(size_probe.size()) +
                           " bytes, more than max_record (" + std::to_string(cfg_.max_record_bytes) +
                           " bytes, audit.yaml)");
        recs.push_back(std::move(r));
      }
      good.push_back(p);
      prepared.push_back(std::move(recs));
    } catch (...) {
      p->error = std::current_exception();
    }
  }
  if (good.empty()) return;

  with_store([&](Store& store) {
    auto head = store.head();
    if (!head) throw AuditError("the audit log at " + db_dir_ + " has no head record");
    sync_key(*head);
    Head h = *head;
    Store::Batch b(store);
    bool receipt_wanted = false;
    std::map<std::string, std::string> batch_code;  // submissions earlier in this batch
    std::map<std::string, uint64_t> marks;           // delivery marks as of this batch
    for (size_t i = 0; i < good.size(); ++i) {
      size_t skip = 0;
      if (good[i]->origin) {
        const std::string& origin = *good[i]->origin;
        auto it = marks.find(origin);
        if (it == marks.end()) it = marks.emplace(origin, store.delivery_mark(origin)).first;
        const uint64_t mark = it->second, first = good[i]->first_spool_seq, n = prepared[i].size();
        if (first > mark + 1) {
          good[i]->error = std::make_exception_ptr(
              AuditError("spool gap: expected " + std::to_string(mark + 1) + ", got " + std::to_string(first) +
                         " (origin " + origin + ")"));
          continue;
        }
        skip = static_cast<size_t>(std::min<uint64_t>(mark + 1 - first, n));
        const uint64_t last = first + n - 1;
        if (last > mark) {
          it->second = last;
          b.put_delivery_mark(origin, last);
        }
        good[i]->delivered_up_to = it->second;
      }
      for (size_t k = skip; k < prepared[i].size(); ++k) {
        Record& r = prepared[i][k];
        if (r.type == events::submission) add_parent_diff(store, r, batch_code);
        std::string bytes = seal(r, h, *key_);
        b.put_record(r, bytes);
        good[i]->seqs.push_back(r.seq);
      }
      receipt_wanted = receipt_wanted || good[i]->want_receipt;
    }
    if (b.count() == 0) return;  // only redeliveries (and gaps): nothing to write
    std::optional<TreeHead> th;
    if (receipt_wanted) {
      th = make_tree_head(h, *key_);
      b.put_tree_head(*th);
    }
    b.put_head(h);
    store.write(b);
    if (th)
      for (auto* p : good)
        if (p->want_receipt) p->receipt = receipt_of(*th, p->seqs.front(), p->seqs.back());
  });
}

// A submission that names its parent gets the unified diff against the
// parent's code, unless the sender already gave one.
void Log::add_parent_diff(Store& store, Record& r, std::map<std::string, std::string>& batch_code) {
  const json& d = r.data;
  std::optional<std::string> code = bytes_field(d, "code");
  if (code) batch_code[r.request_id] = *code;
  if (!d.contains("parent_request_id") || !d["parent_request_id"].is_string() || !code ||
      d.contains("diff"))
    return;
  const std::string parent = d["parent_request_id"].get<std::string>();
  std::optional<std::string> parent_code;
  if (auto it = batch_code.find(parent); it != batch_code.end() && parent != r.request_id) parent_code = it->second;
  if (!parent_code) {
    for (uint64_t seq : store.seqs_for_request(parent)) {
      auto bytes = store.get_record(seq);
      if (!bytes) continue;
      try {
        Record p = Record::decode(*bytes);
        if (p.type == events::submission) {
          parent_code = bytes_field(p.data, "code");
          if (parent_code) break;
        }
      } catch (const AuditError&) {
      }
    }
  }
  if (!parent_code) {
    r.data["parent_found"] = false;
    return;
  }
  r.data["parent_code_sha256"] = sha256_hex(*parent_code);
  std::string diff =
      unified_diff(*parent_code, *code, "parent/" + parent, "submission/" + r.request_id);
  if (canonical_json(r.data).size() + diff.size() * 2 + 1024 > cfg_.max_record_bytes) {
    r.data["diff_omitted"] = "the diff would make the record larger than max_record";
    return;
  }
  put_bytes(r.data, "diff", diff);
}

AuditReceipt Log::sign_tree_head(uint64_t seq_first, uint64_t seq_last) {
  AuditReceipt out;
  with_store([&](Store& store) {
    auto head = store.head();
    if (!head) throw AuditError("the audit log at " + db_dir_ + " has no head record");
    sync_key(*head);
    if (seq_first > seq_last || seq_last >= head->next_seq)
      throw AuditError("sign_tree_head: records " + std::to_string(seq_first) + ".." + std::to_string(seq_last) +
                       " are not in the log (" + std::to_string(head->next_seq) + " records)");
    Head h = *head;
    TreeHead t = make_tree_head(h, *key_);
    Store::Batch b(store);
    b.put_tree_head(t);
    b.put_head(h);
    store.write(b);
    out = receipt_of(t, seq_first, seq_last);
  });
  return out;
}

std::optional<TreeHead> Log::sign_tree_head_if_due() {
  std::optional<TreeHead> out;
  with_store([&](Store& store) {
    auto head = store.head();
    if (!head) throw AuditError("the audit log at " + db_dir_ + " has no head record");
    sync_key(*head);
    int64_t now = now_unix_us();
    if (head->last_tree_head_us != 0 &&
        now - head->last_tree_head_us < static_cast<int64_t>(cfg_.tree_head_interval_ms) * 1000)
      return;
    Head h = *head;
    TreeHead t = make_tree_head(h, *key_);
    Store::Batch b(store);
    b.put_tree_head(t);
    b.put_head(h);
    store.write(b);
    out = t;
  });
  return out;
}

std::string Log::rotate_key() {
  std::string new_id;
  with_store([&](Store& store) {
    auto head = store.head();
    if (!head) throw AuditError("the audit log at " + db_dir_ + " has no head record");
    sync_key(*head);
    SigningKey fresh = SigningKey::generate();
    std::string pending = key_path_ + ".new";
    fresh.save_file(pending);
    const std::string old_id = key_->key_id();
    Head h = *head;
    Record r;
    r.type = events::key_rotated;
    r.data = json{{"old_key_id", old_id},
                  {"new_key_id", fresh.key_id()},
                  {"new_public_key", to_base64(fresh.public_key().raw())},
                  {"new_key_signature", to_base64(fresh.sign(rotation_message(old_id, fresh.key_id())))}};
    std::string bytes = seal(r, h, *key_);  // signed by the old key
    h.key_id = fresh.key_id();
    h.key_ids.push_back(fresh.key_id());
    Store::Batch b(store);
    b.put_record(r, bytes);
    // The new key's first act: a tree head over the rotation.
    TreeHead t = make_tree_head(h, fresh);
    b.put_tree_head(t);
    b.put_head(h);
    store.write(b);
    if (::rename(pending.c_str(), key_path_.c_str()) != 0)
      throw AuditError("key rotation recorded, but renaming " + pending + " to " + key_path_ +
                       " failed; the next open finishes it");
    std::lock_guard<std::mutex> lk(key_mu_);
    key_ = std::move(fresh);
    new_id = key_->key_id();
  });
  return new_id;
}

uint64_t Log::prune_before(uint64_t first_seq) {
  uint64_t removed = 0;
  with_store([&](Store& store) {
    auto head = store.head();
    if (!head) throw AuditError("the audit log at " + db_dir_ + " has no head record");
    sync_key(*head);
    if (first_seq > head->next_seq)
      throw AuditError("cannot prune below " + std::to_string(first_seq) + ": the log has only " +
                       std::to_string(head->next_seq) + " records");
    if (first_seq <= head->first_seq) return;
    // Walk the records to be removed: the frontier at first_seq, the hash of
    // the last one removed, and the key that signs record first_seq.
    auto cp_old = store.checkpoint();
    merkle::Frontier f;
    std::string cur_pub;
    std::vector<std::string> key_ids;
    if (cp_old) {
      f = merkle::Frontier(cp_old->first_seq, cp_old->frontier);
      cur_pub = cp_old->public_key;
      key_ids = cp_old->key_ids;
    }
    std::string last_hash;
    int64_t last_ts = 0;
    uint64_t expect = head->first_seq;
    store.scan_records(head->first_seq, [&](std::string_view k, std::string_view v) {
      if (k.size() != 8 || read_be64(k) != expect)
        throw AuditError("cannot prune: record " + std::to_string(expect) + " is missing; run audit verify");
      if (expect >= first_seq) return false;
      Record r = Record::decode(v);
      if (r.type == events::log_created) {
        cur_pub = *from_base64(r.data.at("public_key").get<std::string>());
        key_ids.push_back(r.key_id);
      } else if (r.type == events::key_rotated) {
        cur_pub = *from_base64(r.data.at("new_public_key").get<std::string>());
        key_ids.push_back(r.data.at("new_key_id").get<std::string>());
      }
      last_hash = merkle::leaf_hash(v);
      f.append(last_hash);
      last_ts = r.timestamp_us;
      ++expect;
      return true;
    });
    if (f.size() != first_seq) throw AuditError("cannot prune: the log ends before " + std::to_string(first_seq));
    Checkpoint cp;
    cp.first_seq = first_seq;
    cp.prev_hash = last_hash;
    cp.frontier = f.nodes();
    cp.last_timestamp_us = last_ts;
    cp.key_ids = key_ids;
    cp.public_key = cur_pub;
    cp.timestamp_us = now_unix_us();
    cp.key_id = key_->key_id();
    cp.sig = key_->sign(cp.signing_input());

    Head h = *head;
    removed = first_seq - head->first_seq;
    Record r;
    r.type = events::pruned;
    r.data = json{{"first_seq", first_seq},
                  {"removed", removed},
                  {"root_hash", to_hex(f.root())},
                  {"checkpoint_sig", to_base64(cp.sig)}};
    std::string bytes = seal(r, h, *key_);
    h.first_seq = first_seq;
    Store::Batch b(store);
    b.delete_records(head->first_seq, first_seq);
    b.put_checkpoint(cp);
    b.put_record(r, bytes);
    TreeHead t = make_tree_head(h, *key_);
    b.put_tree_head(t);
    b.put_head(h);
    store.write(b);
  });
  return removed;
}

uint64_t Log::prune_expired() {
  if (cfg_.retention_ms == 0) return 0;
  int64_t cutoff = now_unix_us() - static_cast<int64_t>(cfg_.retention_ms) * 1000;
  uint64_t target = 0;
  with_store([&](Store& store) {
    auto head = store.head();
    if (!head) return;
    target = head->first_seq;
    store.scan_records(head->first_seq, [&](std::string_view, std::string_view v) {
      Record r = Record::decode(v);
      if (r.timestamp_us >= cutoff) return false;
      target = r.seq + 1;
      return true;
    });
    if (target > head->next_seq) target = head->next_seq;
  });
  return target == 0 ? 0 : prune_before(target);
}

std::vector<std::string> Log::abandon_open_executions(const std::string& reason) {
  return abandon_matching(reason, nullptr);
}

std::vector<std::string> Log::abandon_runs(const std::set<std::string>& run_ids,
                                           const std::string& reason) {
  if (run_ids.empty()) return {};
  return abandon_matching(reason, &run_ids);
}

std::vector<std::string> Log::abandon_matching(const std::string& reason,
                                               const std::set<std::string>* run_ids) {
  struct Start {
    uint64_t seq;
    std::string run_id;
  };
  std::map<std::string, std::vector<Start>> open;  // request id -> unfinished starts
  with_store([&](Store& store) {
    std::vector<uint64_t> seqs;
    for (const char* t : {events::execution_start, events::execution_end, events::execution_abandoned})
      for (uint64_t s : store.seqs_for_type(t)) seqs.push_back(s);
    std::sort(seqs.begin(), seqs.end());
    for (uint64_t s : seqs) {
      auto bytes = store.get_record(s);
      if (!bytes) continue;
      Record r = Record::decode(*bytes);
      auto& v = open[r.request_id];
      if (r.type == events::execution_start)
        v.push_back(Start{s, r.data.value("run_id", std::string())});
      else if (!v.empty())
        v.erase(v.begin());
    }
  });
  std::vector<Event> evs;
  std::vector<std::string> ids;
  for (const auto& [id, starts] : open)
    for (const auto& start : starts) {
      if (run_ids && !run_ids->count(start.run_id)) continue;
      evs.push_back(Event{events::execution_abandoned, id,
                          json{{"reason", reason}, {"start_seq", start.seq}}});
      ids.push_back(id);
    }
  if (!evs.empty()) append(evs);
  return ids;
}

std::string Log::key_id() const {
  std::lock_guard<std::mutex> lk(key_mu_);
  return key_->key_id();
}

PublicKey Log::public_key() const {
  std::lock_guard<std::mutex> lk(key_mu_);
  return key_->public_key();
}

uint64_t Log::tree_size() {
  uint64_t n = 0;
  with_store([&](Store& store) {
    auto h = store.head();
    n = h ? h->next_seq : 0;
  });
  return n;
}

std::optional<std::string> Log::submission_code(const std::string& request_id) {
  std::optional<std::string> out;
  with_store([&](Store& store) {
    for (uint64_t seq : store.seqs_for_request(request_id)) {
      auto bytes = store.get_record(seq);
      if (!bytes) continue;
      Record r = Record::decode(*bytes);
      if (r.type == events::submission && (out = bytes_field(r.data, "code"))) return;
    }
  });
  return out;
}

}  // namespace mai::audit
