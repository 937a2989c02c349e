// The protocol's errors: one enum, one mapping to the strings that results
// and clients show, carried in CAF's error type under one category.
#pragma once
#include <caf/error.hpp>
#include <caf/make_message.hpp>

#include <optional>
#include <string>

#include "protocol/errc.hpp"

namespace mai::protocol {

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
