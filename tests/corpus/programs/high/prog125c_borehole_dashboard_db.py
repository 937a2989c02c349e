#!/usr/bin/env python3
"""Bring up the Postgres/TimescaleDB store behind the borehole dashboard.

The dashboard plots depth, penetration rate and water strikes per borehole
from a TimescaleDB hypertable. This script makes sure the database container
exists and is running, waits for it to accept connections and loads the
schema. It talks to the Docker Engine API directly so the office PCs don't
need the docker CLI installed.

    borehole_dashboard_db.py up        # create/start and load schema
    borehole_dashboard_db.py status
    borehole_dashboard_db.py down
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

log = logging.getLogger("dashdb")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
CONTAINER = "borehole-dash-db"
IMAGE = "timescale/timescaledb:2.14.2-pg16"
DATA_DIR = Path("pgdata").resolve()
SCHEMA = Path("schema.sql")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
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

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path, timeout=120)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else raw

    def inspect(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError as exc:
            if "404" in str(exc):
                return None
            raise

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        log.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create(self, name, password):
        DATA_DIR.mkdir(exist_ok=True)
        spec = {
            "Image": IMAGE,
            "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=boreholes"],
            "ExposedPorts": {"5432/tcp": {}},
            "HostConfig": {
                "Binds": [f"{DATA_DIR}:/var/lib/postgresql/data"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "5432"}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
            "Labels": {"app": "borehole-dashboard"},
        }
        return self.call("POST", f"/containers/create?name={name}", spec)

    def exec_sql(self, name, sql):
        ex = self.call("POST", f"/containers/{name}/exec", {
            "Cmd": ["psql", "-U", "postgres", "-d", "boreholes", "-v", "ON_ERROR_STOP=1", "-c", sql],
            "AttachStdout": True, "AttachStderr": True})
        return self.call("POST", f"/exec/{ex['Id']}/start", {"Detach": False, "Tty": False})


def wait_ready(engine, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            engine.exec_sql(CONTAINER, "SELECT 1")
            return True
        except RuntimeError:
            time.sleep(3)
    return False


def up(engine):
    password = os.environ.get("DASH_DB_PASSWORD")
    if not password:
        raise SystemExit("set DASH_DB_PASSWORD first")
    info = engine.inspect(CONTAINER)
    if info is None:
        engine.pull(IMAGE)
        engine.create(CONTAINER, password)
        log.info("created container %s", CONTAINER)
        info = engine.inspect(CONTAINER)
    if not info["State"]["Running"]:
        engine.call("POST", f"/containers/{CONTAINER}/start")
        log.info("started %s", CONTAINER)
    if not wait_ready(engine):
        raise SystemExit("database did not become ready")
    if SCHEMA.exists():
        engine.exec_sql(CONTAINER, SCHEMA.read_text())
        log.info("schema loaded from %s", SCHEMA)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Borehole dashboard database")
    ap.add_argument("action", choices=["up", "status", "down"])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        if args.action == "up":
            up(engine)
        elif args.action == "status":
            info = engine.inspect(CONTAINER)
            print("absent" if info is None else info["State"]["Status"])
        else:
            engine.call("POST", f"/containers/{CONTAINER}/stop?t=20")
            log.info("stopped %s", CONTAINER)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
