// Typed, located access to a YAML configuration file. Every accessor knows the
// file, line and dotted field path of its value, so any bad value becomes a
// ConfigError that names all three.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
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
  bool built_in() const { return built_in_; }

  bool has(const std::string& key) const;
  Node operator[](const std::string& key) const;  // a missing key yields an undefined node
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
  const std::string& file() const { return *file_; }
  const std::string& path() const { return path_; }
  int line() const;

 private:
  Node(std::shared_ptr<const std::string> file, std::shared_ptr<const YamlTree> tree, uint32_t index,
       std::string path, int fallback, bool built_in)
      : file_(std::move(file)), tree_(std::move(tree)), index_(index), path_(std::move(path)),
        line_(fallback), built_in_(built_in) {}
  YamlTree::Kind kind() const { return tree_->item(index_).kind; }
  Node child(uint32_t index, std::string path, int fallback) const {
    return Node(file_, tree_, index, std::move(path), fallback, built_in_);
  }
  std::string scalar(const char* what) const;

  std::shared_ptr<const std::string> file_;
  std::shared_ptr<const YamlTree> tree_;
  uint32_t index_;  // YamlTree::none: missing altogether
  std::string path_;
  int line_;  // where the parent was, for keys that are missing altogether
  bool built_in_ = false;
};

}  // namespace mai::config
