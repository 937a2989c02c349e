#include "audit/verifier.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <thread>

#include "audit/completeness.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/merkle.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "audit/store_check.hpp"
#include "audit/worker_pool.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "common/sha256.hpp"

namespace mai::audit {

json VerifyReport::to_json() const {
  json j{{"ok", ok},
         {"records", records},
         {"tree_heads", tree_heads},
         {"first_bad_seq", first_bad_seq ? json(*first_bad_seq) : json(nullptr)},
         {"reason", reason},
         {"first_seq", first_seq},
         {"tree_size", tree_size},
         {"root_hash", root_hash},
         {"key_ids", key_ids},
         {"trusted_key_id", trusted_key_id},
         {"receipt_checked", receipt_checked},
         {"warnings", warnings}};
  return j;
}

AuditReceipt parse_receipt(std::string_view text, const std::string& name) {
  json j;
  try {
    j = json::parse(text.begin(), text.end());
  } catch (const std::exception& e) {
    throw AuditError("receipt " + name + " is not JSON: " + e.what());
  }
  if (j.is_object() && j.contains("audit")) j = j["audit"];
  if (!j.is_object())
    throw AuditError("receipt " + name + " has no audit receipt (\"audit\" is null: nothing was recorded)");
  AuditReceipt r;
  try {
    r.seq_first = j.at("seq_first").get<uint64_t>();
    r.seq_last = j.at("seq_last").get<uint64_t>();
    r.tree_size = j.at("tree_size").get<uint64_t>();
    r.root_hash = j.at("root_hash").get<std::string>();
    r.signature = j.at("signature").get<std::string>();
    r.key_id = j.at("key_id").get<std::string>();
    r.timestamp_us = j.at("timestamp_us").get<int64_t>();
  } catch (const std::exception& e) {
    throw AuditError("receipt " + name + " is incomplete: " + e.what() +
                     " (needs seq_first, seq_last, tree_size, root_hash, signature, key_id, timestamp_us)");
  }
  return r;
}

AuditReceipt load_receipt(const std::string& path) {
  std::string text;
  try {
    text = read_file_limited(path, 64 << 20);
  } catch (const std::exception& e) {
    throw AuditError(std::string("cannot read receipt: ") + e.what());
  }
  return parse_receipt(text, path);
}

namespace {

struct Failure {
  std::optional<uint64_t> seq;
  std::string reason;
};

using KeyMap = std::map<std::string, PublicKey>;

// One stored record on its way through the checks. The parallel part fills
// everything from `rec` on; the sequential part checks the chain.
struct Item {
  std::string key, value;
  std::optional<Record> rec;
  std::string decode_error;
  std::string hash;  // record hash
  enum class Sig { unchecked, ok, bad } sig = Sig::unchecked;
  IndexDigest index;  // what its index entries must hash to
};

// The members of a record's `data` that verification reads: the
// completeness rules', record 0's key, a key rotation's and a worker spool's
// origin (note_origin). The others are checked for canonical form, not kept.
bool verification_reads(std::string_view m) {
  return Completeness::reads(m) || m == "public_key" || m == "old_key_id" || m == "new_public_key" ||
         m == "new_key_id" || m == "new_key_signature" || m == "origin";
}

class Verifier {
 public:
  Verifier(const Store& store, const PublicKey& trusted, const VerifyOptions& opts,
           const std::optional<AuditReceipt>& receipt)
      : store_(store), trusted_(trusted), opts_(opts), receipt_(receipt), pool_(opts.threads) {
    progress_ = opts.progress && ::isatty(2);
  }

  VerifyReport run() {
    VerifyReport rep;
    rep.trusted_key_id = trusted_.key_id();
    try {
      check();
      rep.ok = true;
    } catch (const Failure& f) {
      rep.ok = false;
      rep.first_bad_seq = f.seq;
      rep.reason = f.reason;
    }
    if (progress_) std::fprintf(stderr, "\r\033[K");
    rep.records = records_;
    rep.tree_heads = tree_heads_checked_;
    rep.first_seq = start_;
    rep.tree_size = frontier_.size();
    rep.root_hash = to_hex(frontier_.root());
    rep.key_ids = key_history_;
    rep.receipt_checked = receipt_checked_;
    if (completeness_)
      for (uint64_t s : completeness_->open())
        rep.warnings.push_back(rec(s) + ": execution started and has not ended (still running, or interrupted)");
    return rep;
  }

