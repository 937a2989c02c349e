#include "config/config_source.hpp"

#include <map>
#include <mutex>
#include <string_view>

#include "common/files.hpp"

namespace mai::config {
// Generated at build time (cmake/embed_files_script.cmake): views of the
// binary's read-only data, so a process reads only the pages it uses.
const std::map<std::string, std::string_view>& embedded_files();
namespace compiled {
const std::map<std::string, std::string_view>& embedded_files();  // the same, compiled (yaml_tree.hpp)
}

std::shared_ptr<const YamlTree> Source::builtin_tree(const std::string& name) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const YamlTree>> trees;
  std::lock_guard<std::mutex> lock(mutex);
  auto& tree = trees[name];
  if (!tree) {
    const auto& files = compiled::embedded_files();
    auto it = files.find(name + ".tree");
    tree = it != files.end() ? YamlTree::deserialize(it->second)
                             : YamlTree::parse("(built-in)/" + name, builtin(name));
  }
  return tree;
}

std::vector<std::string> Source::builtin_names() {
  std::vector<std::string> names;
  for (const auto& [name, text] : embedded_files()) names.push_back(name);
  return names;
}

std::string_view Source::builtin_view(const std::string& name) {
  const auto& files = embedded_files();
  auto it = files.find(name);
  if (it == files.end()) throw UsageError("no built-in configuration file " + name);
  return it->second;
}

std::string Source::builtin(const std::string& name) { return std::string(builtin_view(name)); }

std::optional<std::pair<std::string, std::string>> Source::read_own(const std::string& name) const {
  if (!dir_) return std::nullopt;
  std::string path = *dir_ + "/" + name;
  if (!path_exists(path)) return std::nullopt;
  try {
    // Configuration is small; a huge file is a mistake, not a config.
    return std::make_pair(read_file_limited(path, 4u << 20), path);
  } catch (const std::system_error& e) {
    throw ConfigError(path, 0, "", e.what());
  }
}

std::pair<std::string, std::string> Source::read(const std::string& name) const {
  if (auto own = read_own(name)) return *own;
  return {builtin(name), "(built-in)/" + name};
}

Node Source::load(const std::string& name) const {
  auto own = read_own(name);
  if (!own) return Node::of_tree("(built-in)/" + name, builtin_tree(name), true);
  // An exact copy of the built-in file (an installed config/, the
  // repository's own): the build compiled its tree already.
  const auto& files = embedded_files();
  auto it = files.find(name);
  if (it != files.end() && it->second == own->first) return Node::of_tree(own->second, builtin_tree(name), true);
  return Node::parse(own->second, own->first);
}

}  // namespace mai::config
