// The network layer loaded on first use from libmai_networking.so next to
// the binary (networking_api.hpp). Compiled into mai-sandbox only.
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <mutex>
#include <string>

#include "common/error.hpp"
#include "protocol/networking_api.hpp"

namespace mai::protocol {

namespace {

constexpr const char* kModule = "libmai_networking.so";

std::string module_path() {
  char exe[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) throw SandboxError("networking", "cannot find this binary (/proc/self/exe)");
  std::string dir(exe, static_cast<size_t>(n));
  return dir.substr(0, dir.rfind('/') + 1) + kModule;
}

const NetworkingApi* load() {
  std::string path = module_path();
  // Never closed: CAF's middleman and its threads live in it until exit.
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    throw SandboxError("networking", path + " (built with mai-sandbox and kept next to it) cannot be loaded: " +
                                         (why ? why : "?"));
  }
  using entry_fn = const NetworkingApi* (*)();
  auto entry = reinterpret_cast<entry_fn>(::dlsym(handle, "mai_networking_api"));
  if (!entry) throw SandboxError("networking", path + " has no mai_networking_api");
  const NetworkingApi* api = entry();
  if (!api || api->version != kNetworkingApiVersion || api->size != sizeof(NetworkingApi))
    throw SandboxError("networking", path + " is from another build of mai-sandbox (network API version " +
                                         (api ? std::to_string(api->version) : std::string("?")) + ", expected " +
                                         std::to_string(kNetworkingApiVersion) + "); rebuild both together");
  return api;
}

}  // namespace

const NetworkingApi& networking_api() {
  static std::once_flag once;
  static const NetworkingApi* api = nullptr;
  std::call_once(once, [] { api = load(); });
  return *api;
}

}  // namespace mai::protocol
