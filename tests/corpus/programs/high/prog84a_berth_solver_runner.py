#!/usr/bin/env python3
"""Run the berth allocation solver for the next planning horizon.

The vendor ships the solver as a container image that reads
``/work/input.json`` (vessel calls, berth lengths, crane splits) and writes
``/work/plan.json``. The solver checks its licence against a USB dongle, so
the container needs device access. This runner talks to the local Docker
Engine API directly so it works on planner boxes without the docker CLI.
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

log = logging.getLogger("berth_solver")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
SOLVER_IMAGE = os.environ.get("BERTH_SOLVER_IMAGE", "registry.terminal.example/planning/berth-solver:5.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, workdir, env):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "WorkingDir": "/work",
            "HostConfig": {
                "Binds": [f"{workdir}:/work"],
                "Privileged": True,
                "AutoRemove": False,
            },
        }
        created = self.call("POST", "/containers/create?name=berth-solver-%d" % int(time.time()), spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50")
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def build_input(calls_file, horizon_h):
    calls = json.loads(Path(calls_file).read_text())
    cutoff = time.time() + horizon_h * 3600
    return {
        "horizonHours": horizon_h,
        "berths": calls.get("berths", []),
        "calls": [c for c in calls.get("calls", []) if c.get("eta_epoch", 0) <= cutoff],
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", default="vessel_calls.json")
    ap.add_argument("--horizon", type=int, default=72, help="hours")
    ap.add_argument("--workdir", default="solver_run")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    workdir = Path(args.workdir).resolve()
    workdir.mkdir(exist_ok=True)
    (workdir / "input.json").write_text(json.dumps(build_input(args.calls, args.horizon), indent=1))

    engine = Engine(ENGINE_SOCKET)
    try:
        if not args.no_pull:
            engine.pull(SOLVER_IMAGE)
        cid = engine.run(SOLVER_IMAGE, str(workdir), {"HORIZON_H": args.horizon})
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    log.info("solver container %s started", cid[:12])
    code = engine.wait(cid)
    if code != 0:
        log.error("solver exited %d:\n%s", code, engine.logs(cid))
    engine.remove(cid)
    plan = workdir / "plan.json"
    if plan.exists():
        log.info("plan written: %s", plan)
    return code


if __name__ == "__main__":
    sys.exit(main())
