#include "audit/chain.hpp"

#include <algorithm>

#include "audit/merkle.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

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

}  // namespace mai::audit
