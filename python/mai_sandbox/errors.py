"""The exceptions a program can act on.

    MaiSandboxError
     +-- Blocked          the assessment blocked the code; retry with override_reason
     +-- Rejected         refused before running: overloaded, client_busy, code_too_large
     +-- Failed           the service failed the run (sandbox_failed, audit_failed, ...)
     +-- Unreachable      no connection: refused, timed out, TLS rejected
     |    +-- ConnectionLost   the connection broke before the answer arrived
     +-- ProtocolError    the service refused the request or answered unexpectedly
     +-- UsageError       bad arguments or certificate files (also a ValueError)

Errors of the native client are mapped from the protocol's error codes
(protocol/errc.hpp, exposed as ``mai_sandbox._native.Errc``) and the
client's error kinds, never from message text.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from .results import Assessment, Result

__all__ = ["MaiSandboxError", "Blocked", "Rejected", "Failed", "Unreachable", "ConnectionLost",
           "ProtocolError", "UsageError"]


class MaiSandboxError(Exception):
    """Base of every error of this package. ``code`` is the protocol's or the
    result's error code when there is one; ``result`` the audited result
    when the service produced one (with its receipt)."""

    def __init__(self, message: str, *, code: Optional[str] = None,
                 result: "Optional[Result]" = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.result = result


class Blocked(MaiSandboxError):
    """The assessment blocked the code and no override was given. Nothing ran.
    Show ``explanation`` to the user; to run it anyway, submit the same code
    again with ``override_reason=`` (recorded in the audit log)."""

    @property
    def assessment(self) -> "Assessment":
        assert self.result is not None
        return self.result.assessment

    @property
    def explanation(self) -> str:
        return self.message


class Rejected(MaiSandboxError):
    """Refused before anything ran. ``reason`` says why: ``overloaded`` (every
    slot busy and the queue full), ``client_busy`` (this client's concurrency
    limit), ``code_too_large``; retrying later may succeed for the first two."""

    @property
    def reason(self) -> str:
        return self.code or "rejected"


class Failed(MaiSandboxError):
    """The service could not carry out the run: ``code`` is sandbox_failed,
    audit_failed, worker_lost, internal, ..."""


class Unreachable(MaiSandboxError):
    """The service could not be reached, refused the connection (e.g. our
    certificate), or cannot serve (unavailable)."""


class ConnectionLost(Unreachable):
    """The connection broke while a request was in flight: whether the code
    ran is unknown (the audit log knows)."""


class ProtocolError(MaiSandboxError):
    """The service refused the request as malformed or unauthenticated, or
    answered with something this client does not understand."""


class UsageError(MaiSandboxError, ValueError):
    """Bad arguments: an unknown option value, unreadable certificate files,
    a malformed server address."""


# The result statuses that are errors, and the class each raises.
_STATUS_ERRORS = {"blocked": Blocked, "rejected": Rejected, "failed": Failed}

# The protocol's error codes (mai_sandbox._native.Errc) -> exception class.
_ERRC_ERRORS = {
    "overloaded": Rejected,
    "sandbox_failed": Failed,
    "audit_failed": Failed,
    "worker_lost": Failed,
    "internal": Failed,
    "invalid_request": ProtocolError,
    "unauthenticated": ProtocolError,
    "unavailable": Unreachable,
}

# The native client's error kinds (mai_sandbox._native.ErrorKind) -> class,
# when the service gave no code.
_KIND_ERRORS = {
    "usage": UsageError,
    "connect": Unreachable,
    "service": ProtocolError,
    "lost": ConnectionLost,
}


def from_native(message: str, kind: Any, code: Any) -> MaiSandboxError:
    """The public exception for a mai_sandbox._native.NativeError, from its
    args: (message, ErrorKind, Errc or None)."""
    code_name: Optional[str] = code.name if code is not None else None
    if kind.name == "lost":
        cls: type = ConnectionLost
    elif code_name is not None and code_name in _ERRC_ERRORS:
        cls = _ERRC_ERRORS[code_name]
    else:
        cls = _KIND_ERRORS.get(kind.name, ProtocolError)
    return cls(message, code=code_name)


def raise_for_status(result: "Result") -> "Result":
    """Returns a completed result; raises Blocked, Rejected or Failed for the others."""
    cls: Any = _STATUS_ERRORS.get(result.status)
    if cls is None:
        return result
    error = result.error
    message = error.message if error else "the submission ended " + result.status
    raise cls(message, code=error.code if error else None, result=result)
