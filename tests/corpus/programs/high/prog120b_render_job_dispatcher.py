#!/usr/bin/env python3
"""Dispatch fulldome frame-range render jobs to the local GPU container runtime.

The production team queues shot renders in jobs/*.json (scene file, frame
range, output master). For each pending job this starts the renderer image
on the workstation's Docker engine with the GPUs and the NAS mount passed
through, waits for it, stores the logs next to the job and marks it done.

Talks to the Engine API directly so the render boxes need no docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("render_dispatch")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"
RENDER_IMAGE = "registry.domeworks.lan/render/blender-fulldome:4.1"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCKET):
        self.sock_path = sock_path

    def call(self, method, path, body=None, timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        try:
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def run_render(self, job, name):
        spec = {
            "Image": job.get("image", RENDER_IMAGE),
            "Cmd": ["render", "--scene", job["scene"],
                    "--frames", f"{job['start']}-{job['end']}",
                    "--output", job["output"], "--fisheye", str(job.get("fov", 180))],
            "Env": [f"RENDER_THREADS={job.get('threads', 0)}"],
            "HostConfig": {
                "Privileged": True,
                "Binds": [f"{job.get('nas', '/mnt/nas/dome')}:/work:rw"],
                "Devices": [{"PathOnHost": "/dev/dri", "PathInContainer": "/dev/dri",
                             "CgroupPermissions": "rwm"}],
                "ShmSize": 8 * 1024 ** 3,
                "AutoRemove": False,
            },
            "Labels": {"domeworks.job": name},
        }
        created = self.call("POST", f"/containers/create?name=render-{name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        result = self.call("POST", f"/containers/{cid}/wait", timeout=timeout)
        return int(result.get("StatusCode", -1))

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&timestamps=1")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def pending_jobs(queue_dir):
    for path in sorted(Path(queue_dir).glob("*.json")):
        try:
            job = json.loads(path.read_text())
        except ValueError as exc:
            log.warning("skipping unreadable job %s: %s", path.name, exc)
            continue
        if job.get("state", "pending") == "pending":
            yield path, job


def mark(path, job, state, **extra):
    job.update(state=state, updated=int(time.time()), **extra)
    path.write_text(json.dumps(job, indent=2))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fulldome render job dispatcher")
    ap.add_argument("--queue", default="jobs")
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--max-hours", type=float, default=10.0)
    ap.add_argument("--keep", action="store_true", help="keep finished containers")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    ran = failed = 0
    for path, job in pending_jobs(args.queue):
        name = path.stem
        try:
            cid = engine.run_render(job, name)
            mark(path, job, "running", container=cid[:12])
            log.info("job %s running in %s", name, cid[:12])
            code = engine.wait(cid, timeout=int(args.max_hours * 3600))
            path.with_suffix(".log").write_bytes(engine.logs(cid) or b"")
            if not args.keep:
                engine.remove(cid)
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("job %s could not run: %s", name, exc)
            mark(path, job, "error", error=str(exc))
            failed += 1
            continue
        mark(path, job, "done" if code == 0 else "failed", exit_code=code)
        ran += 1
        failed += code != 0
    log.info("%d jobs run, %d failed", ran, failed)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
