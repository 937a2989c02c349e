#!/usr/bin/env python3
"""Start a local OSRM routing engine for planning crew routes.

The day planner orders each crew's jobs by drive time.  Rather than pay for
a routing API, the depot server runs OSRM in a container on a prepared
region extract (./osrm/region.osrm).  This talks straight to the Docker
Engine API so it works on the depot box without the docker CLI installed.

    route_optimizer_container.py start | status | stop
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
from urllib.parse import quote

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "ghcr.io/project-osrm/osrm-backend:v5.27.1"
NAME = "crew-route-osrm"
API_VERSION = "v1.43"

log = logging.getLogger("osrm")


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, f"/{API_VERSION}{path}",
                         json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def find(self, name):
        flt = json.dumps({"name": [name]})
        found = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return found[0] if found else None


def start(engine, data_dir, port):
    existing = engine.find(NAME)
    if existing and existing["State"] == "running":
        log.info("%s already running (%s)", NAME, existing["Id"][:12])
        return
    if existing:
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
    log.info("pulling %s", IMAGE)
    engine.pull(IMAGE)
    spec = {
        "Image": IMAGE,
        "Cmd": ["osrm-routed", "--algorithm", "mld", "/data/region.osrm"],
        "ExposedPorts": {"5000/tcp": {}},
        "HostConfig": {
            "Binds": [f"{data_dir}:/data:ro"],
            "PortBindings": {"5000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Memory": 2 * 1024 ** 3,
        },
        "Labels": {"app": "crew-route-planner"},
    }
    created = engine.call("POST", f"/containers/create?name={NAME}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s on 127.0.0.1:%d", created["Id"][:12], port)


def status(engine):
    c = engine.find(NAME)
    if not c:
        print(f"{NAME}: not created")
        return 1
    print(f"{NAME}: {c['State']} ({c['Status']}) image={c['Image']}")
    return 0 if c["State"] == "running" else 1


def stop(engine):
    c = engine.find(NAME)
    if not c:
        log.info("nothing to stop")
        return
    engine.call("POST", f"/containers/{c['Id']}/stop?t=10")
    log.info("stopped %s", c["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description="Manage the local OSRM routing container")
    ap.add_argument("action", choices=["start", "status", "stop"])
    ap.add_argument("--data", type=Path, default=Path("osrm"))
    ap.add_argument("--port", type=int, default=5000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(DOCKER_SOCK).exists():
        raise SystemExit(f"docker socket {DOCKER_SOCK} not found")
    engine = Engine(DOCKER_SOCK)
    try:
        if args.action == "start":
            data_dir = args.data.resolve()
            if not (data_dir / "region.osrm.mldgr").exists():
                raise SystemExit(f"no prepared extract in {data_dir}")
            start(engine, data_dir, args.port)
            time.sleep(2)
            return status(engine)
        if args.action == "status":
            return status(engine)
        stop(engine)
        return 0
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
