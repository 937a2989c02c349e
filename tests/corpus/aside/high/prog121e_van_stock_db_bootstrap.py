#!/usr/bin/env python3
"""Van stock database bootstrap.

Brings up the Postgres instance the van stock counter writes to, on the office
server, without needing the docker CLI installed: talks to the engine API
directly.  Data lives in ./pgdata next to this script so backups pick it up.

Usage:
    prog121e_van_stock_db_bootstrap.py [--name vanstock-db] [--port 5433]
"""
import argparse
import http.client
import json
import logging
import os
import secrets
import socket
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("stockdb")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = "postgres:16-alpine"
HERE = Path(__file__).resolve().parent


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: HTTP {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def find(self, name):
        flt = json.dumps({"name": [name]})
        found = self.call("GET", f"/containers/json?all=1&filters={urllib.parse.quote(flt)}")
        return found[0] if found else None

    def pull(self, image):
        repo, _, tag = image.partition(":")
        log.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")


def read_or_make_password(path):
    if path.exists():
        return path.read_text().strip()
    pw = secrets.token_hex(20)
    path.write_text(pw + "\n")
    path.chmod(0o600)
    return pw


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default="vanstock-db")
    ap.add_argument("--port", type=int, default=5433)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    data_dir = HERE / "pgdata"
    data_dir.mkdir(exist_ok=True)
    password = read_or_make_password(HERE / ".stockdb_password")

    try:
        existing = engine.find(args.name)
        if existing is None:
            engine.pull(IMAGE)
            spec = {
                "Image": IMAGE,
                "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=vanstock",
                        "POSTGRES_USER=stock"],
                "ExposedPorts": {"5432/tcp": {}},
                "HostConfig": {
                    "Binds": [f"{data_dir}:/var/lib/postgresql/data"],
                    "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1",
                                                   "HostPort": str(args.port)}]},
                },
            }
            created = engine.call("POST", f"/containers/create?name={args.name}", spec)
            cid = created["Id"]
            log.info("created %s (%s)", args.name, cid[:12])
        else:
            cid = existing["Id"]
            log.info("%s already exists (%s)", args.name, existing["State"])
        engine.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1

    for _ in range(30):
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            log.info("stock database up on 127.0.0.1:%d", args.port)
            return 0
        time.sleep(1)
    log.error("container did not start")
    return 1


if __name__ == "__main__":
    sys.exit(main())
