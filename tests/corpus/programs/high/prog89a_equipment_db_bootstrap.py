#!/usr/bin/env python3
"""Bring up the equipment-register database on the rescue post server.

The equipment register (rope log, PPE inspections, defib checks) runs on a
PostGIS database.  This script makes sure the image is present, creates the
container with a named volume if it does not exist, starts it, and waits
until it accepts connections.  Talks to the Docker Engine API directly so it
works on the post server, which has no docker CLI / compose installed.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("equipdb")

ENGINE_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            # image pulls stream newline-delimited JSON progress
            return [json.loads(l) for l in raw.splitlines() if l.strip()]

    def container(self, name: str):
        try:
            return self.call("GET", f"/containers/{quote(name)}/json", ok=(200,))
        except RuntimeError as exc:
            if " 404 " in str(exc):
                return None
            raise


def ensure_image(eng: Engine, image: str) -> None:
    repo, _, tag = image.partition(":")
    try:
        eng.call("GET", f"/images/{quote(image, safe='')}/json", ok=(200,))
        LOG.info("image %s present", image)
    except RuntimeError:
        LOG.info("pulling %s ...", image)
        eng.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")


def ensure_container(eng: Engine, args) -> str:
    info = eng.container(args.name)
    if info is None:
        spec = {
            "Image": args.image,
            "Env": [f"POSTGRES_DB={args.db}", "POSTGRES_USER=equip",
                    f"POSTGRES_PASSWORD={os.environ['EQUIPDB_PASSWORD']}"],
            "ExposedPorts": {"5432/tcp": {}},
            "Labels": {"org.mrt.role": "equipment-register"},
            "HostConfig": {
                "Binds": [f"{args.volume}:/var/lib/postgresql/data"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
            },
        }
        created = eng.call("POST", f"/containers/create?name={quote(args.name)}", spec)
        LOG.info("created container %s (%s)", args.name, created["Id"][:12])
        info = eng.container(args.name)
    if not info["State"]["Running"]:
        eng.call("POST", f"/containers/{quote(args.name)}/start")
        LOG.info("started %s", args.name)
    return info["Id"]


def wait_ready(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return True
        except OSError:
            time.sleep(2)
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default="equip-register-db")
    ap.add_argument("--image", default="postgis/postgis:16-3.4")
    ap.add_argument("--volume", default="equip_register_data")
    ap.add_argument("--db", default="equipment")
    ap.add_argument("--port", type=int, default=5433)
    ap.add_argument("--wait", type=float, default=90)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if "EQUIPDB_PASSWORD" not in os.environ:
        LOG.error("set EQUIPDB_PASSWORD first")
        return 2
    eng = Engine(ENGINE_SOCK)
    try:
        ver = eng.call("GET", "/version")
        LOG.info("engine %s on %s", ver.get("Version"), ver.get("Os"))
        ensure_image(eng, args.image)
        ensure_container(eng, args)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("docker engine: %s", exc)
        return 1
    if not wait_ready(args.port, args.wait):
        LOG.error("database did not come up within %.0fs", args.wait)
        return 1
    LOG.info("equipment register DB ready on 127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
