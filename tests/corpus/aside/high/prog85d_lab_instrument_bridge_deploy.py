#!/usr/bin/env python3
"""(Re)deploy the lab instrument bridge container on the water-quality lab PC.

The bridge reads results from the ion chromatograph and the turbidimeters
over USB serial and pushes them into the sample tracker.  This script talks
to the local Docker Engine API directly (no docker CLI on the lab image),
pulls the pinned image, replaces the running container and waits for its
health check.

    python3 prog85d_lab_instrument_bridge_deploy.py --tag 2.3.1
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("bridge_deploy")

IMAGE = "registry.labnet.cityh2o.local/lims/instrument-bridge"
NAME = "instrument-bridge"


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
    api = "/v1.43"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        url = self.api + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if resp.status == 404:
            return None
        if stream:
            return data.decode(errors="replace")
        return json.loads(data) if data else {}


def container_spec(image, env_file, devices):
    env = []
    if env_file and os.path.exists(env_file):
        with open(env_file) as fh:
            env = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    return {
        "Image": image,
        "Env": env,
        "Labels": {"app": "lims-instrument-bridge"},
        "Healthcheck": {"Test": ["CMD", "bridge", "health"], "Interval": 10_000_000_000},
        "HostConfig": {
            # instruments enumerate on different ttyUSB/ttyACM nodes after every
            # power cycle, so the container gets the host device tree
            "Privileged": True,
            "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro",
                      f"{os.getcwd()}/bridge-data:/var/lib/bridge"],
            "Devices": [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in devices],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        },
    }


def deploy(engine, tag, env_file, devices, wait):
    image = f"{IMAGE}:{tag}"
    log.info("pulling %s", image)
    engine.call("POST", "/images/create", query={"fromImage": IMAGE, "tag": tag}, stream=True)

    old = engine.call("GET", f"/containers/{NAME}/json")
    if old:
        log.info("removing old container %s", old["Id"][:12])
        engine.call("POST", f"/containers/{NAME}/stop", query={"t": 20})
        engine.call("DELETE", f"/containers/{NAME}", query={"force": "true"})

    created = engine.call("POST", "/containers/create", query={"name": NAME},
                          body=container_spec(image, env_file, devices))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s", cid[:12])

    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        health = state.get("Health", {}).get("Status", "none")
        if health == "healthy":
            log.info("bridge healthy")
            return True
        if not state.get("Running"):
            log.error("container exited with %s", state.get("ExitCode"))
            return False
        time.sleep(3)
    log.error("bridge not healthy after %ds", wait)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tag", required=True)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--env-file", default="bridge.env")
    ap.add_argument("--device", action="append", default=[],
                    help="extra device node to pass through")
    ap.add_argument("--wait", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    try:
        ok = deploy(engine, args.tag, args.env_file, args.device, args.wait)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
