// Where configuration files come from: a directory, with any file it lacks
// taken from the defaults built into the binary (the repository's config/).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/yaml_node.hpp"

namespace mai::config {

class Source {
 public:
  // nullopt: built-in defaults only.
  explicit Source(std::optional<std::string> dir) : dir_(std::move(dir)) {}

  // Parses `name` (e.g. "sandbox.yaml") from the directory, else the defaults.
  Node load(const std::string& name) const;
  // The text of `name` and the path it was read from ("(built-in)/name" for defaults).
  std::pair<std::string, std::string> read(const std::string& name) const;
  const std::optional<std::string>& dir() const { return dir_; }

  // The built-in copy of a file; throws if there is none.
  static std::string builtin(const std::string& name);
  static std::string_view builtin_view(const std::string& name);  // the same, in place
  // Its tree as the build compiled it (deserialised once per process), and
  // the names of all built-in files.
  static std::shared_ptr<const YamlTree> builtin_tree(const std::string& name);
  static std::vector<std::string> builtin_names();

 private:
  // The file from the directory, if it has one: its text and path.
  std::optional<std::pair<std::string, std::string>> read_own(const std::string& name) const;

  std::optional<std::string> dir_;
};

}  // namespace mai::config
