// RFC 6962 (and RFC 9162 section 2.1) Merkle trees over SHA-256:
//   leaf hash  = SHA-256(0x00 || leaf bytes)
//   node hash  = SHA-256(0x01 || left || right)
//   MTH({})    = SHA-256("")
// Hashes are raw 32-byte strings.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mai::audit::merkle {

std::string leaf_hash(std::string_view leaf);
std::string node_hash(std::string_view left, std::string_view right);
std::string empty_root();

// The largest power of two strictly smaller than n (n >= 2): RFC 6962's split.
uint64_t split_point(uint64_t n);

// MTH over the leaf hashes [lo, hi).
std::string root_of(const std::vector<std::string>& leaf_hashes, uint64_t lo, uint64_t hi);
inline std::string root_of(const std::vector<std::string>& leaf_hashes) {
  return root_of(leaf_hashes, 0, leaf_hashes.size());
}

// The hash of any subtree [lo, hi) of the tree: how proofs get their nodes,
// whether from a vector of leaves or from storage.
using SubtreeFn = std::function<std::string(uint64_t lo, uint64_t hi)>;
SubtreeFn subtree_from(const std::vector<std::string>& leaf_hashes);

// The audit path of leaf `index` in the tree of `size` leaves (RFC 6962 2.1.1).
std::vector<std::string> inclusion_proof(uint64_t index, uint64_t size, const SubtreeFn& mth);
// The consistency proof between sizes `first` <= `second` (RFC 6962 2.1.2).
std::vector<std::string> consistency_proof(uint64_t first, uint64_t second, const SubtreeFn& mth);

// RFC 9162 2.1.3.2 and 2.1.4.2 verification.
bool verify_inclusion(std::string_view leaf_hash, uint64_t index, uint64_t size,
                      const std::vector<std::string>& proof, std::string_view root);
bool verify_consistency(uint64_t first, uint64_t second, std::string_view first_root,
                        std::string_view second_root, const std::vector<std::string>& proof);

// The compact range [0, size): the roots of the perfect subtrees, largest
// first, one per set bit of size. O(log n) to store, to append to and to
// compute the root from.
class Frontier {
 public:
  Frontier() = default;
  Frontier(uint64_t size, std::vector<std::string> nodes);  // throws if inconsistent

  void append(std::string_view leaf_hash);
  std::string root() const;
  uint64_t size() const { return size_; }
  const std::vector<std::string>& nodes() const { return nodes_; }
  // The leaf range [lo, hi) each node covers, in the order of nodes().
  std::vector<std::pair<uint64_t, uint64_t>> ranges() const;

 private:
  uint64_t size_ = 0;
  std::vector<std::string> nodes_;
};

}  // namespace mai::audit::merkle
