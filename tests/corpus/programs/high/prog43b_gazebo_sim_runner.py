#!/usr/bin/env python3
"""Start a Gazebo + PX4 SITL container for CI hardware-in-the-loop runs.

Talks to the Docker Engine API directly over its UNIX socket (the CI image
has no docker CLI). The sim needs the GPU and the USB joystick, so the
container is started privileged with /dev passed through.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("sim-runner")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None


def container_spec(image, world, vehicle, headless):
    env = [f"PX4_SIM_MODEL={vehicle}", f"PX4_GZ_WORLD={world}",
           f"HEADLESS={'1' if headless else '0'}"]
    return {
        "Image": image,
        "Env": env,
        "Cmd": ["make", "px4_sitl", f"gz_{vehicle}"],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "/tmp/.X11-unix:/tmp/.X11-unix:ro"],
            "AutoRemove": True,
        },
        "Labels": {"ci.role": "sitl"},
    }


def wait_healthy(engine, cid, timeout_s):
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{cid}/json")
        state = info["State"]
        if not state.get("Running"):
            raise RuntimeError(f"container exited with {state.get('ExitCode')}")
        if state.get("Health", {}).get("Status") in (None, "healthy"):
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--image", default="ghcr.io/aerolab/px4-gz-sitl:1.15")
    ap.add_argument("--world", default="baylands")
    ap.add_argument("--vehicle", default="x500")
    ap.add_argument("--gui", action="store_true")
    ap.add_argument("--timeout", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    spec = container_spec(args.image, args.world, args.vehicle, not args.gui)
    try:
        created = engine.call("POST", "/containers/create?name=sitl-ci", spec)
        cid = created["Id"]
        engine.call("POST", f"/containers/{cid}/start")
        log.info("started %s", cid[:12])
        if not wait_healthy(engine, cid, args.timeout):
            log.error("sim not healthy after %ds", args.timeout)
            engine.call("POST", f"/containers/{cid}/stop")
            return 1
    except (OSError, RuntimeError) as exc:
        log.error("docker error: %s", exc)
        return 1
    print(cid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
