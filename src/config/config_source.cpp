#include "config/config_source.hpp"

#include <map>

#include "common/files.hpp"

namespace mai::config {
const std::map<std::string, std::string>& embedded_files();  // generated at build time

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
  return Node::parse(path, text);
}

}  // namespace mai::config
