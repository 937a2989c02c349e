#include "sandbox/init_spec.hpp"

#include <nlohmann/json.hpp>

namespace mai::sandbox {

std::string encode_spec(const InitSpec& s) {
  nlohmann::json j = {{"argv", s.argv},           {"env", s.env},
                      {"code_name", s.code_name}, {"tmpfs_bytes", s.tmpfs_bytes},
                      {"nofile", s.nofile},       {"hostname", s.hostname},
                      {"deps_network", s.deps_network}, {"proxy_port", s.proxy_port}};
  return j.dump();
}

InitSpec decode_spec(const std::string& text) {
  auto j = nlohmann::json::parse(text);
  InitSpec s;
  s.argv = j.at("argv").get<std::vector<std::string>>();
  s.env = j.at("env").get<std::vector<std::string>>();
  s.code_name = j.at("code_name").get<std::string>();
  s.tmpfs_bytes = j.at("tmpfs_bytes").get<uint64_t>();
  s.nofile = j.at("nofile").get<uint64_t>();
  s.hostname = j.at("hostname").get<std::string>();
  s.deps_network = j.at("deps_network").get<bool>();
  s.proxy_port = j.at("proxy_port").get<uint16_t>();
  if (s.argv.empty() || s.code_name.empty() || s.code_name.find('/') != std::string::npos)
    throw std::invalid_argument("bad init spec");
  return s;
}

}  // namespace mai::sandbox
