#include "audit/proofs.hpp"

#include <map>

#include "audit/error.hpp"
#include "audit/merkle.hpp"
#include "audit/store.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

namespace {

std::vector<std::string> hexes(const std::vector<std::string>& v) {
  std::vector<std::string> out;
  for (const auto& h : v) out.push_back(to_hex(h));
  return out;
}

// The leaves of [first_seq, size) and the pruning checkpoint's frontier: every
// subtree hash a proof at or above the pruning point can need.
class Tree {
 public:
  Tree(const Store& store, uint64_t size) : size_(size) {
    auto head = store.head();
    if (!head) throw AuditError("the audit log has no head record");
    if (size > head->next_seq)
      throw AuditError("tree size " + std::to_string(size) + " is larger than the log (" +
                       std::to_string(head->next_seq) + " records)");
    first_ = head->first_seq;
    if (auto cp = store.checkpoint()) {
      merkle::Frontier f(cp->first_seq, cp->frontier);
      auto ranges = f.ranges();
      for (size_t i = 0; i < ranges.size(); ++i) pruned_[ranges[i]] = cp->frontier[i];
    }
    uint64_t expect = first_;
    if (size > first_)
      store.scan_records(first_, [&](std::string_view k, std::string_view v) {
        if (k.size() != 8 || read_be64(k) != expect)
          throw AuditError("record " + std::to_string(expect) + " is missing; run `mai-sandbox audit verify`");
        leaves_.push_back(record_hash(Record::body_of(v)));
        return ++expect < size;
      });
    if (expect < size) throw AuditError("record " + std::to_string(expect) + " is missing; run `mai-sandbox audit verify`");
  }

  std::string mth(uint64_t lo, uint64_t hi) const {
    if (hi <= first_ && lo < hi) {
      auto it = pruned_.find({lo, hi});
      if (it == pruned_.end())
        throw AuditError("records below " + std::to_string(first_) + " were pruned; this proof needs them");
      return it->second;
    }
    if (lo >= first_) return merkle::root_of(leaves_, lo - first_, hi - first_);
    uint64_t k = merkle::split_point(hi - lo);
    return merkle::node_hash(mth(lo, lo + k), mth(lo + k, hi));
  }
  merkle::SubtreeFn fn() const {
    return [this](uint64_t lo, uint64_t hi) { return mth(lo, hi); };
  }
  std::string root() const { return size_ == 0 ? merkle::empty_root() : mth(0, size_); }
  std::string leaf(uint64_t seq) const { return leaves_.at(seq - first_); }
  uint64_t first() const { return first_; }

 private:
  uint64_t size_, first_ = 0;
  std::vector<std::string> leaves_;
  std::map<std::pair<uint64_t, uint64_t>, std::string> pruned_;
};

std::optional<TreeHead> head_at(const Store& store, uint64_t size) {
  std::optional<TreeHead> out;
  for (const auto& [k, v] : store.tree_heads()) {
    if (k.size() < 8 || read_be64(k) != size) continue;
    try {
      out = TreeHead::decode(v);  // the latest one at that size
    } catch (const AuditError&) {
    }
  }
  return out;
}

}  // namespace

json InclusionProof::to_json() const {
  return json{{"seq", seq},
              {"leaf_index", seq},
              {"tree_size", tree_size},
              {"leaf_hash", to_hex(leaf_hash)},
              {"root_hash", to_hex(root_hash)},
              {"audit_path", hexes(path)},
              {"tree_head", tree_head ? tree_head->to_json() : json(nullptr)},
              {"record", json::parse(record)}};
}

json ConsistencyProof::to_json() const {
  return json{{"first", first},
              {"second", second},
              {"first_root", to_hex(first_root)},
              {"second_root", to_hex(second_root)},
              {"consistency_path", hexes(path)},
              {"first_tree_head", first_head ? first_head->to_json() : json(nullptr)},
              {"second_tree_head", second_head ? second_head->to_json() : json(nullptr)}};
}

InclusionProof prove_inclusion(const std::string& state_dir, const config::AuditConfig& cfg, uint64_t seq,
                               std::optional<uint64_t> tree_size) {
  auto store = Store::open(db_dir_for(state_dir), Store::Mode::read_only, cfg.lock_wait_ms);
  auto head = store->head();
  if (!head) throw AuditError("the audit log has no head record");
  // By default, prove against the newest signed tree head that covers the
  // record, so the root in the proof is one the log has signed.
  uint64_t n = head->next_seq;
  if (tree_size) {
    n = *tree_size;
  } else if (auto latest = store->latest_tree_head(); latest && latest->tree_size > seq) {
    n = latest->tree_size;
  }
  if (seq >= n)
    throw AuditError("record " + std::to_string(seq) + " is not in a tree of size " + std::to_string(n));
  if (seq < head->first_seq)
    throw AuditError("record " + std::to_string(seq) + " was pruned (the log starts at " +
                     std::to_string(head->first_seq) + ")");
  Tree tree(*store, n);
  InclusionProof p;
  p.seq = seq;
  p.tree_size = n;
  p.leaf_hash = tree.leaf(seq);
  p.root_hash = tree.root();
  p.path = merkle::inclusion_proof(seq, n, tree.fn());
  p.record = *store->get_record(seq);
  p.tree_head = head_at(*store, n);
  if (!merkle::verify_inclusion(p.leaf_hash, seq, n, p.path, p.root_hash))
    throw AuditError("internal error: the inclusion proof does not verify");
  if (p.tree_head && p.tree_head->root_hash != p.root_hash)
    throw AuditError("the signed tree head at size " + std::to_string(n) +
                     " does not match the records; run `mai-sandbox audit verify`");
  return p;
}

ConsistencyProof prove_consistency(const std::string& state_dir, const config::AuditConfig& cfg, uint64_t first,
                                   uint64_t second) {
  if (first > second) throw AuditError("consistency: OLD must not be larger than NEW");
  auto store = Store::open(db_dir_for(state_dir), Store::Mode::read_only, cfg.lock_wait_ms);
  Tree tree(*store, second);
  ConsistencyProof p;
  p.first = first;
  p.second = second;
  p.first_root = first == 0 ? merkle::empty_root() : tree.mth(0, first);
  p.second_root = tree.root();
  p.path = merkle::consistency_proof(first, second, tree.fn());
  p.first_head = head_at(*store, first);
  p.second_head = head_at(*store, second);
  if (!merkle::verify_consistency(first, second, p.first_root, p.second_root, p.path))
    throw AuditError("internal error: the consistency proof does not verify");
  return p;
}

}  // namespace mai::audit
