#!/usr/bin/env python3
"""Tiny GPU job dispatcher: pops job specs from a spool directory and starts
each one as a container through the local Docker Engine API.

Jobs are JSON files in ./queue/pending:
    {"name": "bert-ft-17", "image": "registry.lan/train:cu121",
     "cmd": ["python", "train.py", "--cfg", "cfg/bert.yaml"], "gpus": 2}
"""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

DOCKER_SOCK = "/var/run/docker.sock"
log = logging.getLogger("dispatch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, path, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
    return json.loads(data) if data else {}


def container_spec(job, workdir):
    return {
        "Image": job["image"],
        "Cmd": job["cmd"],
        "WorkingDir": "/workspace",
        "Env": [f"JOB_NAME={job['name']}", "NCCL_DEBUG=WARN"],
        "HostConfig": {
            "Privileged": True,
            "IpcMode": "host",
            "ShmSize": 16 * 1024 ** 3,
            "Binds": [f"{workdir}:/workspace", "/dev/infiniband:/dev/infiniband"],
            "DeviceRequests": [{"Driver": "nvidia", "Count": int(job.get("gpus", 1)),
                                "Capabilities": [["gpu"]]}],
        },
    }


def dispatch(job_file, workdir, running_dir):
    job = json.loads(job_file.read_text())
    created = engine("POST", f"/containers/create?name={job['name']}", container_spec(job, workdir))
    engine("POST", f"/containers/{created['Id']}/start")
    log.info("started %s as %s", job["name"], created["Id"][:12])
    job["container_id"] = created["Id"]
    (running_dir / job_file.name).write_text(json.dumps(job, indent=2))
    job_file.unlink()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--queue", type=Path, default=Path("queue"))
    ap.add_argument("--workdir", type=Path, default=Path.cwd())
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    pending, running, failed = (args.queue / d for d in ("pending", "running", "failed"))
    for d in (pending, running, failed):
        d.mkdir(parents=True, exist_ok=True)
    log.info("engine version %s", engine("GET", "/version").get("Version"))
    while True:
        for job_file in sorted(pending.glob("*.json")):
            try:
                dispatch(job_file, args.workdir.resolve(), running)
            except (RuntimeError, KeyError, json.JSONDecodeError, OSError) as exc:
                log.error("job %s failed: %s", job_file.name, exc)
                job_file.rename(failed / job_file.name)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
