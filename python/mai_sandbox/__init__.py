"""mai_sandbox: submit code to a mai-sandbox service from Python.

    from mai_sandbox import Client, Blocked

    with Client("sandbox:7443", cert="mai.pem", key="mai.key", ca="ca.pem") as client:
        try:
            result = client.run('print("hello")')
        except Blocked as e:
            print(e.explanation)
        else:
            print(result.execution.stdout)

Client and AsyncClient bind the C++ client library (the native module
mai_sandbox._native); the results, the errors and mai_sandbox.audit are
pure Python and import without it. See docs/python-client.md.
"""
from typing import TYPE_CHECKING, Any

from .errors import (Blocked, ConnectionLost, Failed, MaiSandboxError, ProtocolError, Rejected,
                     Unreachable, UsageError)
from .results import (AssessedInput, Assessment, ErrorInfo, EvidenceStep, Execution, FileEntry, Finding, Limits,
                      NetworkEvent, Receipt, RefusedWrite, RefusedWrites, Result, Sample,
                      ServiceStatus, WorkerStatus)

if TYPE_CHECKING:
    from .aio import AsyncClient, Run
    from .client import Client

__version__ = "0.1.0"

__all__ = [
    "Client", "AsyncClient", "Run",
    "MaiSandboxError", "Blocked", "Rejected", "Failed", "Unreachable", "ConnectionLost",
    "ProtocolError", "UsageError",
    "AssessedInput", "Assessment", "ErrorInfo", "EvidenceStep", "Execution", "FileEntry", "Finding", "Limits", "NetworkEvent",
    "Receipt", "RefusedWrite", "RefusedWrites", "Result", "Sample", "ServiceStatus", "WorkerStatus",
]

_LAZY = {"Client": ".client", "AsyncClient": ".aio", "Run": ".aio"}


def __getattr__(name: str) -> Any:
    # The clients load the native module on first use, so that the results,
    # the errors and mai_sandbox.audit work where it is not built.
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError("module 'mai_sandbox' has no attribute %r" % name)
