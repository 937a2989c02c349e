#include "config/config_source.hpp"

#include <map>
#include <mutex>

#include "common/files.hpp"

namespace mai::config {
const std::map<std::string, std::string>& embedded_files();  // generated at build time
namespace compiled {
const std::map<std::string, std::string>& embedded_files();  // the same, compiled (yaml_tree.hpp)
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

const std::string& Source::builtin(const std::string& name) {
  const auto& files = embedded_files();
  auto it = files.find(name);
  if (it == files.end()) throw UsageError("no built-in configuration file " + name);
  return it->second;
}

std::pair<std::string, std::string> Source::read(const std::string& name) const {
  if (dir_) {
    std::string path = *dir_ + "/" + name;
    if (path_exists(path)) {
      try {
        // Configuration is small; a huge file is a mistake, not a config.
        return {read_file_limited(path, 4u << 20), path};
      } catch (const std::system_error& e) {
        throw ConfigError(path, 0, "", e.what());
      }
    }
  }
  return {builtin(name), "(built-in)/" + name};
}

Node Source::load(const std::string& name) const {
  auto [text, path] = read(name);
  // The built-in file, or an exact copy of it (an installed config/, the
  // repository's own): the build compiled its tree already.
  const auto& files = embedded_files();
  auto it = files.find(name);
  if (it != files.end() && it->second == text) return Node::of_tree(path, builtin_tree(name), true);
  return Node::parse(path, text);
}

}  // namespace mai::config
