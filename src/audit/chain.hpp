// Sealing records and tree heads onto the chain head (audit/store.hpp Head),
// in two steps. First, as each is added, the cheap and sequential part:
// numbering, time stamps, the link to the predecessor's record hash, the
// count and hash of the tree heads before it, the Merkle frontier. A record
// hash covers the record without its signature, so nothing here waits for a
// signature. Then sign() makes every signature at once, in parallel; or,
// after sign_as_added(), a pool signs each record as soon as it is added,
// while the next ones are being sealed.
#pragma once
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "audit/merkle.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "audit/worker_pool.hpp"
#include "model/receipt.hpp"

namespace mai::audit {

class Sealer {
 public:
  // `head` is advanced by every add; it must outlive the Sealer.
  explicit Sealer(Head& head);
  ~Sealer();  // waits for the pool's signers when sign() was not reached
  Sealer(const Sealer&) = delete;
  Sealer& operator=(const Sealer&) = delete;

  // Adds `r` at the head of the chain, to be signed by `key` (which must
  // outlive sign()); `canonical_data` is canonical_json(r.data, ...). Sets
  // r's seq, timestamp, links and key id. Returns its seq.
  uint64_t add(Record r, std::string_view canonical_data, const SigningKey& key);
  uint64_t add(Record r, const SigningKey& key);  // data encoded here (no floats)
  // A tree head over all records so far, to be signed by `key`.
  const TreeHead& add_tree_head(const SigningKey& key);

  // Before the first add(): the pool's other threads sign each record as
  // soon as it is added (the caller signs with them in sign()). At most
  // `most` records may be added then; a batch's sealing overlaps its signing.
  void sign_as_added(WorkerPool* pool, size_t most);
  // Every signature; spread over `pool` when there is one and enough to do.
  // After sign_as_added(), `pool` is ignored: the tree heads are signed
  // here, then the caller helps the pool with the records left.
  void sign(WorkerPool* pool = nullptr);
  // After sign(): the records (with their index entries) and tree heads, and
  // the advanced head, into one write. The records' bytes move into it.
  void put_into(Store::Batch& b);

  size_t size() const { return items_.size(); }
  const Record& record(size_t i) const { return items_[i].r; }
  const TreeHead& tree_head(size_t i) const { return ths_[i].t; }
  size_t tree_heads() const { return ths_.size(); }

 private:
  struct Item {
    Record r;
    std::string input;  // kRecordDomain, then the canonical body (without "sig")
    const SigningKey* key;
    std::string bytes;  // after sign()
  };
  void sign_record(Item& it);
  void sign_added(size_t i);  // the pool's job after sign_as_added()
  void finish_streaming() noexcept;
  struct Th {
    TreeHead t;
    const SigningKey* key;
  };
  Head& h_;
  merkle::Frontier frontier_;
  // Reserved to `most` by sign_as_added(), so that adding never moves the
  // items a signer is reading; added_ publishes each one to the signers.
  std::vector<Item> items_;
  std::deque<Th> ths_;
  WorkerPool* stream_pool_ = nullptr;
  std::shared_ptr<WorkerPool::Job> job_;  // while the pool signs as added
  std::function<void(size_t)> stream_fn_;
  std::atomic<size_t> added_{0};
  std::atomic<bool> closed_{false};  // no more adds
  size_t most_ = 0;
};

// The receipt for records [first, last] under tree head `t`.
AuditReceipt receipt_of(const TreeHead& t, uint64_t first, uint64_t last);

}  // namespace mai::audit
