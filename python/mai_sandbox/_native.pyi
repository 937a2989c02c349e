"""Stubs of the native module (python/native/module.cpp): the C++ client
library for the mai_sandbox package. Use mai_sandbox.Client instead."""
import enum
from typing import Any, Callable, Dict, List, Optional, Tuple, TypedDict, Union

class ErrorKind(enum.Enum):
    usage: int
    connect: int
    service: int
    lost: int
    @property
    def name(self) -> str: ...

class Errc(enum.Enum):
    overloaded: int
    sandbox_failed: int
    audit_failed: int
    invalid_request: int
    worker_lost: int
    unauthenticated: int
    internal: int
    unavailable: int
    @property
    def name(self) -> str: ...

class NativeError(Exception):
    args: Tuple[str, ErrorKind, Optional[Errc]]

class Request(TypedDict, total=False):
    code: Union[str, bytes]
    filename: Union[str, bytes]
    language: str  # python | shell
    trust: str  # untrusted | unknown | trusted
    origin: str  # mai | external
    backend: Optional[str]  # native | docker
    network: str  # none | deps
    cpus: Optional[float]
    memory_bytes: Optional[int]
    pids: Optional[int]
    timeout_ms: Optional[int]
    override_reason: Optional[str]
    parent: Optional[str]
    inputs: List[Tuple[str, bytes]]  # (name under /sandbox, content)
    input_paths: List[bytes]  # b"PATH=NAME": read as `--input PATH=NAME` (files or directories)
    collect_tmp: bool  # list /tmp too
    return_contents: bool  # bring the files' bytes back (execution.files[i]["content"])

# The result object of schemas/result.schema.json, as `run --json` prints it;
# each execution.files entry whose bytes came back also has "content" (bytes).
ResultDict = Dict[str, Any]
SampleDict = Dict[str, Any]

class Client:
    def __init__(self, server: str, cert: str, key: str, ca: str, connect_timeout_ms: int,
                 heartbeat_interval_ms: int, heartbeat_timeout_ms: int) -> None: ...
    def submit(self, request: Request,
               on_stats: Optional[Callable[[SampleDict], None]]) -> ResultDict: ...
    def submit_async(
        self, request: Request, on_stats: Optional[Callable[[SampleDict], None]],
        on_done: Callable[[Optional[ResultDict], Optional[Tuple[str, ErrorKind, Optional[Errc]]]],
                          None]) -> None: ...
    def assess(self, code: Union[str, bytes], language: str, origin: str) -> Dict[str, Any]: ...
    def status(self) -> Dict[str, Any]: ...
    def close(self) -> None: ...
    @property
    def connected(self) -> bool: ...
