// The protocol's error codes, without CAF: what a client library can expose
// to its callers (protocol/errors.hpp carries them in CAF's error type).
#pragma once
#include <cstdint>

namespace mai::protocol {

enum class errc : uint8_t {
  overloaded = 1,   // every slot busy and the queue full, or the client over its limit
  sandbox_failed,   // the sandbox could not be set up; nothing ran
  audit_failed,     // the audit log refused an append
  invalid_request,  // a field of a request is out of range
  worker_lost,      // the machine running the job went away
  unauthenticated,  // a remote request named no session of a live connection
  internal,         // a handler failed unexpectedly (an exception); only that request ended
  unavailable,      // the node lost an actor it needs, or the peer went away; nothing ran
};

}  // namespace mai::protocol
