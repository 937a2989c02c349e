#!/usr/bin/env python3
"""Run the apple press booking calendar as a container on the shed box.

The shed box has no docker CLI installed (it is a minimal image), so this
talks to the Docker Engine API directly: pull the booking calendar image,
(re)create the container with the data directory mounted and the port bound
to localhost, and start it.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse
from pathlib import Path

log = logging.getLogger("press-container")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return resp.status, json.loads(data)
        return resp.status, data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"})

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}", query={"force": "true"},
                              expect=(204, 404))
        return status == 204

    def create(self, name, spec):
        _, out = self.call("POST", "/containers/create", body=spec, query={"name": name})
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(image, data_dir, port, tz):
    return {
        "Image": image,
        "Env": [f"TZ={tz}", "BOOKINGS_DB=/data/bookings.sqlite"],
        "ExposedPorts": {"8000/tcp": {}},
        "HostConfig": {
            "Binds": [f"{data_dir}:/data"],
            "PortBindings": {"8000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": 256 * 1024 * 1024,
        },
        "Labels": {"org.orchardpress.role": "booking-calendar"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Deploy the press booking calendar container")
    ap.add_argument("--image", default="ghcr.io/orchardpress/booking-calendar:1.6")
    ap.add_argument("--name", default="press-booking")
    ap.add_argument("--data", default="data", help="data directory to mount")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--tz", default="Europe/London")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    data_dir = Path(args.data).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        if engine.remove(args.name):
            log.info("removed old container %s", args.name)
        cid = engine.create(args.name, container_spec(args.image, data_dir, args.port, args.tz))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deployment failed: %s", exc)
        return 1
    log.info("booking calendar running at http://127.0.0.1:%d/ (%s)", args.port, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