 private:
  [[noreturn]] static void fail(std::optional<uint64_t> seq, std::string why) { throw Failure{seq, std::move(why)}; }
  static std::string rec(uint64_t seq) { return "record " + std::to_string(seq); }
  std::optional<uint64_t> last_record() const { return expect_ > start_ ? std::optional<uint64_t>(expect_ - 1) : std::nullopt; }

  void check() {
    try {
      head_ = store_.head();
    } catch (const AuditError& e) {
      // Damaged: the records are checked all the same, and the first one
      // lost with it named; the head's own checks fail at the end.
      head_error_ = e.what();
    }
    try {
      checkpoint_ = store_.checkpoint();
    } catch (const AuditError& e) {
      // As if there were none: a pruned log then breaks its chain at its first record.
      checkpoint_error_ = e.what();
    }
    if (!head_ && head_error_.empty()) fail(0, "the log has no head record (the database was emptied or never written)");
    prev_hash_ = zero_hash();
    th_hash_ = zero_hash();
    if (checkpoint_) {
      const auto& cp = *checkpoint_;
      start_ = cp.first_seq;
      expect_ = cp.first_seq;
      prev_hash_ = cp.prev_hash;
      prev_ts_ = cp.last_timestamp_us;
      th_count_ = cp.tree_heads;
      th_hash_ = cp.tree_head_hash;
      try {
        frontier_ = merkle::Frontier(cp.first_seq, cp.frontier);
      } catch (const std::exception& e) {
        fail(cp.first_seq, std::string("the pruning checkpoint is damaged: ") + e.what());
      }
      auto pk = PublicKey::from_raw(cp.public_key);
      add_key(pk);
      current_key_ = pk.key_id();
      key_history_ = cp.key_ids;
      if (std::find(key_history_.begin(), key_history_.end(), current_key_) == key_history_.end())
        key_history_.push_back(current_key_);
    }
    completeness_.emplace(checkpoint_.has_value());
    if (head_ && head_->first_seq != start_)
      fail(start_, "the head says the log starts at record " + std::to_string(head_->first_seq) +
                       " but the pruning checkpoint says " + std::to_string(start_));
    load_tree_heads();
    at_size();  // tree heads and receipt at the starting size
    scan();
    finish();
  }

  void load_tree_heads() {
    std::vector<std::pair<std::string, std::string>> stored;
    try {
      stored = store_.tree_heads();
    } catch (const AuditError& e) {
      // What is lost shows where the records' count of tree heads disagrees.
      th_read_error_ = e.what();
      stored = store_tree_heads_readable();
    }
    for (const auto& [k, v] : stored) {
      const uint64_t key_size = k.size() >= 8 ? read_be64(k) : 0;
      const std::optional<uint64_t> at = key_size ? std::optional<uint64_t>(key_size - 1) : std::nullopt;
      TreeHead t;
      try {
        t = TreeHead::decode(v);
      } catch (const AuditError& e) {
        fail(at, "a signed tree head (tree size " + std::to_string(key_size) + ") is damaged: " + e.what());
      }
      if (std::string(store_keys::kTreeHead) + k != store_keys::tree_head(t.tree_size, t.timestamp_us))
        fail(at, "the tree head stored under tree size " + std::to_string(key_size) + " claims tree size " +
                     std::to_string(t.tree_size) + " and time " + std::to_string(t.timestamp_us) + " (moved)");
      ths_.push_back(std::move(t));
    }
    while (th_next_ < ths_.size() && ths_[th_next_].tree_size < start_) ++th_next_;  // left over from pruning
  }

  // The tree heads readable before a read error (the scan stops there).
  std::vector<std::pair<std::string, std::string>> store_tree_heads_readable() {
    std::vector<std::pair<std::string, std::string>> out;
    try {
      store_.scan(store_keys::kTreeHead, "", [&](std::string_view k, std::string_view v) {
        out.emplace_back(std::string(k), std::string(v));
        return true;
      });
    } catch (const AuditError&) {
    }
    return out;
  }

