#include "sandbox/init_spec.hpp"

#include <sys/resource.h>

#include <nlohmann/json.hpp>

namespace mai::sandbox {

std::string encode_spec(const InitSpec& s) {
  nlohmann::json j = {{"argv", s.argv},           {"env", s.env},
                      {"code_name", s.code_name}, {"tmpfs_bytes", s.tmpfs_bytes},
                      {"rlimits", s.rlimits},       {"hostname", s.hostname},
                      {"deps_network", s.deps_network}, {"proxy_port", s.proxy_port},
                      {"warm", s.warm},           {"prestart", s.prestart},
                      {"inputs", s.inputs},       {"watch_writes", s.watch_writes}};
  return j.dump();
}

InitSpec decode_spec(const std::string& text) {
  auto j = nlohmann::json::parse(text);
  InitSpec s;
  s.argv = j.at("argv").get<std::vector<std::string>>();
  s.env = j.at("env").get<std::vector<std::string>>();
  s.code_name = j.at("code_name").get<std::string>();
  s.tmpfs_bytes = j.at("tmpfs_bytes").get<uint64_t>();
  s.rlimits = j.at("rlimits").get<std::vector<std::pair<int32_t, uint64_t>>>();
  s.hostname = j.at("hostname").get<std::string>();
  s.deps_network = j.at("deps_network").get<bool>();
  s.proxy_port = j.at("proxy_port").get<uint16_t>();
  s.warm = j.at("warm").get<bool>();
  s.prestart = j.at("prestart").get<bool>();
  if (s.prestart && !s.warm) throw std::invalid_argument("bad init spec: prestart without warm");
  s.inputs = j.at("inputs").get<std::vector<std::string>>();
  s.watch_writes = j.at("watch_writes").get<bool>();
  if (s.argv.empty() || s.code_name.empty() || s.code_name.find('/') != std::string::npos)
    throw std::invalid_argument("bad init spec");
  for (const auto& [resource, value] : s.rlimits)
    if (resource < 0 || resource >= RLIM_NLIMITS) throw std::invalid_argument("bad init spec: rlimit " + std::to_string(resource));
  return s;
}

}  // namespace mai::sandbox
