// Proof, handed back with every result, of what the audit log holds.
#pragma once
#include <cstdint>
#include <string>

namespace mai {

struct AuditReceipt {
  uint64_t seq_first = 0;  // the request's first record
  uint64_t seq_last = 0;   // its last record
  uint64_t tree_size = 0;  // records covered by the signed tree head
  std::string root_hash;   // hex Merkle root over those records
  std::string signature;   // base64 Ed25519 signature of the tree head
  std::string key_id;      // hex id of the signing key
  int64_t timestamp_us = 0;  // when the tree head was signed
};

}  // namespace mai
