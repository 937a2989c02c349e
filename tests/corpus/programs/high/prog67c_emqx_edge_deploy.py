#!/usr/bin/env python3
"""Deploy or upgrade the EMQX edge broker container on a site gateway.

Talks to the local Docker Engine API directly (no docker CLI or SDK on the
gateway images), pulls the pinned EMQX image, replaces the running container
if the image changed and waits for the broker health endpoint.

    emqx_edge_deploy.py --tag 5.8.1 --serial /dev/ttyUSB0
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("emqx-deploy")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "emqx/emqx"
NAME = "emqx-edge"


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
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock, timeout=600 if stream else 60)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if resp.status == 404:
            return None
        if stream:
            return [json.loads(line) for line in data.splitlines() if line.strip()]
        return json.loads(data) if data else {}

    def pull(self, image, tag):
        q = urllib.parse.urlencode({"fromImage": image, "tag": tag})
        events = self.call("POST", f"/images/create?{q}", stream=True) or []
        errors = [e["error"] for e in events if "error" in e]
        if errors:
            raise RuntimeError("pull failed: " + errors[-1])
        return self.call("GET", f"/images/{image}:{tag}/json")["Id"]

    def inspect(self, name):
        return self.call("GET", f"/containers/{name}/json")

    def remove(self, name):
        self.call("POST", f"/containers/{name}/stop?t=20")
        self.call("DELETE", f"/containers/{name}?v=false")

    def create_and_start(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(image_ref, serial_ports, data_volume):
    return {
        "Image": image_ref,
        "Env": ["EMQX_NODE__NAME=emqx@127.0.0.1", "EMQX_DASHBOARD__DEFAULT_PASSWORD_FILE=/run/secrets/dash"],
        "ExposedPorts": {"1883/tcp": {}, "8883/tcp": {}, "18083/tcp": {}},
        "HostConfig": {
            # serial gateways (Zigbee/Modbus dongles) are re-enumerated on
            # replug, so the container gets the whole device tree
            "Privileged": True,
            "Devices": [{"PathOnHost": p, "PathInContainer": p, "CgroupPermissions": "rwm"} for p in serial_ports],
            "Binds": [f"{data_volume}:/opt/emqx/data", "/dev:/dev"],
            "PortBindings": {
                "1883/tcp": [{"HostPort": "1883"}],
                "8883/tcp": [{"HostPort": "8883"}],
                "18083/tcp": [{"HostIp": "127.0.0.1", "HostPort": "18083"}],
            },
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"fleet.role": "mqtt-broker"},
    }


def wait_healthy(port=18083, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/v5/status")
            if conn.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tag", default="5.8.1")
    ap.add_argument("--serial", action="append", default=[], help="serial device to pass through")
    ap.add_argument("--volume", default="emqx-edge-data")
    ap.add_argument("--force", action="store_true", help="recreate even if image is unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    eng = Engine()
    try:
        image_id = eng.pull(IMAGE, args.tag)
        current = eng.inspect(NAME)
        if current and current["Image"] == image_id and not args.force:
            log.info("%s already runs %s:%s", NAME, IMAGE, args.tag)
            return 0
        if current:
            log.info("replacing %s (%s)", NAME, current["Id"][:12])
            eng.remove(NAME)
        cid = eng.create_and_start(NAME, container_spec(f"{IMAGE}:{args.tag}", args.serial, args.volume))
        log.info("started %s as %s", NAME, cid[:12])
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    if not wait_healthy():
        log.error("broker did not become healthy")
        return 1
    log.info("broker healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
