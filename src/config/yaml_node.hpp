// Typed, located access to a YAML configuration file. Every accessor knows the
// file, line and dotted field path of its value, so any bad value becomes a
// ConfigError that names all three.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "config/yaml_tree.hpp"

namespace mai::config {

class Node {
 public:
  // Parses `text` as the file `file_name`; a syntax error becomes a ConfigError.
  static Node parse(const std::string& file_name, const std::string& text);
  // The root of an already parsed (or compiled) document. built_in: the
  // build's compiled tree of the repository's own file, whose contents the
  // test suite checks (a reader may leave its costlier checks to that).
  static Node of_tree(const std::string& file_name, std::shared_ptr<const YamlTree> tree,
                      bool built_in = false);
  bool built_in() const { return doc_->built_in; }

  bool has(std::string_view key) const;
  Node operator[](std::string_view key) const;  // a missing key yields an undefined node
  bool defined() const { return index_ != YamlTree::none && kind() != YamlTree::Kind::null; }
  bool is_map() const { return index_ != YamlTree::none && kind() == YamlTree::Kind::map; }
  bool is_sequence() const { return index_ != YamlTree::none && kind() == YamlTree::Kind::sequence; }

  std::string as_string() const;
  bool as_bool() const;
  double as_number() const;
  uint64_t as_uint(uint64_t min = 0, uint64_t max = UINT64_MAX) const;
  uint64_t as_size() const;         // "512MiB"
  uint64_t as_duration_ms() const;  // "60s", "100ms"
  std::vector<std::string> as_string_list() const;
  std::vector<Node> items() const;                          // a sequence's elements
  std::vector<std::pair<std::string, Node>> entries() const;  // a map's entries

  // Fails on any key outside `allowed`: a typo must not silently fall back to a default.
  void expect_keys(std::initializer_list<const char*> allowed) const;
  void expect_map() const;

  [[noreturn]] void fail(const std::string& message) const;
  const std::string& file() const { return doc_->file; }
  // The dotted field path ("limits.memory", "rules[3].pattern") and the line.
  // Both are found in the tree when asked (an error), not carried by every
  // node: the library model reads thousands of nodes at every start.
  std::string path() const;
  int line() const;

 private:
  struct Document {
    std::string file;
    std::shared_ptr<const YamlTree> tree;
    bool built_in;
  };
  // How a node was reached, kept only below an item that aliases share
  // (YamlTree::shared), where the tree alone cannot tell which way it was.
  struct Route {
    std::shared_ptr<const Route> up;  // how `container` was reached; null: its only way
    uint32_t container;
    uint32_t position;
  };
  Node(std::shared_ptr<const Document> doc, uint32_t index) : doc_(std::move(doc)), index_(index) {}
  Node kid(uint32_t position) const;  // the item at `position` among this node's kids
  std::string path_of(const Route& route) const;
  const YamlTree& tree() const { return *doc_->tree; }
  YamlTree::Kind kind() const { return tree().item(index_).kind; }
  std::string scalar(const char* what) const;

  std::shared_ptr<const Document> doc_;
  uint32_t index_;  // YamlTree::none: missing altogether
  // A missing node: the nearest node that exists, and the keys looked up
  // from it ("a.b"), for its path and line.
  uint32_t present_ = 0;
  std::string missing_;
  std::shared_ptr<const Route> route_;  // to this node (a missing one: to present_)
};

}  // namespace mai::config
