#include "audit/merkle.hpp"

#include <stdexcept>

#include "common/sha256.hpp"

namespace mai::audit::merkle {

std::string leaf_hash(std::string_view leaf) {
  static const char zero = 0x00;
  return sha256({std::string_view(&zero, 1), leaf});
}

std::string node_hash(std::string_view left, std::string_view right) {
  static const char one = 0x01;
  return sha256({std::string_view(&one, 1), left, right});
}

std::string empty_root() { return sha256(std::string_view()); }

uint64_t split_point(uint64_t n) {
  uint64_t k = 1;
  while ((k << 1) < n) k <<= 1;
  return k;
}

std::string root_of(const std::vector<std::string>& leaves, uint64_t lo, uint64_t hi) {
  if (hi > leaves.size() || lo > hi) throw std::out_of_range("merkle: range outside the leaves");
  uint64_t n = hi - lo;
  if (n == 0) return empty_root();
  if (n == 1) return leaves[lo];
  uint64_t k = split_point(n);
  return node_hash(root_of(leaves, lo, lo + k), root_of(leaves, lo + k, hi));
}

SubtreeFn subtree_from(const std::vector<std::string>& leaf_hashes) {
  return [&leaf_hashes](uint64_t lo, uint64_t hi) { return root_of(leaf_hashes, lo, hi); };
}

namespace {

void path(uint64_t m, uint64_t lo, uint64_t hi, const SubtreeFn& mth, std::vector<std::string>& out) {
  uint64_t n = hi - lo;
  if (n <= 1) return;
  uint64_t k = split_point(n);
  if (m < k) {
    path(m, lo, lo + k, mth, out);
    out.push_back(mth(lo + k, hi));
  } else {
    path(m - k, lo + k, hi, mth, out);
    out.push_back(mth(lo, lo + k));
  }
}

void subproof(uint64_t m, uint64_t lo, uint64_t hi, bool complete, const SubtreeFn& mth,
              std::vector<std::string>& out) {
  uint64_t n = hi - lo;
  if (m == n) {
    if (!complete) out.push_back(mth(lo, hi));
    return;
  }
  uint64_t k = split_point(n);
  if (m <= k) {
    subproof(m, lo, lo + k, complete, mth, out);
    out.push_back(mth(lo + k, hi));
  } else {
    subproof(m - k, lo + k, hi, false, mth, out);
    out.push_back(mth(lo, lo + k));
  }
}

}  // namespace

std::vector<std::string> inclusion_proof(uint64_t index, uint64_t size, const SubtreeFn& mth) {
  if (index >= size) throw std::out_of_range("inclusion proof: leaf index outside the tree");
  std::vector<std::string> out;
  path(index, 0, size, mth, out);
  return out;
}

std::vector<std::string> consistency_proof(uint64_t first, uint64_t second, const SubtreeFn& mth) {
  if (first > second) throw std::out_of_range("consistency proof: first size is larger than second");
  std::vector<std::string> out;
  if (first == 0 || first == second) return out;
  subproof(first, 0, second, true, mth, out);
  return out;
}

bool verify_inclusion(std::string_view leaf, uint64_t index, uint64_t size,
                      const std::vector<std::string>& proof, std::string_view root) {
  if (index >= size || leaf.size() != 32 || root.size() != 32) return false;
  uint64_t fn = index, sn = size - 1;
  std::string r(leaf);
  for (const auto& p : proof) {
    if (p.size() != 32 || sn == 0) return false;
    if ((fn & 1) || fn == sn) {
      r = node_hash(p, r);
      if (!(fn & 1))
        while (!(fn & 1) && fn != 0) {
          fn >>= 1;
          sn >>= 1;
        }
    } else {
      r = node_hash(r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn == 0 && r == root;
}

bool verify_consistency(uint64_t first, uint64_t second, std::string_view first_root,
                        std::string_view second_root, const std::vector<std::string>& proof_in) {
  if (first > second || first_root.size() != 32 || second_root.size() != 32) return false;
  if (first == second) return proof_in.empty() && first_root == second_root;
  if (first == 0) return proof_in.empty();
  if (proof_in.empty()) return false;
  std::vector<std::string> proof;
  if ((first & (first - 1)) == 0) proof.emplace_back(first_root);
  proof.insert(proof.end(), proof_in.begin(), proof_in.end());
  for (const auto& p : proof)
    if (p.size() != 32) return false;
  uint64_t fn = first - 1, sn = second - 1;
  while (fn & 1) {
    fn >>= 1;
    sn >>= 1;
  }
  std::string fr = proof[0], sr = proof[0];
  for (size_t i = 1; i < proof.size(); ++i) {
    const auto& c = proof[i];
    if (sn == 0) return false;
    if ((fn & 1) || fn == sn) {
      fr = node_hash(c, fr);
      sr = node_hash(c, sr);
      if (!(fn & 1))
        while (!(fn & 1) && fn != 0) {
          fn >>= 1;
          sn >>= 1;
        }
    } else {
      sr = node_hash(sr, c);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return fr == first_root && sr == second_root && sn == 0;
}

Frontier::Frontier(uint64_t size, std::vector<std::string> nodes) : size_(size), nodes_(std::move(nodes)) {
  size_t bits = 0;
  for (uint64_t s = size; s; s >>= 1) bits += s & 1;
  if (bits != nodes_.size()) throw std::invalid_argument("frontier: node count does not match the size");
  for (const auto& n : nodes_)
    if (n.size() != 32) throw std::invalid_argument("frontier: a node is not 32 bytes");
}

void Frontier::append(std::string_view leaf) {
  std::string h(leaf);
  for (uint64_t s = size_; s & 1; s >>= 1) {
    h = node_hash(nodes_.back(), h);
    nodes_.pop_back();
  }
  nodes_.push_back(std::move(h));
  ++size_;
}

std::string Frontier::root() const {
  if (nodes_.empty()) return empty_root();
  std::string h = nodes_.back();
  for (size_t i = nodes_.size() - 1; i-- > 0;) h = node_hash(nodes_[i], h);
  return h;
}

std::vector<std::pair<uint64_t, uint64_t>> Frontier::ranges() const {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  uint64_t lo = 0;
  for (int bit = 63; bit >= 0; --bit) {
    uint64_t w = uint64_t{1} << bit;
    if (size_ & w) {
      out.emplace_back(lo, lo + w);
      lo += w;
    }
  }
  return out;
}

}  // namespace mai::audit::merkle
