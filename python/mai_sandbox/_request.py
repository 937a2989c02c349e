"""Keyword arguments of run() and assess() into the native client's request,
and the connection options: one place for Client and AsyncClient."""
from __future__ import annotations

import os
import re
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

from .errors import UsageError, from_native
from .results import Sample

PathLike = Union[str, "os.PathLike[str]"]
Code = Union[str, bytes]
# files=: a name under /sandbox -> its bytes, or a local file or directory.
FileSource = Union[bytes, bytearray, memoryview, "os.PathLike[str]"]
Files = Mapping[str, FileSource]

_SIZE = re.compile(r"^\s*(\d+)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE)
_SCALE = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def size_bytes(value: Union[int, str]) -> int:
    """512 * 2**20, "512M", "512MiB", "1G": bytes (binary multiples, as the CLI reads them)."""
    if isinstance(value, bool):
        raise UsageError("memory: a size in bytes or a string like '512M', not a bool")
    if isinstance(value, int):
        n = value
    elif isinstance(value, str) and _SIZE.match(value):
        m = _SIZE.match(value)
        assert m is not None
        n = int(m.group(1)) * _SCALE[m.group(2).lower()]
    else:
        raise UsageError("memory: a size in bytes or a string like '512M', not %r" % (value,))
    if n <= 0:
        raise UsageError("memory must be positive")
    return n


def file_inputs(files: Optional[Files]) -> Tuple[List[Tuple[str, bytes]], List[bytes]]:
    """files= into the request's inputs (by content) and input_paths
    (b"PATH=NAME", read by the C++ client as `--input PATH=NAME` is; bytes,
    so a local path that is not UTF-8 reaches it unchanged)."""
    if files is None:
        return [], []
    if not isinstance(files, Mapping):
        raise UsageError("files: a mapping of names under /sandbox to bytes or paths, not %s"
                         % type(files).__name__)
    inputs: List[Tuple[str, bytes]] = []
    paths: List[bytes] = []
    for name, source in files.items():
        if not isinstance(name, str):
            raise UsageError("files: names are str, not %s" % type(name).__name__)
        if isinstance(source, (bytes, bytearray, memoryview)):
            inputs.append((name, bytes(source)))
        elif isinstance(source, os.PathLike):
            if "=" in name:
                raise UsageError("files: %r: a name read from a path cannot hold '='" % name)
            paths.append(os.fsencode(source) + b"=" + os.fsencode(name))
        else:
            # A str could be either; the caller says which.
            raise UsageError("files: %r: give bytes (the content) or a pathlib.Path (a local file "
                             "or directory), not %s" % (name, type(source).__name__))
    return inputs, paths


def run_request(code: Code, *, lang: str, trust: str, origin: str, network: str,
                backend: Optional[str], timeout: Optional[float], memory: Optional[Union[int, str]],
                cpus: Optional[float], pids: Optional[int], override_reason: Optional[str],
                parent: Optional[str], filename: Optional[str], files: Optional[Files] = None,
                collect_tmp: bool = False, return_contents: bool = False) -> Dict[str, Any]:
    """The native request for one submission (keys of _native.pyi's Request)."""
    if not isinstance(code, (str, bytes)):
        raise UsageError("code must be str or bytes, not %s" % type(code).__name__)
    if timeout is not None and not timeout > 0:
        raise UsageError("timeout must be a positive number of seconds")
    if cpus is not None and not cpus > 0:
        raise UsageError("cpus must be positive")
    if pids is not None and (isinstance(pids, bool) or not isinstance(pids, int) or pids <= 0):
        raise UsageError("pids must be a positive integer")
    inputs, input_paths = file_inputs(files)
    return {
        "code": code,
        "filename": filename or "<mai_sandbox>",
        "language": lang,
        "trust": trust,
        "origin": origin,
        "network": network,
        "backend": backend,
        "timeout_ms": None if timeout is None else max(1, round(timeout * 1000)),
        "memory_bytes": None if memory is None else size_bytes(memory),
        "cpus": None if cpus is None else float(cpus),
        "pids": pids,
        "override_reason": override_reason,
        "parent": parent,
        "inputs": inputs,
        "input_paths": input_paths,
        "collect_tmp": bool(collect_tmp),
        "return_contents": bool(return_contents),
    }


def native_call(fn: Callable[..., Any], *args: Any) -> Any:
    """Calls the native client, turning its errors into this package's."""
    from . import _native
    try:
        return fn(*args)
    except _native.NativeError as e:
        raise from_native(*e.args) from None
    except (ValueError, TypeError) as e:
        raise UsageError(str(e)) from None


def connect(server: str, cert: Optional[PathLike], key: Optional[PathLike], ca: Optional[PathLike],
            connect_timeout: float, heartbeat_interval: float, heartbeat_timeout: float) -> Any:
    """A native client connected to `server` (blocks up to connect_timeout)."""
    from . import _native
    given = [p is not None for p in (cert, key, ca)]
    if any(given) and not all(given):
        raise UsageError("mutual TLS needs cert, key and ca together")

    def path(p: Optional[PathLike]) -> str:
        return "" if p is None else os.fspath(p)

    def ms(seconds: float, what: str) -> int:
        if not seconds > 0:
            raise UsageError(what + " must be a positive number of seconds")
        return max(1, round(seconds * 1000))

    return native_call(_native.Client, server, path(cert), path(key), path(ca),
                       ms(connect_timeout, "connect_timeout"),
                       ms(heartbeat_interval, "heartbeat_interval"),
                       ms(heartbeat_timeout, "heartbeat_timeout"))


def sample_handler(on_stats: Optional[Callable[[Sample], Any]]) -> Optional[Callable[[dict], None]]:
    if on_stats is None:
        return None
    return lambda d: on_stats(Sample.from_dict(d))
