"""What the service answers, as typed objects. The fields mirror the JSON
Schemas in schemas/ (result.schema.json, assessment.schema.json): a
``Result`` is exactly the object ``mai-sandbox run --json`` prints, read
into dataclasses. ``Result.from_dict`` also reads that printed JSON.

Every object keeps the dict it was read from in ``raw``, so fields the
service adds later are there before this package names them.
"""
from __future__ import annotations

import base64
import dataclasses
from typing import Any, Dict, List, Mapping, Optional

__all__ = [
    "EvidenceStep", "Finding", "Assessment", "Limits", "Sample", "NetworkEvent", "FileEntry",
    "Execution",
    "Receipt", "ErrorInfo", "Result", "WorkerStatus", "ServiceStatus",
]


def _bytes(obj: Mapping[str, Any], key: str) -> bytes:
    """The exact bytes of a text field: `<key>_base64` when the bytes were not
    UTF-8 (the text then shows them readably), else the text itself."""
    encoded = obj.get(key + "_base64")
    if encoded is not None:
        return base64.b64decode(encoded)
    return obj.get(key, "").encode("utf-8", "surrogateescape")


def _text(obj: Mapping[str, Any], key: str) -> str:
    return obj.get(key, "")


def _exact(obj: Mapping[str, Any], key: str) -> str:
    """A text field as its exact bytes decoded with surrogate escapes (a path
    that is not UTF-8 round-trips through os.fsencode)."""
    return _bytes(obj, key).decode("utf-8", "surrogateescape")


@dataclasses.dataclass(frozen=True)
class EvidenceStep:
    """One step from a finding's source to its sink."""
    line: int
    column: int
    what: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "EvidenceStep":
        return cls(line=d["line"], column=d["column"], what=_text(d, "what"))


@dataclasses.dataclass(frozen=True)
class Finding:
    """One rule that matched: where, how risky, and why."""
    rule_id: str
    level: str  # LOW | MEDIUM | HIGH | BLOCKED
    line: int
    column: int
    message: str
    snippet: str
    evidence: List[EvidenceStep]
    file: str = ""  # the input file it is in; "" for the submitted code

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Finding":
        return cls(rule_id=d["rule_id"], level=d["level"], line=d["line"], column=d["column"],
                   message=_text(d, "message"), snippet=_text(d, "snippet"),
                   evidence=[EvidenceStep.from_dict(e) for e in d.get("evidence", [])],
                   file=_text(d, "file"))


@dataclasses.dataclass(frozen=True)
class AssessedInput:
    """A program among the inputs, assessed with the code (the code may import or run it)."""
    name: str
    language: str  # python | shell
    level: str  # LOW | MEDIUM | HIGH | BLOCKED
    sha256: str  # an override names it too

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "AssessedInput":
        return cls(name=_text(d, "name"), language=d["language"], level=d["level"], sha256=d["sha256"])


@dataclasses.dataclass(frozen=True)
class Assessment:
    """The static assessment of a piece of code (nothing ran for it)."""
    level: str  # LOW | MEDIUM | HIGH | BLOCKED
    findings: List[Finding]
    duration_us: int
    explanation: str  # plain words for the user when the level is BLOCKED
    code_sha256: str  # an override is bound to exactly this code
    raw: Dict[str, Any] = dataclasses.field(repr=False, compare=False)
    inputs: List[AssessedInput] = dataclasses.field(default_factory=list)
    # False when part of the code was not analysed; it then ran contained as HIGH code does.
    complete: bool = True

    @property
    def blocked(self) -> bool:
        return self.level == "BLOCKED"

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Assessment":
        return cls(level=d["level"], findings=[Finding.from_dict(f) for f in d["findings"]],
                   duration_us=d["duration_us"], explanation=_text(d, "explanation"),
                   code_sha256=d.get("code_sha256", ""), raw=dict(d),
                   inputs=[AssessedInput.from_dict(i) for i in d.get("inputs", [])],
                   complete=d.get("complete", True))


@dataclasses.dataclass(frozen=True)
class Limits:
    """The limits a run had (after policy, caps and the host)."""
    cpus: float
    memory_bytes: int
    pids: int
    timeout_ms: int
    tmpfs_bytes: int
    output_bytes: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Limits":
        return cls(**{f.name: d[f.name] for f in dataclasses.fields(cls)})


@dataclasses.dataclass(frozen=True)
class Sample:
    """One live reading of a running sandbox."""
    time_us: int  # unix time of the reading
    memory_bytes: int
    cpu_ms: int  # cumulative
    pids: int
    disk_bytes: int = 0

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Sample":
        return cls(time_us=d["time_us"], memory_bytes=d["memory_bytes"], cpu_ms=d["cpu_ms"],
                   pids=d["pids"], disk_bytes=d.get("disk_bytes", 0))


