#include "audit/chain.hpp"

#include <algorithm>
#include <thread>

#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/worker_pool.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

Sealer::Sealer(Head& head) : h_(head), frontier_(head.next_seq, head.frontier) {
  if (h_.last_hash.empty()) h_.last_hash = zero_hash();
  if (h_.tree_head_hash.empty()) h_.tree_head_hash = zero_hash();
}

Sealer::~Sealer() { finish_streaming(); }

void Sealer::sign_as_added(WorkerPool* pool, size_t most) {
  if (!pool || pool->size() < 2 || most < 2 || job_ || !items_.empty()) return;  // sign() does it all
  items_.reserve(most);
  most_ = most;
  stream_pool_ = pool;
  stream_fn_ = [this](size_t i) { sign_added(i); };
}

// Record i once it is added; nothing when the adds ended before it. The
// leader adds a record every few microseconds and a signature takes tens,
// so a signer rarely finds its record not yet there.
void Sealer::sign_added(size_t i) {
  while (i >= added_.load(std::memory_order_acquire)) {
    if (closed_.load(std::memory_order_acquire) && i >= added_.load(std::memory_order_acquire)) return;
    std::this_thread::yield();
  }
  sign_record(items_[i]);
}

// Ends the adds and waits for the pool's signers (sign() rethrows their
// error; the destructor, reached by an error while sealing, drops it).
void Sealer::finish_streaming() noexcept {
  if (!job_) return;
  closed_.store(true, std::memory_order_release);
  try {
    stream_pool_->join(job_);
  } catch (...) {
  }
  job_.reset();
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
  // The signing input, built once: the hash and the stored bytes take the
  // body from it.
  const std::string body = r.canonical_body_with(canonical_data);
  std::string input;
  input.reserve(kRecordDomain.size() + body.size());
  input.append(kRecordDomain).append(body);
  std::string hash = record_hash(body);
  if (stream_pool_ && items_.size() == most_) throw AuditError("internal error: more records sealed than announced");
  frontier_.append(hash);
  h_.next_seq = frontier_.size();
  h_.last_hash = std::move(hash);
  h_.last_timestamp_us = r.timestamp_us;
  uint64_t seq = r.seq;
  items_.push_back(Item{std::move(r), std::move(input), &key, {}});
  if (stream_pool_) {
    added_.store(items_.size(), std::memory_order_release);
    if (!job_) job_ = stream_pool_->launch(most_, 1, stream_fn_);  // wakes the pool with the first record
  }
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

void Sealer::sign_record(Item& it) {
  it.r.sig = it.key->sign(it.input);
  it.bytes = Record::with_sig(std::string_view(it.input).substr(kRecordDomain.size()), it.r.sig);
}

void Sealer::sign(WorkerPool* pool) {
  if (stream_pool_) {
    closed_.store(true, std::memory_order_release);
    for (auto& th : ths_) th.t.sig = th.key->sign(th.t.signing_input());  // while the pool signs records
    if (job_) {
      auto job = std::move(job_);
      stream_pool_->join(job);  // the caller signs what is left, then rethrows a signer's error
    }
    return;
  }
  const size_t n = items_.size(), total = n + ths_.size();
  auto one = [&](size_t i) {
    if (i < n) {
      sign_record(items_[i]);
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
  for (auto& it : items_) b.put_record(it.r, std::move(it.bytes));
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
