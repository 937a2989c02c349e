#include "audit/log.hpp"

#include <utility>

#include "audit/chain.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/parent_diff.hpp"
#include "audit/store.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"

namespace mai::audit {

std::string key_path(const std::string& state_dir, const config::AuditConfig& cfg) {
  if (!cfg.key_file.empty() && cfg.key_file[0] == '/') return cfg.key_file;
  return state_dir + "/" + cfg.key_file;
}

Log::Log(std::string state_dir, config::AuditConfig cfg, bool hold_open)
    : state_dir_(std::move(state_dir)),
      cfg_(std::move(cfg)),
      db_dir_(db_dir_for(state_dir_)),
      key_(key_path(state_dir_, cfg_), db_dir_),
      session_(db_dir_, cfg_.lock_wait_ms, cfg_.writer_linger_ms, hold_open),
      sync_apart_(hold_open) {}

Log::~Log() = default;

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
    log->key_.load_or_create(head.has_value(), head ? head->next_seq : 0, head ? head->key_id : "");
    if (head) {
      log->key_.sync(head->key_id);
      return;
    }
    // A new log: record 0 names the first key.
    const SigningKey key = log->key_.current();
    Head h;
    h.last_hash = zero_hash();
    h.tree_head_hash = zero_hash();
    h.key_id = key.key_id();
    h.key_ids = {h.key_id};
    Record r;
    r.type = events::log_created;
    r.data = json{{"format", kStoreFormat}, {"public_key", to_base64(key.public_key().raw())}, {"key_id", key.key_id()}};
    Sealer sealer(h);
    sealer.add(std::move(r), key);
    sealer.sign();
    Store::Batch b(store);
    sealer.put_into(b);
    store.write(b);
  });
  return log;
}

Head Log::head_of(Store& store) {
  auto head = store.head();
  if (!head) throw AuditError("the audit log at " + db_dir_ + " has no head record");
  key_.sync(head->key_id);  // another process may have rotated the key
  return *head;
}

// Reading and decoding the head (its Merkle frontier in hex JSON) took
// about 20 us a batch, two thirds of sealing a one-record batch; a held-open
// log wrote that head itself.
Head Log::take_head(Store& store) {
  std::unique_ptr<Head> kept = std::move(kept_head_);  // used once: a failed commit leaves none
  if (kept && sync_apart_ && kept_store_ == &store && kept_writes_ == store.writes()) return std::move(*kept);
  return head_of(store);
}

void Log::keep_head(const Store& store, Head h) {
  if (!sync_apart_) return;  // another process may write before the next call
  kept_head_ = std::make_unique<Head>(std::move(h));
  kept_store_ = &store;
  kept_writes_ = store.writes();
}

AuditReceipt Log::sign_tree_head(uint64_t seq_first, uint64_t seq_last) {
  AuditReceipt out;
  with_store([&](Store& store) {
    Head h = head_of(store);
    if (seq_first > seq_last || seq_last >= h.next_seq)
      throw AuditError("sign_tree_head: records " + std::to_string(seq_first) + ".." + std::to_string(seq_last) +
                       " are not in the log (" + std::to_string(h.next_seq) + " records)");
    const SigningKey key = key_.current();
    Sealer sealer(h);
    sealer.add_tree_head(key);
    sealer.sign();
    Store::Batch b(store);
    sealer.put_into(b);
    store.write(b);
    out = receipt_of(sealer.tree_head(0), seq_first, seq_last);
  });
  return out;
}

std::optional<TreeHead> Log::sign_tree_head_if_due() {
  std::optional<TreeHead> out;
  with_store([&](Store& store) {
    Head h = head_of(store);
    int64_t now = now_unix_us();
    if (h.last_tree_head_us != 0 && now - h.last_tree_head_us < static_cast<int64_t>(cfg_.tree_head_interval_ms) * 1000)
      return;
    const SigningKey key = key_.current();
    Sealer sealer(h);
    sealer.add_tree_head(key);
    sealer.sign();
    Store::Batch b(store);
    sealer.put_into(b);
    store.write(b);
    out = sealer.tree_head(0);
  });
  return out;
}

std::string Log::key_id() const { return key_.key_id(); }

PublicKey Log::public_key() const { return key_.public_key(); }

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
  with_store([&](Store& store) { out = stored_submission_code(store, request_id); });
  return out;
}

}  // namespace mai::audit
