#!/usr/bin/env python3
"""Start a throwaway PostGIS database for testing plot register imports.

Before a new council's register format goes live we load it into a
scratch PostGIS instance and check the plot polygons line up with the
cemetery maps.  This talks to the local Docker Engine directly (no docker
CLI or SDK needed on the drafting PCs), starts the container, waits for it
to accept connections and prints the DSN to use.
"""
import argparse
import http.client
import json
import logging
import secrets
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("staging-db")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "postgis/postgis:16-3.4"
LABEL = "uk.co.hartley.staging"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks to the Engine API over its unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204, 304)):
        conn = EngineConnection(self.path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, API + url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def pull(self, image):
        name, _, tag = image.partition(":")
        LOG.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def existing(self, name):
        found = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return found[0] if found else None


def start_staging(engine, name, port, password, init_sql):
    current = engine.existing(name)
    if current:
        LOG.info("removing previous %s (%s)", name, current["State"])
        engine.call("DELETE", f"/containers/{current['Id']}?force=1")

    engine.pull(IMAGE)
    binds = [f"{Path(init_sql).resolve()}:/docker-entrypoint-initdb.d/init.sql:ro"] if init_sql else []
    spec = {
        "Image": IMAGE,
        "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=plots"],
        "Labels": {LABEL: "1"},
        "ExposedPorts": {"5432/tcp": {}},
        "Healthcheck": {"Test": ["CMD-SHELL", "pg_isready -U postgres"],
                        "Interval": 2_000_000_000, "Retries": 30},
        "HostConfig": {
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": binds,
            "AutoRemove": False,
            "Memory": 1 << 30,
        },
    }
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def wait_healthy(engine, cid, limit=90):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        health = state.get("Health", {}).get("Status")
        if health == "healthy":
            return True
        if not state.get("Running"):
            raise RuntimeError("container exited during start-up")
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", default="plot-register-staging")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--init-sql", help="SQL file run once at database creation")
    ap.add_argument("--stop", action="store_true", help="remove the staging database")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        if args.stop:
            current = engine.existing(args.name)
            if current:
                engine.call("DELETE", f"/containers/{current['Id']}?force=1")
                LOG.info("removed %s", args.name)
            return 0
        password = secrets.token_urlsafe(18)
        cid = start_staging(engine, args.name, args.port, password, args.init_sql)
        if not wait_healthy(engine, cid):
            LOG.error("database did not become healthy in time")
            return 1
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine: %s", exc)
        return 1

    dsn = f"postgresql://postgres:{password}@127.0.0.1:{args.port}/plots"
    Path(".staging_dsn").write_text(dsn + "\n")
    Path(".staging_dsn").chmod(0o600)
    print(dsn)
    return 0


if __name__ == "__main__":
    sys.exit(main())
