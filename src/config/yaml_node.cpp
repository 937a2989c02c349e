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
  return Node(std::make_shared<const Document>(Document{file_name, std::move(tree), built_in}), 0);
}

namespace {

// The line of item `i`, else (yaml-cpp did not know it: an empty value) its
// key's, else its nearest container's with one, else the first line.
int line_of(const YamlTree& tree, uint32_t i) {
  if (tree.item(i).line > 0) return static_cast<int>(tree.item(i).line);
  auto way = tree.way_to(i);
  for (auto step = way.rbegin(); step != way.rend(); ++step) {
    const auto& c = tree.item(step->container);
    if (step == way.rbegin() && c.kind == YamlTree::Kind::map) {
      uint32_t key = tree.kid(step->container, step->position - 1);
      if (tree.item(key).line > 0) return static_cast<int>(tree.item(key).line);
    }
    if (c.line > 0) return static_cast<int>(c.line);
  }
  return 1;
}

std::string join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// A path with one more step: a map's key, or a sequence's index.
std::string step_into(const YamlTree& tree, std::string path, const YamlTree::Step& step) {
  if (tree.item(step.container).kind == YamlTree::Kind::map)
    return join(path, tree.text(tree.kid(step.container, step.position - 1)));
  return path + "[" + std::to_string(step.position) + "]";
}

// The path of an item with one way from the root.
std::string only_path(const YamlTree& tree, uint32_t item) {
  std::string out;
  for (const auto& step : tree.way_to(item)) out = step_into(tree, std::move(out), step);
  return out;
}

}  // namespace

std::string Node::path_of(const Route& route) const {
  std::string up = route.up ? path_of(*route.up) : only_path(tree(), route.container);
  return step_into(tree(), std::move(up), {route.container, route.position});
}

std::string Node::path() const {
  std::string out = route_ ? path_of(*route_) : only_path(tree(), index_ != YamlTree::none ? index_ : present_);
  return index_ != YamlTree::none ? out : join(out, missing_);
}

Node Node::kid(uint32_t position) const {
  Node child(doc_, tree().kid(index_, position));
  if (route_ || tree().shared(child.index_))
    child.route_ = std::make_shared<const Route>(Route{route_, index_, position});
  return child;
}

int Node::line() const { return line_of(tree(), index_ != YamlTree::none ? index_ : present_); }

void Node::fail(const std::string& message) const {
  throw ConfigError(file(), line(), path(), message);
}

// Without making the child: the library model asks this of thousands of
// nodes at every start.
bool Node::has(std::string_view key) const {
  if (!is_map()) return false;
  uint32_t found = tree().find(index_, key);
  return found != YamlTree::none && tree().item(found).kind != YamlTree::Kind::null;
}

Node Node::operator[](std::string_view key) const {
  uint32_t position = is_map() ? tree().value_position(index_, key) : YamlTree::none;
  if (position != YamlTree::none) return kid(position);
  Node child(doc_, YamlTree::none);
  child.route_ = route_;
  child.present_ = index_ != YamlTree::none ? index_ : present_;
  child.missing_ = index_ != YamlTree::none ? std::string(key) : join(missing_, key);
  return child;
}

void Node::expect_map() const {
  if (!is_map()) fail(index_ != YamlTree::none ? "expected a mapping of keys to values" : "missing");
}

void Node::expect_keys(std::initializer_list<const char*> allowed) const {
  expect_map();
  const auto& map = tree().item(index_);
  for (uint32_t k = 0; k < map.kids_count; k += 2) {
    uint32_t key_item = tree().kid(index_, k);
    std::string_view key = tree().text(key_item);
    bool known = false;
    for (const char* name : allowed) known = known || key == name;
    if (!known) {
      std::set<std::string> ok(allowed.begin(), allowed.end());  // sorted, for the message
      std::string list;
      for (const auto& name : ok) list += (list.empty() ? "" : ", ") + name;
      throw ConfigError(file(), static_cast<int>(tree().item(key_item).line), join(path(), key),
                        "unknown key (expected one of: " + list + ")");
    }
  }
}

std::string Node::scalar(const char* what) const {
  if (!defined()) fail(std::string("missing; expected ") + what);
  if (kind() != YamlTree::Kind::scalar) fail(std::string("expected ") + what);
  return std::string(tree().text(index_));
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
  uint32_t count = tree().item(index_).kids_count;
  std::vector<Node> out;
  out.reserve(count);
  for (uint32_t i = 0; i < count; ++i) out.push_back(kid(i));
  return out;
}

std::vector<std::pair<std::string, Node>> Node::entries() const {
  expect_map();
  uint32_t count = tree().item(index_).kids_count;
  std::vector<std::pair<std::string, Node>> out;
  out.reserve(count / 2);
  for (uint32_t k = 0; k < count; k += 2) out.emplace_back(std::string(tree().text(tree().kid(index_, k))), kid(k + 1));
  return out;
}

}  // namespace mai::config
