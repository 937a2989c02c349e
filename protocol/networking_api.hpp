// CAF's network layer (libcaf_io) behind one table of functions, so that a
// process that never networks (`mai-sandbox run`, `assess`, `audit`) does not
// load it: libcaf_io costs about 1.2 ms of CPU at every process start, in the
// dynamic loader's relocations.
//
// networking.hpp and remote_endpoint.hpp declare what callers use; their
// definitions (networking_calls.cpp) call through networking_api(), which one
// of two providers defines:
//  - networking_linked.cpp (target mai_networking_linked, which mai_protocol
//    links): the implementation linked in. Libraries, tests, tools and the
//    Python module get this one.
//  - networking_loaded.cpp (compiled into the mai-sandbox binary itself, so
//    the linker never takes the linked provider out of its archive): loads
//    libmai_networking.so from the binary's directory on the first call.
#pragma once
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/expected.hpp>
#include <caf/fwd.hpp>

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "protocol/networking.hpp"
#include "transport/port_gate.hpp"

namespace mai::protocol {

// Raised whenever NetworkingApi changes: a module left from a build with
// another table is refused by name instead of called through the wrong layout.
constexpr uint32_t kNetworkingApiVersion = 1;

struct NetworkingApi {
  uint32_t version;  // the module's kNetworkingApiVersion
  uint32_t size;     // the module's sizeof(NetworkingApi)
  void (*configure)(caf::actor_system_config& cfg, Heartbeats heartbeats);
  uint16_t (*publish_gated)(caf::actor_system& sys, const caf::strong_actor_ptr& whom,
                            std::set<std::string> ifs, std::shared_ptr<transport::PortGate> gate);
  caf::expected<caf::strong_actor_ptr> (*connect_published)(caf::actor_system& sys, int fd,
                                                            caf::timespan timeout,
                                                            std::set<std::string>* interfaces);
};

// The implementation's table (networking_module.cpp), exported by the module
// under this unmangled name.
extern "C" const NetworkingApi* mai_networking_api();

// The provider this binary was linked with (above). Throws SandboxError if
// the module cannot be loaded.
const NetworkingApi& networking_api();

// The implementation (networking.cpp, remote_endpoint.cpp).
namespace networking_impl {
void configure(caf::actor_system_config& cfg, Heartbeats heartbeats);
uint16_t publish_gated(caf::actor_system& sys, const caf::strong_actor_ptr& whom,
                       std::set<std::string> ifs, std::shared_ptr<transport::PortGate> gate);
caf::expected<caf::strong_actor_ptr> connect_published(caf::actor_system& sys, int fd,
                                                       caf::timespan timeout,
                                                       std::set<std::string>* interfaces);
}  // namespace networking_impl

}  // namespace mai::protocol
