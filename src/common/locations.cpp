#include "common/locations.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "common/error.hpp"
#include "common/files.hpp"

namespace mai {

namespace {
std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}
}  // namespace

std::optional<std::string> resolve_config_dir(const std::string& flag) {
  if (!flag.empty()) {
    if (!is_directory(flag)) throw UsageError("--config " + flag + ": no such directory");
    return flag;
  }
  std::string from_env = env("MAI_SANDBOX_CONFIG");
  if (!from_env.empty()) {
    if (!is_directory(from_env))
      throw UsageError("MAI_SANDBOX_CONFIG=" + from_env + ": no such directory");
    return from_env;
  }
  if (is_directory("config")) return std::string("config");
  if (is_directory("/etc/mai-sandbox")) return std::string("/etc/mai-sandbox");
  return std::nullopt;
}

std::string resolve_state_dir(const std::string& flag) {
  if (!flag.empty()) return flag;
  std::string from_env = env("MAI_SANDBOX_STATE");
  if (!from_env.empty()) return from_env;
  std::string xdg = env("XDG_STATE_HOME");
  if (!xdg.empty()) return xdg + "/mai-sandbox";
  std::string home = env("HOME");
  if (home.empty()) {
    if (const passwd* pw = ::getpwuid(::getuid())) home = pw->pw_dir;
  }
  if (home.empty()) throw UsageError("no state directory: set --state or MAI_SANDBOX_STATE");
  return home + "/.local/state/mai-sandbox";
}

}  // namespace mai