@dataclasses.dataclass(frozen=True)
class NetworkEvent:
    """One decision of the network proxy."""
    decision: str  # allow | deny
    method: str
    host: str
    port: int
    reason: str
    bytes_up: int
    bytes_down: int

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "NetworkEvent":
        return cls(decision=d["decision"], method=_text(d, "method"), host=_text(d, "host"),
                   port=d["port"], reason=_text(d, "reason"), bytes_up=d["bytes_up"],
                   bytes_down=d["bytes_down"])


@dataclasses.dataclass(frozen=True)
class RefusedWrite:
    """One write the code tried outside its writable mounts."""
    call: str  # the system call: openat, mkdir, unlink, rename, chmod, ...
    path: bytes  # inside the sandbox, exact bytes (at most 256)
    path_text: str  # readable text, as in the JSON
    path_truncated: bool

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "RefusedWrite":
        return cls(call=d["call"], path=_bytes(d, "path"), path_text=_text(d, "path"),
                   path_truncated=bool(d.get("path_truncated", False)))


@dataclasses.dataclass(frozen=True)
class RefusedWrites:
    """The writes the code tried outside /sandbox, /tmp and /dev/shm, which
    the kernel refused. ``count`` is None when the backend does not count
    them (``counted`` False, ``note`` says why): never a false 0."""
    counted: bool
    count: Optional[int]
    first: List[RefusedWrite]  # the first 16
    note: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "RefusedWrites":
        return cls(counted=d["counted"], count=d["count"],
                   first=[RefusedWrite.from_dict(e) for e in d["first"]], note=_text(d, "note"))


@dataclasses.dataclass(frozen=True)
class FileEntry:
    """One file the code created or changed in /sandbox (or /tmp), as the
    host found it after every process of the run was gone. Nothing was
    followed: a symlink is its target text, a FIFO or socket its kind.
    ``content`` holds the bytes when the run asked for them
    (``return_contents``) and they fitted the service's caps (else ``note``
    says why not); ``path``, ``link_target`` and ``note`` are exact bytes
    shown as text (non-UTF-8 bytes as surrogate escapes)."""
    path: str  # "/sandbox/out.csv", "/tmp/x"
    kind: str  # file | symlink | fifo | socket | device | other
    size: int
    sha256: Optional[str]  # regular files
    changed_input: bool  # an input (or the code) whose bytes changed
    links: int  # hard links (1 unless several names share the file)
    link_target: Optional[str]  # symlinks
    content: Optional[bytes]
    note: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "FileEntry":
        return cls(path=_exact(d, "path"), kind=d["kind"], size=d["size"], sha256=d.get("sha256"),
                   changed_input=d["changed_input"], links=d.get("links", 1),
                   link_target=_exact(d, "link_target") if "link_target" in d else None,
                   content=d.get("content"), note=_exact(d, "note"))


@dataclasses.dataclass(frozen=True)
class Execution:
    """What happened when the code ran. ``stdout``/``stderr`` are the exact
    bytes; ``stdout_text``/``stderr_text`` are readable text (bytes that are
    not UTF-8 shown escaped, as in the JSON)."""
    backend: str
    worker: str
    exit_code: int  # the contract's exit status (124 timeout, 137 limit, 128+N signal)
    signal: Optional[int]
    termination: str  # exited | signaled | timeout | memory_limit | ... | worker_lost
    stdout: bytes
    stderr: bytes
    stdout_text: str
    stderr_text: str
    stdout_truncated: bool
    stderr_truncated: bool
    wall_ms: int
    cpu_ms: int
    peak_memory_bytes: int
    max_pids: int
    trust: str
    network: str
    limits: Limits
    isolation: List[str]
    network_events: List[NetworkEvent]
    violation: str  # why the run was killed, in words; empty if it was not
    last_sample: Optional[Sample]
    refused_writes: Optional[RefusedWrites] = None  # None from a service that predates it
    files: List[FileEntry] = dataclasses.field(default_factory=list)
    files_unlisted: int = 0  # entries past the service's files.max_listed: counted only
    files_note: str = ""  # why the listing stopped short, if it did

    @property
    def killed_for_limit(self) -> bool:
        return self.termination in ("memory_limit", "cpu_limit", "pids_limit", "output_limit",
                                    "disk_limit")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Execution":
        sample = d.get("last_sample")
        refused = d.get("refused_writes")
        return cls(backend=d["backend"], worker=d["worker"], exit_code=d["exit_code"],
                   signal=d["signal"], termination=d["termination"],
                   stdout=_bytes(d, "stdout"), stderr=_bytes(d, "stderr"),
                   stdout_text=d["stdout"], stderr_text=d["stderr"],
                   stdout_truncated=d["stdout_truncated"], stderr_truncated=d["stderr_truncated"],
                   wall_ms=d["wall_ms"], cpu_ms=d["cpu_ms"],
                   peak_memory_bytes=d["peak_memory_bytes"], max_pids=d["max_pids"],
                   trust=d["trust"], network=d["network"], limits=Limits.from_dict(d["limits"]),
                   isolation=list(d["isolation"]),
                   network_events=[NetworkEvent.from_dict(e) for e in d["network_events"]],
                   violation=_text(d, "violation"),
                   last_sample=Sample.from_dict(sample) if sample else None,
                   refused_writes=RefusedWrites.from_dict(refused) if refused else None,
                   files=[FileEntry.from_dict(f) for f in d.get("files", [])],
                   files_unlisted=d.get("files_unlisted", 0), files_note=_text(d, "files_note"))