  // Called whenever the tree reaches a new size: tree heads and the receipt at that size.
  void at_size() {
    uint64_t n = frontier_.size();
    std::string root;
    auto get_root = [&]() -> const std::string& {
      if (root.empty()) root = frontier_.root();
      return root;
    };
    while (th_next_ < ths_.size() && ths_[th_next_].tree_size == n) {
      const TreeHead& t = ths_[th_next_++];
      const std::optional<uint64_t> at = n ? std::optional<uint64_t>(n - 1) : std::nullopt;
      if (t.root_hash != get_root())
        fail(at, "the signed tree head at tree size " + std::to_string(n) + " has root " + to_hex(t.root_hash) +
                     ", but the records hash to " + to_hex(get_root()));
      if (t.key_id != current_key_)
        fail(at, "the signed tree head at tree size " + std::to_string(n) + " is signed by key " + t.key_id +
                     ", not the log's key at that point (" + current_key_ + ")");
      pending_ths_.emplace_back(t, keys_.at(current_key_));
      ++th_count_;
      th_hash_ = t.hash();
    }
    if (receipt_ && receipt_->tree_size == n) receipt_root_ = get_root();
  }

  // Records are read in chunks, and three things overlap: this thread reads
  // chunk k+1 while the pool decodes, hashes and checks the signatures of
  // chunk k; then, while the pool does chunk k+1, this thread runs the
  // sequential checks of chunk k (chain, keys, completeness).
  void scan() {
    const uint64_t total = head_ && head_->next_seq > start_ ? head_->next_seq - start_ : 0;
    const size_t chunk = 2048;
    std::vector<Item> current, next;
    std::shared_ptr<WorkerPool::Job> job;
    std::function<void(size_t)> prepare_current;
    std::shared_ptr<const KeyMap> keys;
    std::optional<std::string> read_error;
    bool done = false;
    std::optional<std::string> last;  // the last key read: the next chunk starts after it
    auto read_chunk = [&](std::vector<Item>& into) {
      into.clear();
      if (done) return;
      try {
        store_.scan(store_keys::kRecord, last.value_or(""), [&](std::string_view k, std::string_view v) {
          if (last && k == *last) return true;
          into.push_back(Item{std::string(k), std::string(v), std::nullopt, {}, {}, Item::Sig::unchecked, {}});
          return into.size() < chunk;
        });
      } catch (const AuditError& e) {
        read_error = std::string("cannot read the audit log's records: ") + e.what();
        done = true;
        return;
      }
      if (into.size() < chunk) done = true;
      if (!into.empty()) last = into.back().key;
    };
    auto launch = [&](std::vector<Item>& items) {
      keys = known_keys_;
      prepare_current = [&items, this, k = keys](size_t i) { prepare(items[i], *k); };
      job = pool_.launch(items.size(), 16, prepare_current);
    };
    read_chunk(current);
    // Record 0 brings the first key: checked alone first, so that the
    // signatures of the others can be checked in parallel.
    if (!checkpoint_ && !current.empty()) {
      prepare(current[0], *known_keys_);
      sequential(current[0]);
      current.erase(current.begin());
    }
    launch(current);
    try {
      for (;;) {
        read_chunk(next);
        pool_.join(job);
        std::swap(current, next);  // `next` now holds the prepared chunk
        launch(current);
        for (auto& it : next) sequential(it);
        if (progress_) show_progress(total);
        if (current.empty() && done) break;
      }
    } catch (const Failure&) {
      try {
        pool_.join(job);  // the pool must be done with `current` before it goes
      } catch (...) {
      }
      throw;
    }
    pool_.join(job);
    if (read_error) fail(expect_, rec(expect_) + " and the records after it cannot be read: " + *read_error);
  }

  void prepare(Item& it, const KeyMap& keys) {
    try {
      it.rec = Record::decode(it.value, verification_reads);
    } catch (const AuditError& e) {
      it.decode_error = e.what();
      return;
    }
    std::string input = Record::signing_input_of(it.value);
    std::string_view body = std::string_view(input).substr(kRecordDomain.size());
    it.hash = record_hash(body);
    it.index = IndexDigest::of(*it.rec);
    auto k = keys.find(it.rec->key_id);
    if (k != keys.end()) it.sig = k->second.verify(input, it.rec->sig) ? Item::Sig::ok : Item::Sig::bad;
  }

