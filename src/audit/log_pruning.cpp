// Retention: records before a point are removed, leaving a signed checkpoint
// (docs/audit-format.md section 5) from which the rest still verifies and
// every later root can be computed; the pruning itself is a record.
#include "audit/chain.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/merkle.hpp"
#include "audit/store.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

uint64_t Log::prune_before(uint64_t first_seq) {
  uint64_t removed = 0;
  with_store([&](Store& store) {
    const Head head = head_of(store);
    const SigningKey key = key_.current();
    if (first_seq > head.next_seq)
      throw AuditError("cannot prune below " + std::to_string(first_seq) + ": the log has only " +
                       std::to_string(head.next_seq) + " records");
    if (first_seq <= head.first_seq) return;
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
    uint64_t expect = head.first_seq;
    store.scan_records(head.first_seq, [&](std::string_view k, std::string_view v) {
      if (k.size() != 8 || read_be64(k) != expect)
        throw AuditError("cannot prune: record " + std::to_string(expect) + " is missing; run audit verify");
      if (expect >= first_seq) return false;
      try {
        Record r = Record::decode(v);
        auto raw_key = [&](const char* member) {
          auto raw = from_base64(r.data.at(member).get<std::string>());
          if (!raw) throw AuditError(std::string("bad ") + member);
          return *raw;
        };
        if (r.type == events::log_created) {
          cur_pub = raw_key("public_key");
          key_ids.push_back(r.key_id);
        } else if (r.type == events::key_rotated) {
          cur_pub = raw_key("new_public_key");
          key_ids.push_back(r.data.at("new_key_id").get<std::string>());
        }
        last_ts = r.timestamp_us;
      } catch (const std::exception& e) {
        throw AuditError("cannot prune: record " + std::to_string(expect) + " is damaged (" + e.what() +
                         "); run audit verify");
      }
      last_hash = record_hash(Record::body_of(v));
      f.append(last_hash);
      ++expect;
      return true;
    });
    if (f.size() != first_seq) throw AuditError("cannot prune: the log ends before " + std::to_string(first_seq));
    // The tree heads of the removed records go with them; the checkpoint
    // keeps their number and the newest one's hash, which later records name.
    uint64_t removed_heads = 0;
    std::string newest_removed = cp_old ? cp_old->tree_head_hash : zero_hash();
    for (const auto& [k, v] : store.tree_heads()) {
      if (k.size() < 8 || read_be64(k) >= first_seq) break;
      if (k.size() == 16 && read_be64(k) < head.first_seq) continue;  // removed by an earlier pruning's range
      ++removed_heads;
      newest_removed = TreeHead::decode(v).hash();
    }
    Checkpoint cp;
    cp.first_seq = first_seq;
    cp.prev_hash = last_hash;
    cp.frontier = f.nodes();
    cp.last_timestamp_us = last_ts;
    cp.key_ids = key_ids;
    cp.public_key = cur_pub;
    cp.timestamp_us = now_unix_us();
    cp.key_id = key.key_id();
    cp.tree_heads = (cp_old ? cp_old->tree_heads : 0) + removed_heads;
    cp.tree_head_hash = newest_removed;
    cp.sig = key.sign(cp.signing_input());

    Head h = head;
    removed = first_seq - head.first_seq;
    Record r;
    r.type = events::pruned;
    r.data = json{{"first_seq", first_seq},
                  {"removed", removed},
                  {"root_hash", to_hex(f.root())},
                  {"checkpoint_sig", to_base64(cp.sig)}};
    Sealer sealer(h);
    sealer.add(std::move(r), key);
    sealer.add_tree_head(key);
    sealer.sign();
    h.first_seq = first_seq;
    Store::Batch b(store);
    b.delete_records(head.first_seq, first_seq);
    b.put_checkpoint(cp);
    sealer.put_into(b);
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
      Record r;
      try {
        r = Record::decode(v);
      } catch (const AuditError& e) {
        throw AuditError(std::string("cannot prune: a record is damaged (") + e.what() + "); run audit verify");
      }
      if (r.timestamp_us >= cutoff) return false;
      target = r.seq + 1;
      return true;
    });
    if (target > head->next_seq) target = head->next_seq;
  });
  return target == 0 ? 0 : prune_before(target);
}

}  // namespace mai::audit
