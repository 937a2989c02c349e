// Errors of the audit engine: always a clear message, never a crash.
#pragma once
#include <stdexcept>

namespace mai::audit {

// The log, its key or an input file cannot be used (missing, corrupt, foreign,
// held by another process too long, wrong permissions).
class AuditError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace mai::audit