  void show_progress(uint64_t total) {
    uint64_t done = records_;
    int pct = total ? static_cast<int>(std::min<uint64_t>(100, done * 100 / total)) : 100;
    int bar = pct * 30 / 100;
    std::fprintf(stderr, "\rverifying [%.*s%*s] %3d%% %llu/%llu records", bar, "##############################",
                 30 - bar, "", pct, static_cast<unsigned long long>(done), static_cast<unsigned long long>(total));
    std::fflush(stderr);
  }

  void sequential(Item& it) {
    if (it.key.size() != 8) fail(expect_, "a record is stored under a malformed key (" + to_hex(it.key) + ")");
    uint64_t k = read_be64(it.key);
    if (k < start_) fail(k, rec(k) + " is stored although the log was pruned below " + std::to_string(start_));
    if (k != expect_)
      fail(expect_, rec(expect_) + " is missing (the next stored record is " + std::to_string(k) + ")");
    if (!it.rec) fail(k, rec(k) + " is damaged: " + it.decode_error);
    const Record& r = *it.rec;
    if (r.seq != k)
      fail(k, rec(k) + " holds the record of seq " + std::to_string(r.seq) + " (records moved or swapped)");
    if (r.prev_hash != prev_hash_)
      fail(k, rec(k) + " breaks the hash chain: it names " + to_hex(r.prev_hash) + " as its predecessor, but " +
                  (k == 0 ? std::string("the first record must name zeros") : rec(k - 1) + " hashes to " + to_hex(prev_hash_)));
    if (r.timestamp_us < prev_ts_) fail(k, rec(k) + " is older than the record before it");
    // Every record counts the signed tree heads before it: one lost is named here.
    if (r.tree_heads != th_count_ || r.tree_head_hash != th_hash_)
      fail(k, rec(k) + " was signed after " + std::to_string(r.tree_heads) + " signed tree heads (the newest " +
                  to_hex(r.tree_head_hash).substr(0, 16) + "...), but the log holds " + std::to_string(th_count_) +
                  " before it (the newest " + to_hex(th_hash_).substr(0, 16) +
                  "...): signed tree heads were removed or lost" +
                  (th_read_error_.empty() ? std::string() : " (" + th_read_error_ + ")"));

    if (k == 0 && !checkpoint_) {
      // The genesis record introduces the first key, and signs itself with it.
      if (r.type != events::log_created) fail(k, "record 0 is not " + std::string(events::log_created));
      std::optional<std::string> raw;
      if (r.data.contains("public_key") && r.data["public_key"].is_string())
        raw = from_base64(r.data["public_key"].get<std::string>());
      if (!raw || raw->size() != 32) fail(k, "record 0 carries no valid public key");
      auto pk = PublicKey::from_raw(*raw);
      if (pk.key_id() != r.key_id) fail(k, "record 0's key id does not match its public key");
      add_key(pk);
      current_key_ = pk.key_id();
      key_history_.push_back(current_key_);
    } else if (r.type == events::log_created) {
      fail(k, rec(k) + " claims to start a new log");
    }
    if (r.key_id != current_key_)
      fail(k, rec(k) + " is signed by key " + r.key_id + ", but the log's key at this point is " + current_key_ +
                  " (forged or re-signed record)");
    if (it.sig == Item::Sig::unchecked)
      it.sig = keys_.at(current_key_).verify(Record::signing_input_of(it.value), r.sig) ? Item::Sig::ok : Item::Sig::bad;
    if (it.sig != Item::Sig::ok) fail(k, rec(k) + " has a bad signature (altered or forged)");

    if (r.type == events::key_rotated) rotate(r);
    if (auto problem = completeness_->add(r)) fail(problem->seq, problem->reason);
    index_ += it.index;
    note_origin(r);

    prev_hash_ = it.hash;
    prev_ts_ = r.timestamp_us;
    ++expect_;
    ++records_;
    frontier_.append(it.hash);
    at_size();
  }

