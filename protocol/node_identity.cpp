// The node identity's salt (networking.hpp: node_identity_is_salted). In the
// library every binary links statically, so the replacement is always the
// executable's own definition, whether the network layer is linked in or
// loaded later (networking_api.hpp).
#include <dlfcn.h>

#include <caf/detail/get_root_uuid.hpp>

#include <string>

#include "common/ids.hpp"
#include "protocol/networking.hpp"

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

}  // namespace mai::protocol
