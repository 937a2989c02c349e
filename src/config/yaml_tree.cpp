#include "config/yaml_tree.hpp"

#include <yaml-cpp/yaml.h>

#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include "common/error.hpp"

namespace mai::config {

namespace {

constexpr size_t kMaxDepth = 64;  // far beyond any configuration file's nesting

// An alias to an anchor that is still being built makes a document contain
// itself, and walking it would never end. Such documents, and nesting deeper
// than any configuration needs, are refused when parsed. A node reached again
// through another alias (same source position) is walked once, so a
// "billion laughs" document costs its size, not its expansion.
void refuse_cycles(const YAML::Node& n, std::vector<YAML::Node>& ancestors, std::set<int>& walked,
                   const std::string& file) {
  if (!n.IsMap() && !n.IsSequence()) return;
  for (const auto& a : ancestors)
    if (a.is(n))
      throw ConfigError(file, n.Mark().line + 1, "",
                        "not valid YAML: a node contains itself (an alias inside its own anchor)");
  if (!walked.insert(n.Mark().pos).second) return;
  if (ancestors.size() >= kMaxDepth)
    throw ConfigError(file, n.Mark().line + 1, "",
                      "not valid YAML: nested deeper than " + std::to_string(kMaxDepth) + " levels");
  ancestors.push_back(n);
  for (auto it = n.begin(); it != n.end(); ++it) {
    if (n.IsMap()) {
      refuse_cycles(it->first, ancestors, walked, file);
      refuse_cycles(it->second, ancestors, walked, file);
    } else {
      refuse_cycles(*it, ancestors, walked, file);
    }
  }
  ancestors.pop_back();
}

// The serialised form: magic, three counts, then the items (six u32 each),
// the kids (u32 each) and the text, all in this machine's byte order (it is
// made at build time for the binary that reads it).
constexpr char kMagic[8] = {'M', 'A', 'I', 'Y', 'T', 'R', '1', '\n'};

void put_u32(std::string& out, uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }

uint32_t get_u32(std::string_view bytes, size_t& at) {
  if (bytes.size() - at < 4) throw std::runtime_error("compiled YAML tree: truncated");
  uint32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  at += 4;
  return v;
}

}  // namespace

void YamlTree::refuse_cycles_in(const YamlTree& tree, uint32_t i, size_t depth, std::vector<uint8_t>& state) {
  if (state[i] == 2) return;
  if (state[i] == 1) throw std::runtime_error("compiled YAML tree: a node contains itself");
  if (depth > kMaxDepth) throw std::runtime_error("compiled YAML tree: nested too deep");
  state[i] = 1;
  const Item& item = tree.items_[i];
  for (uint32_t k = 0; k < item.kids_count; ++k)
    refuse_cycles_in(tree, tree.kids_[item.kids_off + k], depth + 1, state);
  state[i] = 2;
}

// Turns yaml-cpp's node graph into a YamlTree.
class YamlTreeBuilder {
 public:
  explicit YamlTreeBuilder(YamlTree& tree) : tree_(tree) {}

  uint32_t add(const YAML::Node& n) {
    bool collection = n.IsMap() || n.IsSequence();
    // Aliases share yaml-cpp's node: store it once. Collections only (a
    // repeated scalar costs what its references cost).
    if (collection)
      for (const auto& [seen, index] : seen_[n.Mark().pos])
        if (seen.is(n)) return index;
    uint32_t index = static_cast<uint32_t>(tree_.items_.size());
    YamlTree::Item item{};
    item.line = n.Mark().line >= 0 ? static_cast<uint32_t>(n.Mark().line) + 1 : 0;
    if (n.IsScalar()) {
      item.kind = YamlTree::Kind::scalar;
      item.text_off = static_cast<uint32_t>(tree_.text_.size());
      item.text_len = static_cast<uint32_t>(n.Scalar().size());
      tree_.text_ += n.Scalar();
    } else {
      item.kind = n.IsMap() ? YamlTree::Kind::map
                  : n.IsSequence() ? YamlTree::Kind::sequence
                                   : YamlTree::Kind::null;
    }
    tree_.items_.push_back(item);
    if (!collection) return index;
    seen_[n.Mark().pos].emplace_back(n, index);
    std::vector<uint32_t> kids;
    for (auto it = n.begin(); it != n.end(); ++it) {
      if (n.IsMap()) {
        kids.push_back(add(it->first));
        kids.push_back(add(it->second));
      } else {
        kids.push_back(add(*it));
      }
    }
    auto& stored = tree_.items_[index];
    stored.kids_off = static_cast<uint32_t>(tree_.kids_.size());
    stored.kids_count = static_cast<uint32_t>(kids.size());
    tree_.kids_.insert(tree_.kids_.end(), kids.begin(), kids.end());
    return index;
  }