  // A worker spool's records: its delivery mark must cover them.
  void note_origin(const Record& r) {
    auto o = r.data.find("origin");
    if (o == r.data.end() || !o->is_object()) return;
    auto node = o->find("node");
    auto seq = o->find("spool_seq");
    if (node == o->end() || !node->is_string() || seq == o->end() || !seq->is_number_unsigned()) return;
    auto& top = delivered_[node->get<std::string>()];
    if (seq->get<uint64_t>() > top.first) top = {seq->get<uint64_t>(), r.seq};
  }

  void rotate(const Record& r) {
    auto s = [&](const char* f) -> std::string {
      if (!r.data.contains(f) || !r.data[f].is_string()) fail(r.seq, rec(r.seq) + ": key rotation without " + f);
      return r.data[f].get<std::string>();
    };
    if (s("old_key_id") != current_key_) fail(r.seq, rec(r.seq) + ": key rotation from a key that is not current");
    auto raw = from_base64(s("new_public_key"));
    if (!raw || raw->size() != 32) fail(r.seq, rec(r.seq) + ": key rotation with a malformed new key");
    auto pk = PublicKey::from_raw(*raw);
    if (pk.key_id() != s("new_key_id")) fail(r.seq, rec(r.seq) + ": key rotation's key id does not match its key");
    auto sig = from_base64(s("new_key_signature"));
    if (!sig || !pk.verify(rotation_signing_input(current_key_, pk.key_id()), *sig))
      fail(r.seq, rec(r.seq) + ": the new key's signature on the rotation is invalid");
    add_key(pk);
    current_key_ = pk.key_id();
    key_history_.push_back(current_key_);
  }

  // Keys are shared with the pool as an immutable copy, replaced when one is added.
  void add_key(const PublicKey& pk) {
    keys_.emplace(pk.key_id(), pk);
    known_keys_ = std::make_shared<const KeyMap>(keys_);
  }

  void finish() {
    if (!head_) fail(last_record(), "the log's head, which describes its last record, is damaged: " + head_error_);
    if (!checkpoint_error_.empty()) fail(start_, "the log's pruning checkpoint is damaged: " + checkpoint_error_);
    if (head_->next_seq > expect_)
      fail(expect_, rec(expect_) + " is missing: the log ends at record " +
                        (expect_ ? std::to_string(expect_ - 1) : std::string("(none)")) + " but its head says " +
                        std::to_string(head_->next_seq) + " records (truncated)");
    if (head_->next_seq < expect_)
      fail(head_->next_seq, rec(head_->next_seq) + " lies beyond the log's head (" +
                                std::to_string(head_->next_seq) + " records): appended behind the writer's back");
    if (head_->last_hash != prev_hash_)
      fail(last_record(), "the log's head names a last hash that is not the last record's");
    if (merkle::Frontier(head_->next_seq, head_->frontier).root() != frontier_.root())
      fail(std::nullopt, "the log's head holds a Merkle frontier that does not match the records");
    if (th_next_ < ths_.size())
      fail(expect_, "a signed tree head covers " + std::to_string(ths_[th_next_].tree_size) +
                        " records, but the log holds only " + std::to_string(expect_) + " (truncated)");
    // Tree heads after the last record: only the head counts them.
    if (head_->tree_heads != th_count_ || head_->tree_head_hash != th_hash_)
      fail(last_record(), "the log's head says " + std::to_string(head_->tree_heads) +
                              " signed tree heads were written, but the log holds " + std::to_string(th_count_) +
                              ": signed tree heads after the last record were removed or lost" +
                              (th_read_error_.empty() ? std::string() : " (" + th_read_error_ + ")"));
    if (!th_read_error_.empty()) fail(last_record(), "the signed tree heads cannot be read: " + th_read_error_);
    // Tree head signatures, in parallel.
    std::vector<char> good(pending_ths_.size(), 0);
    pool_.for_each(pending_ths_.size(), 16, [&](size_t i) {
      const auto& [t, k] = pending_ths_[i];
      good[i] = k.verify(t.signing_input(), t.sig) ? 1 : 0;
    });
    for (size_t i = 0; i < good.size(); ++i) {
      if (!good[i]) {
        uint64_t n = pending_ths_[i].first.tree_size;
        fail(n ? std::optional<uint64_t>(n - 1) : std::nullopt,
             "the signed tree head at tree size " + std::to_string(n) + " has a bad signature");
      }
      ++tree_heads_checked_;
    }
    if (checkpoint_) {
      auto k = keys_.find(checkpoint_->key_id);
      if (k == keys_.end() || !k->second.verify(checkpoint_->signing_input(), checkpoint_->sig))
        fail(start_, "the pruning checkpoint's signature is invalid (" + std::string(k == keys_.end() ? "unknown key" : "bad signature") + ")");
    }
    // The trust anchor: the key we were told to trust must be one of the log's.
    if (std::find(key_history_.begin(), key_history_.end(), trusted_.key_id()) == key_history_.end())
      fail(start_, "the log is not signed by the trusted key " + trusted_.key_id() + " (" + trust_source() +
                       "); its keys are: " + join(key_history_));
    if (receipt_) check_receipt();
    // The rest of the database: indexes, delivery marks, nothing foreign.
    if (auto problem = check_store(store_, index_, delivered_, start_, expect_)) fail(problem->seq, problem->reason);
  }

