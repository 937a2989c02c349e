#!/usr/bin/env python3
"""Queue photogrammetry jobs through OpenDroneMap containers.

Looks for job folders under the processing root that contain an images/
directory and a job.toml but no odm_orthophoto/ yet, and runs the ODM
image against each one, one at a time. Talks to the Docker Engine API
directly so the render box doesn't need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import tomllib
from pathlib import Path

log = logging.getLogger("odm-runner")

ODM_IMAGE = "opendronemap/odm:3.5.1"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, expect=(200, 201, 204)):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/v1.43{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def run_job(self, job_dir: Path, opts: dict) -> int:
        args = ["--project-path", "/datasets", "project"]
        for k, v in opts.items():
            args += [f"--{k}"] if v is True else [f"--{k}", str(v)]
        spec = {
            "Image": ODM_IMAGE,
            "Cmd": args,
            "HostConfig": {
                "Binds": [f"{job_dir.resolve()}:/datasets/project"],
                "AutoRemove": False,
                "ShmSize": 8 * 1024 ** 3,
            },
            "Labels": {"survey.job": job_dir.name},
        }
        created = self.call("POST", f"/containers/create?name=odm-{job_dir.name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        log.info("%s: started container %s", job_dir.name, cid[:12])
        while True:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                break
            time.sleep(30)
        logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=200")
        (job_dir / "odm_run.log").write_bytes(logs if isinstance(logs, bytes) else b"")
        self.call("DELETE", f"/containers/{cid}")
        return state["ExitCode"]


def pending_jobs(root: Path):
    for job in sorted(p for p in root.iterdir() if p.is_dir()):
        if (job / "images").is_dir() and (job / "job.toml").is_file() and not (job / "odm_orthophoto").exists():
            yield job


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, help="processing root containing job folders")
    ap.add_argument("--engine", default="/var/run/docker.sock")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.engine)
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", args.engine, exc)
        return 2

    done = failed = 0
    for job in pending_jobs(args.root):
        with (job / "job.toml").open("rb") as fh:
            opts = tomllib.load(fh).get("odm", {})
        try:
            rc = engine.run_job(job, opts)
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("%s: %s", job.name, exc)
            rc = -1
        if rc == 0:
            done += 1
        else:
            failed += 1
            log.warning("%s finished with exit code %s", job.name, rc)
        if args.limit and done + failed >= args.limit:
            break
    log.info("processed %d job(s), %d failed", done + failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
