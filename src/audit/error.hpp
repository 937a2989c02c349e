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

// The database is an audit log of a format this version does not read (an
// earlier one, or none): nothing in it can be checked, it is not damage.
class LogFormatError : public AuditError {
 public:
  using AuditError::AuditError;
};

}  // namespace mai::audit