  void check_receipt() {
    const AuditReceipt& r = *receipt_;
    if (r.seq_first > r.seq_last || r.seq_last >= r.tree_size)
      fail(std::nullopt, "the receipt is malformed: records " + std::to_string(r.seq_first) + ".." +
                             std::to_string(r.seq_last) + " are outside its tree size " + std::to_string(r.tree_size));
    if (r.tree_size > frontier_.size())
      fail(frontier_.size(), "the log holds " + std::to_string(frontier_.size()) + " records, but the receipt covers " +
                                 std::to_string(r.tree_size) + ": records from " + std::to_string(frontier_.size()) +
                                 " on were removed (truncated or rolled back)");
    if (r.tree_size < start_)
      fail(std::nullopt, "the receipt covers tree size " + std::to_string(r.tree_size) +
                             ", whose records were pruned (the log now starts at " + std::to_string(start_) + ")");
    TreeHead t;
    t.tree_size = r.tree_size;
    t.timestamp_us = r.timestamp_us;
    auto root = from_hex(r.root_hash);
    auto sig = from_base64(r.signature);
    if (!root || root->size() != 32 || !sig) fail(std::nullopt, "the receipt's root_hash or signature is malformed");
    t.root_hash = *root;
    t.key_id = r.key_id;
    auto k = keys_.find(r.key_id);
    if (k == keys_.end())
      fail(std::nullopt, "the receipt is signed by key " + r.key_id + ", which is not one of the log's keys");
    if (!k->second.verify(t.signing_input(), *sig))
      fail(std::nullopt, "the receipt's signature is invalid (the receipt was altered)");
    if (!receipt_root_ || *receipt_root_ != *root)
      fail(r.seq_last, "the log's root at tree size " + std::to_string(r.tree_size) + " is " +
                           to_hex(receipt_root_.value_or("")) + ", not the receipt's " + r.root_hash +
                           ": records up to " + std::to_string(r.tree_size - 1) + " were changed after the receipt");
    receipt_checked_ = true;
  }

  std::string trust_source() const {
    return opts_.pubkey_pem_file ? "from " + *opts_.pubkey_pem_file : std::string("the local signing key");
  }
  static std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
    return out.empty() ? "(none)" : out;
  }

  const Store& store_;
  const PublicKey& trusted_;
  const VerifyOptions& opts_;
  std::optional<AuditReceipt> receipt_;
  WorkerPool pool_;
  bool progress_ = false;

