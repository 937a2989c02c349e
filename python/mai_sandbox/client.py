"""The blocking client: one connection to `mai-sandbox serve`, shared by any
number of threads (each call releases the GIL while it waits)."""
from __future__ import annotations

import atexit
import threading
import weakref
from typing import Any, Callable, Optional, Union

from . import _request
from ._request import Code, Files, PathLike
from .errors import raise_for_status
from .results import Assessment, Result, Sample, ServiceStatus

__all__ = ["Client"]

# Connections still open when the interpreter exits are closed before it
# tears down: a client's threads must not wait for a GIL that is going away.
_open: "weakref.WeakSet[Any]" = weakref.WeakSet()
_open_lock = threading.Lock()


def _register(native: Any) -> None:
    with _open_lock:
        _open.add(native)


@atexit.register
def _close_all() -> None:
    with _open_lock:
        natives = list(_open)
    for native in natives:
        native.close()


class Client:
    """A connection to a mai-sandbox service over mutual TLS.

    >>> with Client("sandbox:7443", cert="mai.pem", key="mai.key", ca="ca.pem") as c:
    ...     r = c.run('print("hello")')
    ...     r.stdout
    b'hello\\n'

    ``cert``, ``key`` and ``ca`` are PEM files (tools/make-certs.sh makes
    them); leave all three out only for a service on loopback without TLS.
    Connecting blocks up to ``connect_timeout`` seconds; raises Unreachable
    when the service cannot be reached or refuses the certificate.
    ``heartbeat_interval``/``heartbeat_timeout`` must match the service's
    config/service.yaml (1 s and 5 s by default).
    """

    def __init__(self, server: str, *, cert: Optional[PathLike] = None,
                 key: Optional[PathLike] = None, ca: Optional[PathLike] = None,
                 connect_timeout: float = 5.0, heartbeat_interval: float = 1.0,
                 heartbeat_timeout: float = 5.0) -> None:
        self.server = server
        self._native = _request.connect(server, cert, key, ca, connect_timeout,
                                        heartbeat_interval, heartbeat_timeout)
        _register(self._native)

    def run(self, code: Code, *, lang: str = "python", trust: str = "unknown",
            origin: str = "mai", network: str = "none", backend: Optional[str] = None,
            timeout: Optional[float] = None, memory: Optional[Union[int, str]] = None,
            cpus: Optional[float] = None, pids: Optional[int] = None,
            override_reason: Optional[str] = None, parent: Optional[str] = None,
            on_stats: Optional[Callable[[Sample], Any]] = None,
            filename: Optional[str] = None, files: Optional[Files] = None,
            collect_tmp: bool = False, return_contents: bool = False) -> Result:
        """Assesses, runs in the sandbox and records ``code``; blocks until the
        result is in (the GIL is released meanwhile).

        lang: python | shell. trust: untrusted | unknown | trusted (selects the
        limits). origin: mai | external (behavioural checks apply to external
        code). network: none | deps (dependency fetching through the proxy).
        backend: native | docker, None for the service's default.
        timeout (seconds), memory (bytes or "512M"), cpus, pids: tighten the
        trust level's limits (never loosen them). override_reason: run code
        the assessment BLOCKED; recorded in the audit log. parent: the
        request id this one follows from. on_stats: called with each live
        Sample, on a thread of the client's, never after run() returns
        (exceptions in it go to sys.unraisablehook).

        files: inputs placed in /sandbox before the code starts, as
        ``{"data.csv": b"...", "images": pathlib.Path("imgs")}``: bytes are
        the content; a pathlib.Path is a local file, or a directory whose
        regular files go to NAME/<relative path> (symlinks and special files
        refused, as `--input`). Every file the code left in /sandbox (and
        /tmp with collect_tmp) is in ``result.execution.files``;
        return_contents brings their bytes back too (FileEntry.content),
        within the service's files: caps.

        Returns the Result of a completed run, whatever the program did
        (look at ``result.execution.termination``). Raises Blocked,
        Rejected or Failed (each with the audited ``result``),
        ConnectionLost, Unreachable, ProtocolError, UsageError.
        """
        request = _request.run_request(
            code, lang=lang, trust=trust, origin=origin, network=network, backend=backend,
            timeout=timeout, memory=memory, cpus=cpus, pids=pids,
            override_reason=override_reason, parent=parent, filename=filename, files=files,
            collect_tmp=collect_tmp, return_contents=return_contents)
        raw = _request.native_call(self._native.submit, request,
                                   _request.sample_handler(on_stats))
        return raise_for_status(Result.from_dict(raw))

    def assess(self, code: Code, *, lang: str = "python", origin: str = "mai") -> Assessment:
        """The service's assessment of ``code``; nothing runs and nothing is recorded."""
        raw = _request.native_call(self._native.assess, code, lang, origin)
        return Assessment.from_dict(raw)

    def status(self) -> ServiceStatus:
        """The service's workers, free slots, queue and health."""
        return ServiceStatus.from_dict(_request.native_call(self._native.status))

    @property
    def connected(self) -> bool:
        """False once the connection is gone (the service stopped, or close())."""
        return bool(self._native.connected)

    def close(self) -> None:
        """Closes the connection once no call is using it. Idempotent."""
        self._native.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<mai_sandbox.Client %s%s>" % (self.server, "" if self.connected else " (closed)")
