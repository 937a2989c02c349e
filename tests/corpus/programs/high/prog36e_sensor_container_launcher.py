#!/usr/bin/env python3
"""Launch a deception sensor container through the Docker Engine API.

Talks to the engine over the local unix socket (no docker CLI needed on the
sensor appliance). The sensor image runs packet capture and several emulated
services, so it is started privileged in the host network namespace.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("sensor-launch")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"

SENSOR_PROFILES = {
    "full": {
        "image": "registry.lab.internal/deception/sensor:2.7",
        "env": ["SENSOR_MODE=full", "PCAP_IFACE=eth1"],
        "binds": ["/srv/sensor/data:/data"],
    },
    "lite": {
        "image": "registry.lab.internal/deception/sensor-lite:2.7",
        "env": ["SENSOR_MODE=lite"],
        "binds": ["/srv/sensor/data:/data"],
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data.strip() else None

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def find(self, name):
        flt = json.dumps({"name": [name]})
        res = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return res[0]["Id"] if res else None


def launch(engine: Engine, name: str, profile: dict, pull: bool) -> str:
    if pull:
        LOG.info("pulling %s", profile["image"])
        engine.pull(profile["image"])
    existing = engine.find(name)
    if existing:
        LOG.info("removing previous container %s", existing[:12])
        engine.call("DELETE", f"/containers/{existing}?force=1")
    spec = {
        "Image": profile["image"],
        "Env": profile["env"],
        "Labels": {"lab.role": "deception-sensor"},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": profile["binds"],
            "RestartPolicy": {"Name": "no"},
        },
    }
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    return cid


def wait_healthy(engine: Engine, cid: str, seconds: int) -> bool:
    end = time.time() + seconds
    while time.time() < end:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state.get("Running"):
            LOG.error("sensor exited with code %s", state.get("ExitCode"))
            return False
        if state.get("Health", {}).get("Status", "healthy") == "healthy":
            return True
        time.sleep(2)
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(SENSOR_PROFILES), default="lite")
    ap.add_argument("--name", default="deception-sensor")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--wait", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        cid = launch(engine, args.name, SENSOR_PROFILES[args.profile], not args.no_pull)
    except (OSError, RuntimeError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    LOG.info("started %s as %s", args.name, cid[:12])
    if not wait_healthy(engine, cid, args.wait):
        return 2
    LOG.info("sensor healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