 private:
  YamlTree& tree_;
  std::map<int, std::vector<std::pair<YAML::Node, uint32_t>>> seen_;
};

std::shared_ptr<const YamlTree> YamlTree::parse(const std::string& file_name, const std::string& text) {
  try {
    YAML::Node root = YAML::Load(text);
    if (root.IsNull() || !root.IsDefined()) root = YAML::Node(YAML::NodeType::Map);
    std::vector<YAML::Node> ancestors;
    std::set<int> walked;
    refuse_cycles(root, ancestors, walked, file_name);
    auto tree = std::make_shared<YamlTree>();
    YamlTreeBuilder(*tree).add(root);
    tree->mark_shared();
    return tree;
  } catch (const YAML::Exception& e) {
    throw ConfigError(file_name, e.mark.line >= 0 ? e.mark.line + 1 : 0, "",
                      "not valid YAML: " + e.msg);
  }
}

void YamlTree::mark_shared() {
  std::vector<bool> seen(items_.size(), false);
  shared_.assign(items_.size(), false);
  for (uint32_t k : kids_) {
    if (seen[k]) shared_[k] = true;
    seen[k] = true;
  }
}

std::vector<YamlTree::Step> YamlTree::way_to(uint32_t target) const {
  std::vector<Step> way;
  if (target == root() || target >= items_.size()) return way;
  // A map's values are its odd kids; a sequence's are all of them.
  auto is_map = [this](uint32_t c) { return items_[c].kind == Kind::map; };
  // Depth-first in document order through the values (never a map's keys),
  // each collection entered once: one shared through aliases is not walked again.
  std::vector<bool> entered(items_.size(), false);
  entered[root()] = true;
  way.push_back({root(), is_map(root()) ? 1u : 0u});
  while (!way.empty()) {
    Step& at = way.back();
    if (at.position >= items_[at.container].kids_count) {
      way.pop_back();
      if (!way.empty()) way.back().position += is_map(way.back().container) ? 2 : 1;
      continue;
    }
    uint32_t value = kid(at.container, at.position);
    if (value == target) return way;
    if (!entered[value] && items_[value].kids_count > 0) {
      entered[value] = true;
      way.push_back({value, is_map(value) ? 1u : 0u});
    } else {
      at.position += is_map(at.container) ? 2 : 1;
    }
  }
  return way;
}

uint32_t YamlTree::value_position(uint32_t map, std::string_view key) const {
  const Item& m = items_[map];
  if (m.kind != Kind::map) return none;
  for (uint32_t k = 0; k + 1 < m.kids_count; k += 2) {
    uint32_t key_item = kids_[m.kids_off + k];
    if (items_[key_item].kind == Kind::scalar && text(key_item) == key) return k + 1;
  }
  return none;
}

uint32_t YamlTree::find(uint32_t map, std::string_view key) const {
  uint32_t position = value_position(map, key);
  return position == none ? none : kid(map, position);
}

std::string YamlTree::serialize() const {
  std::string out(kMagic, sizeof kMagic);
  put_u32(out, static_cast<uint32_t>(items_.size()));
  put_u32(out, static_cast<uint32_t>(kids_.size()));
  put_u32(out, static_cast<uint32_t>(text_.size()));
  for (const auto& i : items_) {
    put_u32(out, static_cast<uint32_t>(i.kind));
    put_u32(out, i.line);
    put_u32(out, i.text_off);
    put_u32(out, i.text_len);
    put_u32(out, i.kids_off);
    put_u32(out, i.kids_count);
  }
  for (uint32_t k : kids_) put_u32(out, k);
  out += text_;
  return out;
}

std::shared_ptr<const YamlTree> YamlTree::deserialize(std::string_view bytes) {
  auto bad = [](const char* what) { return std::runtime_error(std::string("compiled YAML tree: ") + what); };
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw bad("not one (wrong magic)");
  size_t at = sizeof kMagic;
  uint32_t n_items = get_u32(bytes, at), n_kids = get_u32(bytes, at), n_text = get_u32(bytes, at);
  // Sizes first, so a corrupt count cannot make us allocate what is not there.
  uint64_t need = (uint64_t{n_items} * 6 + n_kids) * 4 + n_text;
  if (n_items == 0 || bytes.size() - at != need) throw bad("sizes do not match its counts");
  auto tree = std::make_shared<YamlTree>();
  tree->items_.resize(n_items);
  for (auto& i : tree->items_) {
    uint32_t kind = get_u32(bytes, at);
    if (kind > static_cast<uint32_t>(Kind::map)) throw bad("unknown item kind");
    i.kind = static_cast<Kind>(kind);
    i.line = get_u32(bytes, at);
    i.text_off = get_u32(bytes, at);
    i.text_len = get_u32(bytes, at);
    i.kids_off = get_u32(bytes, at);
    i.kids_count = get_u32(bytes, at);
    if (uint64_t{i.text_off} + i.text_len > n_text || uint64_t{i.kids_off} + i.kids_count > n_kids)
      throw bad("an item points outside the tree");
    if (i.kind == Kind::map && i.kids_count % 2 != 0) throw bad("a map with a key and no value");
    if (i.kind != Kind::map && i.kind != Kind::sequence && i.kids_count != 0)
      throw bad("a scalar with children");
  }
  tree->kids_.resize(n_kids);
  for (auto& k : tree->kids_) {
    k = get_u32(bytes, at);
    if (k >= n_items) throw bad("a child that is not an item");
  }
  // No cycle and no deeper nesting than parse() allows, whatever the bytes.
  std::vector<uint8_t> state(n_items, 0);  // 0 unseen, 1 on the current path, 2 done
  refuse_cycles_in(*tree, 0, 0, state);
  tree->text_.assign(bytes.data() + at, n_text);
  tree->mark_shared();
  return tree;
}

}  // namespace mai::config
