#!/usr/bin/env python3
"""Deploy or update the aquarium room dashboard container on the back-office box.

The dashboard reads the probe adapters and the dosing-pump controllers over
USB directly, shows live tank graphs on the fish-room TV and serves the same
page to the till on port 8090.  We talk to the Docker Engine API on its local
socket rather than shelling out so this also works on boxes without the CLI.
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

log = logging.getLogger("dash_deploy")

IMAGE = os.environ.get("DASH_IMAGE", "registry.reefline.example.com/tank-dashboard:2.7")
NAME = "tank-dashboard"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, socket_path="/var/run/docker.sock", api="v1.43"):
        self.socket_path = socket_path
        self.api = api

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204)):
        url = f"/{self.api}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", "/images/create", query={"fromImage": repo, "tag": tag})

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}", query={"force": "true"}, ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", "/containers/create", body=spec, query={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start", ok=(204, 304))

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")


def container_spec(image, port, data_dir):
    return {
        "Image": image,
        "Env": [
            f"STORE_ID={os.environ.get('STORE_ID', 'store-001')}",
            "PROBE_GLOB=/dev/ttyUSB*",
            "TZ=Europe/London",
        ],
        "ExposedPorts": {"8090/tcp": {}},
        "Labels": {"com.reefline.role": "dashboard"},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev:/dev", f"{data_dir}:/data"],
            "PortBindings": {"8090/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        },
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--port", type=int, default=8090)
    parser.add_argument("--data-dir", default=os.path.abspath("dashboard_data"))
    parser.add_argument("--socket", default=os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock"))
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(args.data_dir, exist_ok=True)
    engine = EngineClient(args.socket)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(NAME)
        cid = engine.create(NAME, container_spec(args.image, args.port, args.data_dir))
        engine.start(cid)
        for _ in range(10):
            state = engine.inspect(cid)["State"]
            if state.get("Running"):
                log.info("dashboard running (%s) on port %d", cid[:12], args.port)
                return 0
            time.sleep(1)
        log.error("container did not stay up: %s", state.get("Error") or state.get("Status"))
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
