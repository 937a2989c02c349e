// The actors implement the protocol's interfaces (protocol/interfaces.hpp)
// and use its messages and errors by their short names.
#pragma once
#include "protocol/errors.hpp"
#include "protocol/interfaces.hpp"

namespace mai::actors {
using namespace mai::protocol;
}  // namespace mai::actors
