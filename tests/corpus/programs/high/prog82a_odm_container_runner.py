#!/usr/bin/env python3
"""Run queued orthomosaic jobs in OpenDroneMap containers.

Same TOML job format as the native runner:

    name = "site-042-2024-05-11"
    images = "/data/flights/site-042/2024-05-11"
    [options]
    dsm = true
    orthophoto-resolution = 2.5

Talks to the local Docker Engine API directly so the runner has no
dependency on the docker CLI or SDK on the processing nodes.
"""
import argparse
import http.client
import json
import logging
import os
import shutil
import socket
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("odm-runner")

ODM_IMAGE = os.environ.get("ODM_IMAGE", "opendronemap/odm:gpu")
ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=None if path.endswith("/wait") else 300)
        try:
            data = json.dumps(body) if body is not None else None
            conn.request(method, "/v1.43" + path, body=data,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {payload[:200]!r}")
            if raw:
                return payload
            return json.loads(payload) if payload else {}
        finally:
            conn.close()


def odm_args(options: dict):
    args = []
    for key, value in options.items():
        if value is True:
            args.append(f"--{key}")
        elif value not in (False, None):
            args.extend([f"--{key}", str(value)])
    return args


def prepare_project(job: dict, work_root: Path) -> Path:
    project = work_root.resolve() / job["name"]
    images_dst = project / "images"
    images_dst.mkdir(parents=True, exist_ok=True)
    src = Path(job["images"])
    for img in src.iterdir():
        if img.suffix.lower() in (".jpg", ".jpeg", ".tif", ".dng") and not (images_dst / img.name).exists():
            shutil.copy2(img, images_dst / img.name)
    if (src / "gcp_list.txt").exists():
        shutil.copy2(src / "gcp_list.txt", project / "gcp_list.txt")
    return project


def write_status(project: Path, **fields):
    f = project / "status.json"
    data = json.loads(f.read_text()) if f.exists() else {}
    data.update(fields, updated=time.time())
    f.write_text(json.dumps(data, indent=2))


def container_spec(project: Path, options: dict):
    return {
        "Image": ODM_IMAGE,
        "Cmd": ["--project-path", "/datasets", project.name, *odm_args(options)],
        "HostConfig": {
            "Binds": [f"{project.parent}:/datasets"],
            "Privileged": True,
            "DeviceRequests": [{"Driver": "nvidia", "Count": -1, "Capabilities": [["gpu"]]}],
            "ShmSize": 8 * 1024 ** 3,
            "AutoRemove": False,
        },
        "Labels": {"survey.job": project.name},
    }


def process_job(engine: Engine, job_file: Path, work_root: Path) -> bool:
    with job_file.open("rb") as fh:
        job = tomllib.load(fh)
    project = prepare_project(job, work_root)
    write_status(project, state="starting", job=job_file.name)
    created = engine.call("POST", f"/containers/create?name=odm-{project.name}",
                          container_spec(project, job.get("options", {})))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    write_status(project, state="running", container=cid[:12])
    log.info("%s: container %s started", project.name, cid[:12])
    result = engine.call("POST", f"/containers/{cid}/wait")
    rc = result.get("StatusCode", -1)
    logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
    (project / "odm_run.log").write_bytes(logs)
    engine.call("DELETE", f"/containers/{cid}")
    write_status(project, state="done" if rc == 0 else "failed", returncode=rc)
    return rc == 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run queued ODM jobs in containers")
    ap.add_argument("queue", type=Path)
    ap.add_argument("--work-root", type=Path, default=Path("odm_projects"))
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--poll", type=int, default=60)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        engine.call("GET", "/_ping", raw=True)
    except (OSError, RuntimeError) as exc:
        log.error("container engine not reachable at %s: %s", ENGINE_SOCK, exc)
        return 2
    args.work_root.mkdir(parents=True, exist_ok=True)
    done_dir = args.queue / "done"
    done_dir.mkdir(exist_ok=True)

    while True:
        for job_file in sorted(args.queue.glob("*.toml")):
            try:
                ok = process_job(engine, job_file, args.work_root)
            except (OSError, KeyError, RuntimeError, tomllib.TOMLDecodeError) as exc:
                log.error("%s: %s", job_file.name, exc)
                ok = False
            job_file.rename(done_dir / (job_file.name + (".ok" if ok else ".failed")))
        if args.once:
            return 0
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
