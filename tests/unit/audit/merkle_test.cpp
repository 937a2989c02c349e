// RFC 6962 test vectors (the Certificate Transparency reference tree, as
// published with transparency-dev/merkle), and proofs over every shape.
#include <gtest/gtest.h>

#include "audit/merkle.hpp"
#include "common/encoding.hpp"

namespace mai::audit::merkle {

namespace {

std::string unhex(const std::string& h) { return *from_hex(h); }

const char* kLeaves[] = {"", "00", "10", "2021", "3031", "40414243", "5051525354555657",
                         "606162636465666768696a6b6c6d6e6f"};
const char* kRoots[] = {"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
                        "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
                        "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
                        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
                        "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
                        "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
                        "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
                        "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328"};

std::vector<std::string> reference_leaves() {
  std::vector<std::string> out;
  for (auto* l : kLeaves) out.push_back(leaf_hash(unhex(l)));
  return out;
}

std::vector<std::string> hexes(const std::vector<std::string>& v) {
  std::vector<std::string> out;
  for (const auto& h : v) out.push_back(to_hex(h));
  return out;
}

}  // namespace

TEST(Merkle, RootsMatchRfc6962Vectors) {
  auto leaves = reference_leaves();
  EXPECT_EQ(to_hex(empty_root()), kRoots[0]);
  for (size_t n = 0; n <= leaves.size(); ++n) EXPECT_EQ(to_hex(root_of(leaves, 0, n)), kRoots[n]) << n;
}

TEST(Merkle, FrontierAgreesWithTheRecursiveRoot) {
  auto leaves = reference_leaves();
  Frontier f;
  EXPECT_EQ(to_hex(f.root()), kRoots[0]);
  for (size_t n = 0; n < leaves.size(); ++n) {
    f.append(leaves[n]);
    EXPECT_EQ(to_hex(f.root()), kRoots[n + 1]);
    Frontier copy(f.size(), f.nodes());
    EXPECT_EQ(copy.root(), f.root());
  }
  EXPECT_THROW(Frontier(3, {leaves[0]}), std::invalid_argument);
}

TEST(Merkle, InclusionProofVectors) {
  auto leaves = reference_leaves();
  auto mth = subtree_from(leaves);
  EXPECT_EQ(hexes(inclusion_proof(0, 8, mth)),
            (std::vector<std::string>{"96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
                                      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                                      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"}));
  EXPECT_EQ(hexes(inclusion_proof(5, 8, mth)),
            (std::vector<std::string>{"bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
                                      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                                      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"}));
  EXPECT_TRUE(inclusion_proof(0, 1, mth).empty());
}

TEST(Merkle, ConsistencyProofVectors) {
  auto leaves = reference_leaves();
  auto mth = subtree_from(leaves);
  EXPECT_EQ(hexes(consistency_proof(2, 8, mth)),
            (std::vector<std::string>{"5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                                      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"}));
  EXPECT_EQ(hexes(consistency_proof(6, 8, mth)),
            (std::vector<std::string>{"0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
                                      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
                                      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"}));
  EXPECT_EQ(hexes(consistency_proof(2, 5, mth)),
            (std::vector<std::string>{"5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
                                      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"}));
  EXPECT_TRUE(consistency_proof(1, 1, mth).empty());
}

TEST(Merkle, EveryProofVerifiesAndTamperedOnesDoNot) {
  std::vector<std::string> leaves;
  for (int i = 0; i < 40; ++i) leaves.push_back(leaf_hash(std::string(1, static_cast<char>(i)) + "x"));
  auto mth = subtree_from(leaves);
  for (uint64_t n = 1; n <= leaves.size(); ++n) {
    std::string root = root_of(leaves, 0, n);
    for (uint64_t i = 0; i < n; ++i) {
      auto p = inclusion_proof(i, n, mth);
      ASSERT_TRUE(verify_inclusion(leaves[i], i, n, p, root)) << i << "/" << n;
      if (n > 1) {
        EXPECT_FALSE(verify_inclusion(leaves[i], (i + 1) % n, n, p, root));
        EXPECT_FALSE(verify_inclusion(leaves[(i + 1) % n], i, n, p, root));
      }
      if (!p.empty()) {
        auto bad = p;
        bad.back()[3] ^= 1;
        EXPECT_FALSE(verify_inclusion(leaves[i], i, n, bad, root));
        bad = p;
        bad.pop_back();
        EXPECT_FALSE(verify_inclusion(leaves[i], i, n, bad, root));
      }
    }
    for (uint64_t m = 0; m <= n; ++m) {
      auto p = consistency_proof(m, n, mth);
      std::string old_root = root_of(leaves, 0, m);
      ASSERT_TRUE(verify_consistency(m, n, old_root, root, p)) << m << "->" << n;
      if (m > 0 && m < n) {
        auto bad = p;
        bad.front()[0] ^= 0x80;
        EXPECT_FALSE(verify_consistency(m, n, old_root, root, bad));
        EXPECT_FALSE(verify_consistency(m, n, old_root, root, {}));
        EXPECT_FALSE(verify_consistency(m, n, root_of(leaves, 0, m - 1), root, p));
      }
    }
  }
}

}  // namespace mai::audit::merkle
