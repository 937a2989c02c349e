// Errors that actors send each other, in CAF's error type, with one category.
#pragma once
#include <caf/error.hpp>
#include <caf/make_message.hpp>

#include <string>

namespace mai::actors {

enum class errc : uint8_t {
  overloaded = 1,   // every slot busy and the queue full
  sandbox_failed,   // the sandbox could not be set up; nothing ran
  audit_failed,     // the audit log refused an append
  invalid_request,  // a field of a request is out of range
  worker_lost,      // the machine running the job went away
  unauthenticated,  // a remote request named no session of a live connection
  internal,         // a handler failed unexpectedly (an exception); only that request ended
  unavailable,      // the node lost an actor it needs (see NodeHealth); nothing ran
};

std::string to_string(errc code);
// The machine-readable code of a result's error object ("overloaded", ...).
std::string result_code(const caf::error& e);
// The human message carried with an error of this category, or CAF's rendering.
std::string error_message(const caf::error& e);

caf::error make_error(errc code, std::string message);

// Renders errors of this category in logs and messages.
void register_error_category(caf::actor_system_config& cfg);

}  // namespace mai::actors