  std::optional<Head> head_;
  std::string head_error_, checkpoint_error_;
  std::optional<Checkpoint> checkpoint_;
  uint64_t start_ = 0, expect_ = 0, records_ = 0, tree_heads_checked_ = 0;
  std::string prev_hash_;
  int64_t prev_ts_ = INT64_MIN;
  merkle::Frontier frontier_;
  KeyMap keys_;
  std::shared_ptr<const KeyMap> known_keys_ = std::make_shared<const KeyMap>();
  std::string current_key_;
  std::vector<std::string> key_history_;
  std::vector<TreeHead> ths_;
  size_t th_next_ = 0;
  uint64_t th_count_ = 0;   // tree heads before the current position
  std::string th_hash_;     // the newest one's hash
  std::string th_read_error_;
  std::vector<std::pair<TreeHead, PublicKey>> pending_ths_;
  std::optional<std::string> receipt_root_;
  bool receipt_checked_ = false;
  std::optional<Completeness> completeness_;
  IndexDigest index_;
  std::map<std::string, std::pair<uint64_t, uint64_t>> delivered_;  // origin -> (top spool seq, its record)
};

// Damage that no check of the records found (a damaged block or file that no
// record lives in, a damaged write-ahead log): the report names the first
// record of the damaged file; the first record after what a damaged
// write-ahead log still holds; else the last record, which the damaged head
// describes.
void name_damage(const Store& store, const std::string& damage, VerifyReport& rep) {
  rep.ok = false;
  rep.reason = "the audit log's database is damaged: " + damage;
  rep.first_bad_seq = first_record_at(store, store.first_key_of_file_in(damage));
  if (rep.first_bad_seq) return;
  if (damage.find(".log") != std::string::npos) {
    rep.first_bad_seq = rep.tree_size;
    rep.reason = "record " + std::to_string(rep.tree_size) + " and the records after it cannot be read: " + damage;
    return;
  }
  if (rep.tree_size > rep.first_seq) rep.first_bad_seq = rep.tree_size - 1;
}

// A log that cannot be opened as it is: open what can be read of it and let
// the checks name the first record that is lost; if they find nothing, the
// damage is outside the records (named by the first record its file holds).
VerifyReport verify_damaged(const std::string& db_dir, const std::string& damage, const PublicKey& trusted,
                            const VerifyOptions& opts, const std::optional<AuditReceipt>& receipt) {
  VerifyReport rep;
  rep.trusted_key_id = trusted.key_id();
  std::unique_ptr<Store> store;
  try {
    store = Store::open(db_dir, Store::Mode::read_damaged, 0);
  } catch (const AuditError&) {
    rep.reason = "the audit log cannot be read: " + damage;
    return rep;
  }
  rep = Verifier(*store, trusted, opts, receipt).run();
  if (!rep.ok) {
    rep.reason += " (the database is damaged: " + damage + ")";
    return rep;
  }
  name_damage(*store, damage, rep);
  return rep;
}

}  // namespace

VerifyReport verify_log(const std::string& state_dir, const config::AuditConfig& cfg, const VerifyOptions& opts) {
  const std::string kp = key_path(state_dir, cfg);
  std::optional<PublicKey> trusted;
  if (opts.pubkey_pem_file) {
    trusted = PublicKey::from_pem_file(*opts.pubkey_pem_file);
  } else {
    if (!path_exists(kp))
      throw AuditError("no public key to verify with: the signing key " + kp +
                       " does not exist; pass --pubkey FILE (from `mai-sandbox audit pubkey`)");
    trusted = SigningKey::load_file(kp).public_key();
  }
  std::optional<AuditReceipt> receipt;
  if (opts.receipt_file) receipt = load_receipt(*opts.receipt_file);
  const std::string db_dir = db_dir_for(state_dir);
  if (!path_exists(db_dir + "/CURRENT")) {
    // Nothing to verify, unless something says there was a log: its key, a receipt.
    if (!receipt && !path_exists(kp)) throw AuditError("no audit log at " + db_dir + " (nothing has been recorded yet)");
    VerifyReport rep;
    rep.trusted_key_id = trusted->key_id();
    rep.reason = "the audit log at " + db_dir + " is missing, although " +
                 (receipt ? std::string("a receipt covers ") + std::to_string(receipt->tree_size) + " records of it"
                          : "its signing key " + kp + " exists") +
                 " (deleted?)";
    return rep;
  }
  std::unique_ptr<Store> store;
  try {
    store = Store::open(db_dir, Store::Mode::read_only, cfg.lock_wait_ms);
  } catch (const LogFormatError&) {
    throw;
  } catch (const AuditError& e) {
    return verify_damaged(db_dir, e.what(), *trusted, opts, receipt);
  }
  VerifyReport rep = Verifier(*store, *trusted, opts, receipt).run();
  if (!rep.ok) return rep;
  // Every block of every table file, including those no record lives in.
  if (auto damage = store->verify_checksums(); !damage.empty()) name_damage(*store, damage, rep);
  return rep;
}

}  // namespace mai::audit
