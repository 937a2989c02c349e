// Config YAML: any bytes given as any of the configuration files must either
// parse or raise a ConfigError (file, line, field); nothing else may escape.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/error.hpp"
#include "config/audit_config.hpp"
#include "config/network_config.hpp"
#include "config/sandbox_config.hpp"
#include "config/service_config.hpp"
#include "config/yaml_node.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::config;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    Node n = Node::parse("fuzz.yaml", text);
    try { parse_sandbox_config(n); } catch (const mai::ConfigError&) {}
    try { parse_network_config(n); } catch (const mai::ConfigError&) {}
    try { parse_audit_config(n); } catch (const mai::ConfigError&) {}
    try { parse_service_config(n); } catch (const mai::ConfigError&) {}
  } catch (const mai::ConfigError&) {
  }
  return 0;
}