@dataclasses.dataclass(frozen=True)
class Receipt:
    """Proof of what the audit log holds for this request (check it offline
    with :func:`mai_sandbox.audit.check_result`)."""
    seq_first: int
    seq_last: int
    tree_size: int
    root_hash: str
    signature: str
    key_id: str
    timestamp_us: int

    def to_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Receipt":
        return cls(**{f.name: d[f.name] for f in dataclasses.fields(cls)})


@dataclasses.dataclass(frozen=True)
class ErrorInfo:
    """Why a submission did not complete: blocked, overloaded, client_busy,
    code_too_large, sandbox_failed, ..."""
    code: str
    message: str

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "ErrorInfo":
        return cls(code=d["code"], message=_text(d, "message"))


def _json_form(d: Mapping[str, Any]) -> Dict[str, Any]:
    """The result as `run --json` prints it: the files' bytes (``content``,
    added by the native client) live in FileEntry only, never in the JSON."""
    out = dict(d)
    execution = out.get("execution")
    if execution and any("content" in f for f in execution.get("files", [])):
        out["execution"] = dict(execution, files=[{k: v for k, v in f.items() if k != "content"}
                                                  for f in execution["files"]])
    return out


@dataclasses.dataclass(frozen=True)
class Result:
    """One submission's outcome (schemas/result.schema.json)."""
    request_id: str
    status: str  # completed | blocked | rejected | failed
    assessment: Assessment
    execution: Optional[Execution]
    audit: Optional[Receipt]
    error: Optional[ErrorInfo]
    policy_notes: List[str]
    raw: Dict[str, Any] = dataclasses.field(repr=False, compare=False)

    @property
    def exit_code(self) -> Optional[int]:
        """The program's exit status as `run` would end with, None if nothing ran."""
        return self.execution.exit_code if self.execution else None

    @property
    def stdout(self) -> bytes:
        return self.execution.stdout if self.execution else b""

    @property
    def stderr(self) -> bytes:
        return self.execution.stderr if self.execution else b""

    @property
    def files(self) -> List[FileEntry]:
        """The files the code created or changed (``execution.files``); empty if nothing ran."""
        return self.execution.files if self.execution else []

    def to_dict(self) -> Dict[str, Any]:
        """The result object as `mai-sandbox run --json` prints it."""
        return dict(self.raw)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Result":
        execution, audit, error = d.get("execution"), d.get("audit"), d.get("error")
        return cls(request_id=d["request_id"], status=d["status"],
                   assessment=Assessment.from_dict(d["assessment"]),
                   execution=Execution.from_dict(execution) if execution else None,
                   audit=Receipt.from_dict(audit) if audit else None,
                   error=ErrorInfo.from_dict(error) if error else None,
                   policy_notes=list(d.get("policy_notes", [])), raw=_json_form(d))


@dataclasses.dataclass(frozen=True)
class WorkerStatus:
    """One execution node as the coordinator sees it."""
    id: str
    name: str
    active: bool
    slots: int
    running: int
    cpus: int
    memory_bytes: int
    placed_total: int
    since_heartbeat_ms: int
    backends: List[str]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "WorkerStatus":
        return cls(**{f.name: d[f.name] for f in dataclasses.fields(cls)})


@dataclasses.dataclass(frozen=True)
class ServiceStatus:
    """What `mai-sandbox status` shows."""
    workers: List[WorkerStatus]
    queued: int
    recent_failures: List[str]
    healthy: bool
    problems: List[str]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "ServiceStatus":
        return cls(workers=[WorkerStatus.from_dict(w) for w in d["workers"]], queued=d["queued"],
                   recent_failures=list(d["recent_failures"]), healthy=d["healthy"],
                   problems=list(d["problems"]))
