// Sealing records and tree heads onto the chain head (audit/store.hpp Head),
// in two steps. First, as each is added, the cheap and sequential part:
// numbering, time stamps, the link to the predecessor's record hash, the
// count and hash of the tree heads before it, the Merkle frontier. A record
// hash covers the record without its signature, so nothing here waits for a
// signature. Then sign() makes every signature at once, in parallel.
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "audit/merkle.hpp"
#include "audit/record.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "model/receipt.hpp"

namespace mai::audit {

class WorkerPool;

class Sealer {
 public:
  // `head` is advanced by every add; it must outlive the Sealer.
  explicit Sealer(Head& head);

  // Adds `r` at the head of the chain, to be signed by `key` (which must
  // outlive sign()); `canonical_data` is canonical_json(r.data, ...). Sets
  // r's seq, timestamp, links and key id. Returns its seq.
  uint64_t add(Record r, std::string_view canonical_data, const SigningKey& key);
  uint64_t add(Record r, const SigningKey& key);  // data encoded here (no floats)
  // A tree head over all records so far, to be signed by `key`.
  const TreeHead& add_tree_head(const SigningKey& key);

  // Every signature; spread over `pool` when there is one and enough to do.
  void sign(WorkerPool* pool = nullptr);
  // After sign(): the records (with their index entries) and tree heads, and
  // the advanced head, into one write.
  void put_into(Store::Batch& b);

  size_t size() const { return items_.size(); }
  const Record& record(size_t i) const { return items_[i].r; }
  const std::string& bytes(size_t i) const { return items_[i].bytes; }
  const TreeHead& tree_head(size_t i) const { return ths_[i].t; }
  size_t tree_heads() const { return ths_.size(); }

 private:
  struct Item {
    Record r;
    std::string body;  // canonical, without "sig"
    const SigningKey* key;
    std::string bytes;  // after sign()
  };
  struct Th {
    TreeHead t;
    const SigningKey* key;
  };
  Head& h_;
  merkle::Frontier frontier_;
  std::deque<Item> items_;
  std::deque<Th> ths_;
};

// The receipt for records [first, last] under tree head `t`.
AuditReceipt receipt_of(const TreeHead& t, uint64_t first, uint64_t last);

}  // namespace mai::audit
