#include "audit/chain.hpp"

#include <algorithm>

#include "audit/canonical_json.hpp"
#include "audit/worker_pool.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

Sealer::Sealer(Head& head) : h_(head), frontier_(head.next_seq, head.frontier) {
  if (h_.last_hash.empty()) h_.last_hash = zero_hash();
  if (h_.tree_head_hash.empty()) h_.tree_head_hash = zero_hash();
}

uint64_t Sealer::add(Record r, const SigningKey& key) {
  std::string data = canonical_json(r.data);
  return add(std::move(r), data, key);
}

uint64_t Sealer::add(Record r, std::string_view canonical_data, const SigningKey& key) {
  r.seq = h_.next_seq;
  r.timestamp_us = std::max(now_unix_us(), h_.last_timestamp_us);
  r.prev_hash = h_.last_hash;
  r.key_id = key.key_id();
  r.tree_heads = h_.tree_heads;
  r.tree_head_hash = h_.tree_head_hash;
  std::string body = r.canonical_body_with(canonical_data);
  std::string hash = record_hash(body);
  frontier_.append(hash);
  h_.next_seq = frontier_.size();
  h_.last_hash = std::move(hash);
  h_.last_timestamp_us = r.timestamp_us;
  uint64_t seq = r.seq;
  items_.push_back(Item{std::move(r), std::move(body), &key, {}});
  return seq;
}

const TreeHead& Sealer::add_tree_head(const SigningKey& key) {
  TreeHead t;
  t.tree_size = h_.next_seq;
  // Strictly after the one before: (tree size, time) is its storage key.
  t.timestamp_us = std::max({now_unix_us(), h_.last_timestamp_us, h_.last_tree_head_us + 1});
  t.root_hash = frontier_.root();
  t.key_id = key.key_id();
  h_.last_tree_head_us = t.timestamp_us;
  h_.tree_heads += 1;
  h_.tree_head_hash = t.hash();
  ths_.push_back(Th{std::move(t), &key});
  return ths_.back().t;
}

void Sealer::sign(WorkerPool* pool) {
  const size_t n = items_.size(), total = n + ths_.size();
  auto one = [&](size_t i) {
    if (i < n) {
      Item& it = items_[i];
      std::string input;
      input.reserve(kRecordDomain.size() + it.body.size());
      input.append(kRecordDomain).append(it.body);
      it.r.sig = it.key->sign(input);
      it.bytes = Record::with_sig(it.body, it.r.sig);
    } else {
      Th& th = ths_[i - n];
      th.t.sig = th.key->sign(th.t.signing_input());
    }
  };
  if (pool && total > 1)
    pool->for_each(total, 1, one);
  else
    for (size_t i = 0; i < total; ++i) one(i);
}

void Sealer::put_into(Store::Batch& b) {
  for (const auto& it : items_) b.put_record(it.r, it.bytes);
  for (const auto& th : ths_) b.put_tree_head(th.t);
  h_.frontier = frontier_.nodes();
  b.put_head(h_);
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
