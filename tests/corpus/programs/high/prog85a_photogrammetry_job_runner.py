#!/usr/bin/env python3
"""Run photogrammetry reconstruction jobs for excavation features.

Each job folder (one per feature/section) holds the overlapping photographs
and a job.json with the reconstruction preset.  Jobs are run in the team's
reconstruction image (COLMAP + OpenMVS) through the Docker Engine API, with
the GPU and the job folder passed in, and the textured mesh collected from
the job's output directory afterwards.
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

log = logging.getLogger("recon")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("RECON_IMAGE", "registry.digsite.example/recon/colmap-openmvs:3.9")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    API = "/v1.43"

    def __init__(self, path: str = ENGINE_SOCKET):
        self.path = path

    def call(self, method: str, url: str, body=None, timeout: float = 60):
        conn = UnixHTTPConnection(self.path, timeout=timeout)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, self.API + url, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def create(self, name: str, spec: dict) -> str:
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid: str):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid: str) -> int:
        return self.call("POST", f"/containers/{cid}/wait", timeout=6 * 3600)["StatusCode"]

    def logs(self, cid: str) -> bytes:
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", f"{self.API}/containers/{cid}/logs?stdout=1&stderr=1&tail=200")
        data = conn.getresponse().read()
        conn.close()
        return data

    def remove(self, cid: str):
        self.call("DELETE", f"/containers/{cid}?force=1")


def container_spec(job_dir: Path, preset: dict) -> dict:
    host_cfg = {
        "Binds": [f"{job_dir.resolve()}:/job"],
        "Privileged": True,  # NVIDIA driver + /dev/dri access inside the image
        "Devices": [],
        "ShmSize": 2 * 1024 ** 3,
    }
    return {
        "Image": IMAGE,
        "Cmd": ["/opt/recon/run.sh", "/job/images", "/job/output",
                "--preset", preset.get("preset", "medium")],
        "Env": [f"RECON_MAX_IMAGE_SIZE={preset.get('max_image_size', 3200)}"],
        "WorkingDir": "/job",
        "HostConfig": host_cfg,
    }


def run_job(engine: Engine, job_dir: Path) -> bool:
    try:
        preset = json.loads((job_dir / "job.json").read_text())
    except (OSError, ValueError) as exc:
        log.error("%s: bad job.json (%s)", job_dir.name, exc)
        return False
    name = f"recon-{job_dir.name}-{int(time.time())}"
    cid = engine.create(name, container_spec(job_dir, preset))
    log.info("%s: started container %s", job_dir.name, cid[:12])
    try:
        engine.start(cid)
        code = engine.wait(cid)
        (job_dir / "recon.log").write_bytes(engine.logs(cid))
    finally:
        engine.remove(cid)
    mesh = job_dir / "output" / "scene_dense_mesh_texture.obj"
    if code == 0 and mesh.exists():
        log.info("%s: mesh ready at %s", job_dir.name, mesh)
        return True
    log.error("%s: reconstruction failed (exit %s)", job_dir.name, code)
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jobs", nargs="+", type=Path, help="job folders")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    ok = 0
    for job in args.jobs:
        try:
            ok += run_job(engine, job)
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", job.name, exc)
    log.info("%d/%d jobs succeeded", ok, len(args.jobs))
    return 0 if ok == len(args.jobs) else 1


if __name__ == "__main__":
    sys.exit(main())
