// RFC 6962 proofs over the stored log: inclusion of one record in a tree
// size, and consistency between two tree sizes. Each proof is checked
// against the root before it is returned.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "audit/record.hpp"
#include "common/json.hpp"
#include "config/audit_config.hpp"

namespace mai::audit {

struct InclusionProof {
  uint64_t seq = 0;        // = leaf index
  uint64_t tree_size = 0;
  std::string leaf_hash;   // raw
  std::string root_hash;   // raw
  std::vector<std::string> path;  // raw, RFC 6962 order
  std::optional<TreeHead> tree_head;  // a signed head at that size, when there is one
  std::string record;      // the record's canonical bytes
  json to_json() const;    // hex hashes
};

struct ConsistencyProof {
  uint64_t first = 0, second = 0;
  std::string first_root, second_root;  // raw
  std::vector<std::string> path;
  std::optional<TreeHead> first_head, second_head;
  json to_json() const;
};

// tree_size defaults to the newest signed tree head covering seq, else the whole log. Throws AuditError for sizes outside
// the log or records that were pruned.
InclusionProof prove_inclusion(const std::string& state_dir, const config::AuditConfig& cfg, uint64_t seq,
                               std::optional<uint64_t> tree_size);
ConsistencyProof prove_consistency(const std::string& state_dir, const config::AuditConfig& cfg, uint64_t first,
                                   uint64_t second);

}  // namespace mai::audit
