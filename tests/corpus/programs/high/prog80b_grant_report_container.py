#!/usr/bin/env python3
"""Build a funder's grant report with the pinned renderer image.

The renderer (LaTeX + our Jinja templates) lives in a container image so
every program officer gets byte-identical PDFs.  This script talks to the
local Docker engine directly (the docker CLI is not on the shared Macs'
Linux VM), mounts the report folder, runs the render and copies the logs.

    grant_report_container.py reports/ford_2024q3/grant.json
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("grant-render")

IMAGE = os.environ.get("GRANT_RENDER_IMAGE", "ghcr.io/example-nonprofit/grant-render:2.3.1")
ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, raw=False):
        conn = EngineConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, API + url,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
            if raw:
                return data
            return json.loads(data) if data else None
        finally:
            conn.close()


def load_job(job_file):
    job = json.loads(Path(job_file).read_text())
    for key in ("funder", "period", "template"):
        if key not in job:
            raise ValueError(f"{job_file}: missing '{key}'")
    job.setdefault("output", f"{job['funder']}_{job['period']}.pdf")
    return job


def demux_logs(data):
    """Strip the 8-byte stream headers from a non-tty log stream."""
    out, i = [], 0
    while i + 8 <= len(data):
        size = int.from_bytes(data[i + 4:i + 8], "big")
        out.append(data[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode(errors="replace")


def render(engine, job_dir, job, keep=False):
    spec = {
        "Image": IMAGE,
        "Cmd": ["render", "--job", "/report/grant.json", "--out", f"/report/{job['output']}"],
        "User": f"{os.getuid()}:{os.getgid()}",
        "WorkingDir": "/report",
        "HostConfig": {
            "Binds": [f"{job_dir.resolve()}:/report:rw"],
            "NetworkMode": "none",
            "AutoRemove": False,
        },
        "Labels": {"org.example.grant-render": job["funder"]},
    }
    created = engine.call("POST", "/containers/create", spec)
    cid = created["Id"]
    log.info("container %s created", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start")
        status = engine.call("POST", f"/containers/{cid}/wait")
        logs = demux_logs(engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True))
        (job_dir / "render.log").write_text(logs)
        return status.get("StatusCode", 1)
    finally:
        if not keep:
            engine.call("DELETE", f"/containers/{cid}?force=1")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", help="path to grant.json inside the report folder")
    ap.add_argument("--keep", action="store_true", help="keep the container")
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        job = load_job(args.job)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 2
    job_dir = Path(args.job).parent

    if not Path(ENGINE_SOCKET).exists():
        log.error("no container engine socket at %s", ENGINE_SOCKET)
        return 2
    engine = Engine(ENGINE_SOCKET)

    if args.pull:
        name, _, tag = IMAGE.rpartition(":")
        engine.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)
        log.info("pulled %s", IMAGE)

    started = time.monotonic()
    code = render(engine, job_dir, job, keep=args.keep)
    took = time.monotonic() - started
    if code != 0:
        log.error("render failed (exit %s) after %.1fs; see %s", code, took, job_dir / "render.log")
        return 1
    log.info("wrote %s in %.1fs", job_dir / job["output"], took)
    return 0


if __name__ == "__main__":
    sys.exit(main())
