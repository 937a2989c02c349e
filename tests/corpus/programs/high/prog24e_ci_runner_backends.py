#!/usr/bin/env python3
"""Launch CI job containers through a pluggable runtime backend.

Backends implement the Runtime interface. The "engine" backend speaks the
container engine's HTTP API over its local unix socket; the "noop" backend
only prints the request. The job definition is an embedded YAML-like dict.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Dict, List, Type

log = logging.getLogger("ci-runner")

JOB = {
    "name": "integration-tests",
    "image": "registry.example.com/ci/builder:2024.06",
    "command": ["make", "test-integration"],
    "workdir": "/src",
    "needs_nested_engine": True,
    "env": {"CI": "1", "JOBS": "4"},
}


@dataclass
class ContainerRequest:
    image: str
    command: List[str]
    workdir: str
    env: Dict[str, str]
    binds: List[str] = field(default_factory=list)
    privileged: bool = False

    def to_api(self) -> Dict:
        return {
            "Image": self.image,
            "Cmd": self.command,
            "WorkingDir": self.workdir,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "HostConfig": {"Binds": self.binds, "Privileged": self.privileged, "AutoRemove": True},
        }


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path: str, timeout: float = 30.0) -> None:
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Runtime(ABC):
    @abstractmethod
    def start(self, req: ContainerRequest) -> str: ...


class NoopRuntime(Runtime):
    def start(self, req):
        print(json.dumps(req.to_api(), indent=2))
        return "noop"


class EngineRuntime(Runtime):
    SOCKET = "/var/run/docker.sock"
    API = "/v1.43"

    def _call(self, method: str, path: str, body: Dict = None) -> Dict:
        conn = UnixHTTPConnection(self.SOCKET)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, self.API + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def start(self, req):
        created = self._call("POST", "/containers/create", req.to_api())
        cid = created["Id"]
        self._call("POST", f"/containers/{cid}/start")
        log.info("started container %s", cid[:12])
        return cid


RUNTIMES: Dict[str, Type[Runtime]] = {"engine": EngineRuntime, "noop": NoopRuntime}


def build_request(job: Dict, source_dir: str) -> ContainerRequest:
    req = ContainerRequest(
        image=job["image"],
        command=list(job["command"]),
        workdir=job["workdir"],
        env=dict(job["env"]),
        binds=[f"{source_dir}:{job['workdir']}"],
    )
    if job.get("needs_nested_engine"):
        # nested builds need full device access inside the job container
        req.privileged = True
    return req


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runtime", choices=sorted(RUNTIMES), default="engine")
    ap.add_argument("--source", default=".", help="checkout to mount into the job")
    ap.add_argument("--image", help="override the job image")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    job = dict(JOB)
    if args.image:
        job["image"] = args.image
    req = build_request(job, os.path.abspath(args.source))
    runtime = RUNTIMES[args.runtime]()
    try:
        cid = runtime.start(req)
    except (OSError, RuntimeError) as exc:
        log.error("could not start job %s: %s", job["name"], exc)
        return 1
    print(f"{job['name']}: {cid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
