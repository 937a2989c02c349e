#include "cli/command.hpp"

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/locations.hpp"

#include <iostream>
#include <iterator>

namespace mai::cli {

config::Source GlobalOptions::config_source() const {
  return config::Source(resolve_config_dir(config_dir));
}

std::string GlobalOptions::state() const { return resolve_state_dir(state_dir); }

std::string read_code(const std::string& path, uint64_t limit) {
  std::string code;
  if (path == "-") {
    char buf[65536];
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      code.append(buf, static_cast<size_t>(std::cin.gcount()));
      if (code.size() > limit) break;
    }
  } else {
    if (is_directory(path)) throw UsageError(path + ": is a directory, expected a program file");
    try {
      code = read_file_limited(path, limit);
    } catch (const std::system_error& e) {
      throw UsageError(e.what());
    }
  }
  if (code.size() > limit)
    throw UsageError((path == "-" ? std::string("standard input") : path) +
                     ": code is larger than the limit of " + std::to_string(limit) +
                     " bytes (submission.max_code in sandbox.yaml)");
  return code;
}

}  // namespace mai::cli
