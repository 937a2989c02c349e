#!/usr/bin/env python3
"""Launch CI job containers directly through the Docker Engine API.

The runner reads a job spec (JSON) from ./jobs, builds a container
definition through a series of "decorator" layers (env, resources,
volumes, capabilities), creates and starts the container via the engine's
UNIX socket, streams its logs and collects the exit code.  Jobs that need
nested virtualisation or loop devices request the `privileged` trait.
"""
from __future__ import annotations

import argparse
import http.client
import json
import logging
import socket
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional

log = logging.getLogger("ci-launch")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class EngineClient:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def _request(self, method: str, url: str, body: Optional[dict] = None, stream: bool = False):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data else {}

    def create(self, name: str, spec: dict) -> str:
        return self._request("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid: str) -> None:
        self._request("POST", f"/containers/{cid}/start")

    def wait(self, cid: str) -> int:
        return int(self._request("POST", f"/containers/{cid}/wait").get("StatusCode", 1))

    def logs(self, cid: str) -> Iterator[bytes]:
        resp = self._request("GET", f"/containers/{cid}/logs?follow=1&stdout=1&stderr=1", stream=True)
        while True:
            header = resp.read(8)
            if len(header) < 8:
                break
            size = int.from_bytes(header[4:], "big")
            yield resp.read(size)

    def remove(self, cid: str) -> None:
        self._request("DELETE", f"/containers/{cid}?force=1")


@dataclass
class JobSpec:
    name: str
    image: str
    script: List[str]
    env: Dict[str, str] = field(default_factory=dict)
    traits: List[str] = field(default_factory=list)
    cpus: float = 2.0
    memory_mb: int = 4096

    @classmethod
    def load(cls, path: Path) -> "JobSpec":
        raw = json.loads(path.read_text())
        return cls(name=raw["name"], image=raw["image"], script=raw["script"], env=raw.get("env", {}),
                   traits=raw.get("traits", []), cpus=raw.get("cpus", 2.0), memory_mb=raw.get("memory_mb", 4096))


class Layer(ABC):
    @abstractmethod
    def apply(self, job: JobSpec, spec: dict) -> dict:
        ...


class BaseLayer(Layer):
    def apply(self, job: JobSpec, spec: dict) -> dict:
        spec.update({"Image": job.image, "Cmd": ["/bin/sh", "-ec", "\n".join(job.script)],
                     "WorkingDir": "/builds/src", "Labels": {"ci.job": job.name}})
        spec.setdefault("HostConfig", {})
        return spec


class EnvLayer(Layer):
    def apply(self, job: JobSpec, spec: dict) -> dict:
        env = {"CI": "true", "CI_JOB_NAME": job.name, **job.env}
        spec["Env"] = [f"{k}={v}" for k, v in env.items()]
        return spec


class ResourceLayer(Layer):
    def apply(self, job: JobSpec, spec: dict) -> dict:
        hc = spec["HostConfig"]
        hc["NanoCpus"] = int(job.cpus * 1e9)
        hc["Memory"] = job.memory_mb * 1024 * 1024
        hc["PidsLimit"] = 2048
        return spec


class WorkspaceLayer(Layer):
    def __init__(self, workspace: Path):
        self.workspace = workspace

    def apply(self, job: JobSpec, spec: dict) -> dict:
        spec["HostConfig"]["Binds"] = [f"{self.workspace.resolve()}:/builds/src:rw"]
        return spec


class TraitLayer(Layer):
    def apply(self, job: JobSpec, spec: dict) -> dict:
        hc = spec["HostConfig"]
        if "privileged" in job.traits:
            hc["Privileged"] = True
        if "kvm" in job.traits:
            hc.setdefault("Devices", []).append({"PathOnHost": "/dev/kvm", "PathInContainer": "/dev/kvm",
                                                 "CgroupPermissions": "rwm"})
        return spec


class Launcher:
    def __init__(self, client: EngineClient, layers: List[Layer], keep: bool = False):
        self.client = client
        self.layers = layers
        self.keep = keep

    def build_spec(self, job: JobSpec) -> dict:
        spec: dict = {}
        for layer in self.layers:
            spec = layer.apply(job, spec)
        return spec

    def run(self, job: JobSpec) -> int:
        name = f"ci-{job.name}-{int(time.time())}"
        cid = self.client.create(name, self.build_spec(job))
        log.info("created %s (%s)", name, cid[:12])
        try:
            self.client.start(cid)
            for chunk in self.client.logs(cid):
                print(chunk.decode(errors="replace"), end="")
            code = self.client.wait(cid)
            log.info("job %s finished with %d", job.name, code)
            return code
        finally:
            if not self.keep:
                self.client.remove(cid)


def main() -> int:
    ap = argparse.ArgumentParser(description="run a CI job in a container")
    ap.add_argument("job", type=Path, help="job spec JSON, e.g. jobs/build.json")
    ap.add_argument("--workspace", type=Path, default=Path("."))
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    job = JobSpec.load(args.job)
    layers: List[Layer] = [BaseLayer(), EnvLayer(), ResourceLayer(), WorkspaceLayer(args.workspace), TraitLayer()]
    return Launcher(EngineClient(), layers, keep=args.keep).run(job)


if __name__ == "__main__":
    raise SystemExit(main())
