#include "sandbox/docker/curl_library.hpp"

#include <dlfcn.h>

#include <string>

#include "common/error.hpp"

namespace mai::sandbox::docker {

namespace {

// The soname the Debian package (libcurl4) installs and the headers describe.
constexpr const char* kSoname = "libcurl.so.4";

template <class Fn>
void resolve(void* handle, const char* name, Fn& out) {
  void* symbol = ::dlsym(handle, name);
  if (!symbol)
    throw SandboxError("docker_unavailable", std::string(kSoname) + " has no " + name +
                                                 " (the docker backend needs libcurl 7.40 or later)");
  out = reinterpret_cast<Fn>(symbol);
}

CurlLibrary load() {
  // Never unloaded: handles and callbacks may live until the process ends.
  void* handle = ::dlopen(kSoname, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    throw SandboxError("docker_unavailable",
                       std::string("the docker backend needs ") + kSoname +
                           " (Debian package libcurl4), which cannot be loaded: " + (why ? why : "?"));
  }
  CurlLibrary lib{};
  resolve(handle, "curl_global_init", lib.global_init);
  resolve(handle, "curl_easy_init", lib.easy_init);
  resolve(handle, "curl_easy_setopt", lib.easy_setopt);
  resolve(handle, "curl_easy_perform", lib.easy_perform);
  resolve(handle, "curl_easy_getinfo", lib.easy_getinfo);
  resolve(handle, "curl_easy_cleanup", lib.easy_cleanup);
  resolve(handle, "curl_easy_strerror", lib.easy_strerror);
  resolve(handle, "curl_slist_append", lib.slist_append);
  resolve(handle, "curl_slist_free_all", lib.slist_free_all);
  // Not thread-safe: once, before any handle exists (the static below).
  lib.global_init(CURL_GLOBAL_DEFAULT);
  return lib;
}

}  // namespace

const CurlLibrary& curl_library() {
  // A failed load throws out of the initialiser; the next call tries again.
  static const CurlLibrary lib = load();
  return lib;
}

}  // namespace mai::sandbox::docker
