#include "config/yaml_node.hpp"

#include <cmath>
#include <set>
#include <string_view>
#include <vector>

#include "common/units.hpp"

namespace mai::config {

Node Node::parse(const std::string& file_name, const std::string& text) {
  return of_tree(file_name, YamlTree::parse(file_name, text));
}

Node Node::of_tree(const std::string& file_name, std::shared_ptr<const YamlTree> tree, bool built_in) {
  return Node(std::make_shared<const std::string>(file_name), std::move(tree), 0, "", 1, built_in);
}

int Node::line() const {
  if (index_ != YamlTree::none && tree_->item(index_).line > 0)
    return static_cast<int>(tree_->item(index_).line);
  return line_;
}

void Node::fail(const std::string& message) const {
  throw ConfigError(*file_, line(), path_, message);
}

// Without making the child (its path string, two reference counts): the
// library model asks this of thousands of nodes at every start.
bool Node::has(const std::string& key) const {
  if (!is_map()) return false;
  uint32_t found = tree_->find(index_, key);
  return found != YamlTree::none && tree_->item(found).kind != YamlTree::Kind::null;
}

Node Node::operator[](const std::string& key) const {
  std::string child_path = path_.empty() ? key : path_ + "." + key;
  uint32_t found = is_map() ? tree_->find(index_, key) : YamlTree::none;
  return child(found, std::move(child_path), line());
}

void Node::expect_map() const {
  if (!is_map()) fail(index_ != YamlTree::none ? "expected a mapping of keys to values" : "missing");
}

void Node::expect_keys(std::initializer_list<const char*> allowed) const {
  expect_map();
  const auto& map = tree_->item(index_);
  for (uint32_t k = 0; k < map.kids_count; k += 2) {
    uint32_t key_item = tree_->kid(index_, k);
    std::string_view key = tree_->text(key_item);
    bool known = false;
    for (const char* name : allowed) known = known || key == name;
    if (!known) {
      std::set<std::string> ok(allowed.begin(), allowed.end());  // sorted, for the message
      std::string list;
      for (const auto& name : ok) list += (list.empty() ? "" : ", ") + name;
      std::string where = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
      throw ConfigError(*file_, static_cast<int>(tree_->item(key_item).line), where,
                        "unknown key (expected one of: " + list + ")");
    }
  }
}

std::string Node::scalar(const char* what) const {
  if (!defined()) fail(std::string("missing; expected ") + what);
  if (kind() != YamlTree::Kind::scalar) fail(std::string("expected ") + what);
  return std::string(tree_->text(index_));
}

std::string Node::as_string() const { return scalar("a string"); }

bool Node::as_bool() const {
  std::string s = scalar("true or false");
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  fail("expected true or false, got '" + s + "'");
}

double Node::as_number() const {
  std::string s = scalar("a number");
  try {
    size_t used = 0;
    double v = std::stod(s, &used);
    if (used == s.size() && std::isfinite(v)) return v;
  } catch (...) {
  }
  fail("expected a number, got '" + s + "'");
}

uint64_t Node::as_uint(uint64_t min, uint64_t max) const {
  std::string s = scalar("a whole number");
  bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
  uint64_t v = 0;
  if (digits && s.size() <= 19) v = std::stoull(s);
  if (!digits || s.size() > 19) fail("expected a whole number, got '" + s + "'");
  if (v < min || v > max)
    fail("must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + s);
  return v;
}

uint64_t Node::as_size() const {
  std::string s = scalar("a size such as 512MiB");
  auto v = parse_size(s);
  if (!v) fail("expected a size such as 512MiB or 1GiB, got '" + s + "'");
  return *v;
}

uint64_t Node::as_duration_ms() const {
  std::string s = scalar("a duration such as 60s");
  auto v = parse_duration_ms(s);
  if (!v) fail("expected a duration such as 60s or 250ms, got '" + s + "'");
  return *v;
}

std::vector<std::string> Node::as_string_list() const {
  std::vector<std::string> out;
  for (const auto& item : items()) out.push_back(item.as_string());
  return out;
}

std::vector<Node> Node::items() const {
  if (!is_sequence()) fail(index_ != YamlTree::none ? "expected a list" : "missing; expected a list");
  uint32_t count = tree_->item(index_).kids_count;
  std::vector<Node> out;
  out.reserve(count);
  for (uint32_t i = 0; i < count; ++i)
    out.push_back(child(tree_->kid(index_, i), path_ + "[" + std::to_string(i) + "]", line()));
  return out;
}

std::vector<std::pair<std::string, Node>> Node::entries() const {
  expect_map();
  uint32_t count = tree_->item(index_).kids_count;
  std::vector<std::pair<std::string, Node>> out;
  out.reserve(count / 2);
  for (uint32_t k = 0; k < count; k += 2) {
    uint32_t key_item = tree_->kid(index_, k);
    std::string key(tree_->text(key_item));
    std::string child_path = path_.empty() ? key : path_ + "." + key;
    out.emplace_back(key, child(tree_->kid(index_, k + 1), std::move(child_path),
                                static_cast<int>(tree_->item(key_item).line)));
  }
  return out;
}

}  // namespace mai::config
