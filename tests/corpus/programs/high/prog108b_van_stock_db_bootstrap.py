#!/usr/bin/env python3
"""Bring up the local Postgres that backs the van stock tracker.

Each office PC runs its own small Postgres in a container holding the parts
catalogue and per-van stock levels. This script makes sure the container
exists and is running, with its data kept in ./pgdata so it survives rebuilds,
then loads schema.sql on first start.

It talks to the container engine's API directly rather than shelling out to
the CLI, because the office PCs only have the engine, not the docker client.

    python3 van_stock_db_bootstrap.py --schema schema.sql
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

log = logging.getLogger("stockdb")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
IMAGE = "postgres:16-alpine"
NAME = "vanstock-db"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def inspect(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError as exc:
            if " 404 " in str(exc):
                return None
            raise

    def pull(self, image):
        repo, tag = image.split(":")
        log.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={tag}")

    def create(self, name, config):
        return self.call("POST", f"/containers/create?name={name}", config)

    def start(self, name):
        self.call("POST", f"/containers/{name}/start")

    def exec_sql(self, name, sql, user="vanstock"):
        ex = self.call("POST", f"/containers/{name}/exec", {
            "Cmd": ["psql", "-U", user, "-d", "vanstock", "-v", "ON_ERROR_STOP=1", "-c", sql],
            "AttachStdout": True, "AttachStderr": True})
        out = self.call("POST", f"/exec/{ex['Id']}/start", {"Detach": False, "Tty": True})
        return out.decode(errors="replace") if isinstance(out, bytes) else out


def container_config(password: str, datadir: Path, port: int) -> dict:
    return {
        "Image": IMAGE,
        "Env": ["POSTGRES_USER=vanstock", f"POSTGRES_PASSWORD={password}",
                "POSTGRES_DB=vanstock"],
        "HostConfig": {
            "Binds": [f"{datadir.resolve()}:/var/lib/postgresql/data"],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def wait_ready(engine, name, tries=30):
    for _ in range(tries):
        state = (engine.inspect(name) or {}).get("State", {})
        if state.get("Running"):
            out = engine.exec_sql(name, "select 1")
            if "1 row" in out:
                return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="start the van stock database")
    ap.add_argument("--schema", type=Path, default=Path("schema.sql"))
    ap.add_argument("--data", type=Path, default=Path("pgdata"))
    ap.add_argument("--port", type=int, default=5433)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    password = os.environ.get("VANSTOCK_DB_PASSWORD")
    if not password:
        sys.exit("set VANSTOCK_DB_PASSWORD first")
    if not Path(ENGINE_SOCK).exists():
        sys.exit(f"container engine socket {ENGINE_SOCK} not found")

    engine = Engine()
    info = engine.inspect(NAME)
    fresh = info is None
    if fresh:
        args.data.mkdir(exist_ok=True)
        engine.pull(IMAGE)
        engine.create(NAME, container_config(password, args.data, args.port))
        log.info("created container %s", NAME)
    if fresh or not info["State"]["Running"]:
        engine.start(NAME)
    if not wait_ready(engine, NAME):
        sys.exit("database did not come up; check the container logs")
    if fresh and args.schema.exists():
        log.info("loading %s", args.schema)
        print(engine.exec_sql(NAME, args.schema.read_text()))
    log.info("van stock DB ready on 127.0.0.1:%d", args.port)


if __name__ == "__main__":
    main()
