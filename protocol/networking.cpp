#include "protocol/networking.hpp"

#include <dlfcn.h>

#include <caf/detail/get_root_uuid.hpp>
#include <caf/io/middleman.hpp>
#include <caf/timespan.hpp>

#include <chrono>
#include <string>

#include "common/ids.hpp"

// Replaces libcaf_core's definition for the whole process (ELF symbol
// interposition: the executable's definition wins over the library's). The
// library's own value is kept and a random salt appended.
namespace caf::detail {
std::string get_root_uuid() {
  using original_fn = std::string (*)();
  static const std::string salted = [] {
    std::string root;
    if (auto original = reinterpret_cast<original_fn>(
            ::dlsym(RTLD_NEXT, "_ZN3caf6detail13get_root_uuidB5cxx11Ev")))
      root = original();
    return root + "/mai-sandbox/" + mai::random_hex(16);
  }();
  return salted;
}
}  // namespace caf::detail

namespace mai::protocol {

bool node_identity_is_salted() {
  return caf::detail::get_root_uuid().find("/mai-sandbox/") != std::string::npos;
}

void configure_networking(caf::actor_system_config& cfg, Heartbeats heartbeats) {
  (void)node_identity_is_salted();  // keeps the replacement above in the link
  cfg.load<caf::io::middleman>();
  cfg.set("middleman.heartbeat-interval", caf::timespan{heartbeats.interval});
  cfg.set("middleman.connection-timeout", caf::timespan{heartbeats.timeout});
}

}  // namespace mai::protocol
