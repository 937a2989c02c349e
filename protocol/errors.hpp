// The protocol's errors: one enum, one mapping to the strings that results
// and clients show, carried in CAF's error type under one category.
#pragma once
#include <caf/error.hpp>
#include <caf/make_message.hpp>

#include <optional>
#include <string>

namespace mai::protocol {

enum class errc : uint8_t {
  overloaded = 1,   // every slot busy and the queue full
  sandbox_failed,   // the sandbox could not be set up; nothing ran
  audit_failed,     // the audit log refused an append
  invalid_request,  // a field of a request is out of range
  worker_lost,      // the machine running the job went away
  unauthenticated,  // a remote request named no session of a live connection
  internal,         // a handler failed unexpectedly (an exception); only that request ended
  unavailable,      // the node lost an actor it needs, or the peer went away; nothing ran
};

// "overloaded", "sandbox_failed", ...: the `code` of a result's error object.
std::string to_string(errc code);

// The protocol error in `e`, if it is one (errors of CAF itself are not).
std::optional<errc> errc_of(const caf::error& e);
// to_string(errc_of(e)), or "internal" for any other error.
std::string result_code(const caf::error& e);
// The human message carried with an error of this category, or CAF's rendering.
std::string error_message(const caf::error& e);

caf::error make_error(errc code, std::string message);

// Renders errors of this category in logs and messages.
void register_error_category(caf::actor_system_config& cfg);

}  // namespace mai::protocol
