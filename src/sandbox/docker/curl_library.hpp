// libcurl, loaded when the Docker backend first talks to its daemon. Only
// that backend needs it, and linking it pulled ~25 shared libraries (TLS,
// Kerberos, LDAP, IDN...) into every process's start-up: their loading and
// symbol look-ups cost a `run` on the native backend several milliseconds.
#pragma once
#include <curl/curl.h>

namespace mai::sandbox::docker {

struct CurlLibrary {
  decltype(&::curl_global_init) global_init;
  decltype(&::curl_easy_init) easy_init;
  decltype(&::curl_easy_setopt) easy_setopt;
  decltype(&::curl_easy_perform) easy_perform;
  decltype(&::curl_easy_getinfo) easy_getinfo;
  decltype(&::curl_easy_cleanup) easy_cleanup;
  decltype(&::curl_easy_strerror) easy_strerror;
  decltype(&::curl_slist_append) slist_append;
  decltype(&::curl_slist_free_all) slist_free_all;
};

// Loads libcurl.so.4 and runs curl_global_init once per process (thread-safe);
// throws SandboxError docker_unavailable, naming the library, when it cannot.
const CurlLibrary& curl_library();

}  // namespace mai::sandbox::docker
