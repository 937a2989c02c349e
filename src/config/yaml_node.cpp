#include "config/yaml_node.hpp"

#include <cmath>
#include <set>
#include <vector>

#include "common/units.hpp"

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

}  // namespace

Node Node::parse(const std::string& file_name, const std::string& text) {
  auto file = std::make_shared<const std::string>(file_name);
  try {
    YAML::Node root = YAML::Load(text);
    if (root.IsNull() || !root.IsDefined()) root = YAML::Node(YAML::NodeType::Map);
    std::vector<YAML::Node> ancestors;
    std::set<int> walked;
    refuse_cycles(root, ancestors, walked, file_name);
    return Node(file, root, "", 1);
  } catch (const YAML::Exception& e) {
    throw ConfigError(file_name, e.mark.line >= 0 ? e.mark.line + 1 : 0, "",
                      "not valid YAML: " + e.msg);
  }
}

int Node::line() const {
  if (node_.IsDefined() && node_.Mark().line >= 0) return node_.Mark().line + 1;
  return line_;
}

void Node::fail(const std::string& message) const {
  throw ConfigError(*file_, line(), path_, message);
}

bool Node::has(const std::string& key) const {
  return node_.IsMap() && node_[key].IsDefined() && !node_[key].IsNull();
}

Node Node::operator[](const std::string& key) const {
  std::string child_path = path_.empty() ? key : path_ + "." + key;
  if (!node_.IsMap()) return Node(file_, YAML::Node(YAML::NodeType::Undefined), child_path, line());
  // A const lookup never inserts the key into the document. For a missing key
  // yaml-cpp returns an invalid node whose every type query throws: give the
  // caller a plain undefined node instead.
  const YAML::Node& self = node_;
  YAML::Node found = self[key];
  if (!found.IsDefined()) return Node(file_, YAML::Node(YAML::NodeType::Undefined), child_path, line());
  return Node(file_, found, child_path, line());
}

void Node::expect_map() const {
  if (!node_.IsMap()) fail(node_.IsDefined() ? "expected a mapping of keys to values" : "missing");
}

void Node::expect_keys(std::initializer_list<const char*> allowed) const {
  expect_map();
  std::set<std::string> ok(allowed.begin(), allowed.end());
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    std::string key = it->first.Scalar();
    if (!ok.count(key)) {
      std::string list;
      for (const auto& k : ok) list += (list.empty() ? "" : ", ") + k;
      std::string where = path_.empty() ? key : path_ + "." + key;
      throw ConfigError(*file_, it->first.Mark().line + 1, where,
                        "unknown key (expected one of: " + list + ")");
    }
  }
}

std::string Node::scalar(const char* what) const {
  if (!node_.IsDefined() || node_.IsNull()) fail(std::string("missing; expected ") + what);
  if (!node_.IsScalar()) fail(std::string("expected ") + what);
  return node_.Scalar();
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
  if (!node_.IsSequence()) fail(node_.IsDefined() ? "expected a list" : "missing; expected a list");
  std::vector<Node> out;
  for (size_t i = 0; i < node_.size(); ++i)
    out.push_back(Node(file_, node_[i], path_ + "[" + std::to_string(i) + "]", line()));
  return out;
}

std::vector<std::pair<std::string, Node>> Node::entries() const {
  expect_map();
  std::vector<std::pair<std::string, Node>> out;
  for (auto it = node_.begin(); it != node_.end(); ++it) {
    std::string key = it->first.Scalar();
    out.emplace_back(key, Node(file_, it->second, path_.empty() ? key : path_ + "." + key,
                               it->first.Mark().line + 1));
  }
  return out;
}

}  // namespace mai::config
