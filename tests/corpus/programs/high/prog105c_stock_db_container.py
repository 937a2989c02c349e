#!/usr/bin/env python3
"""Start (or reuse) the Postgres container that backs the hire stock app.

The hire desk app expects Postgres on localhost:5433 with the stock schema
loaded. On the stores laptop we run it in a container; this talks to the
Docker Engine API directly so it works on machines where only the engine
(not the CLI) is installed, e.g. the old NUC in the warehouse.

    stock_db_container.py up      # create/start, wait until ready
    stock_db_container.py down    # stop it (data volume is kept)
    stock_db_container.py status
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

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
NAME = "hiredesk-stock-db"
IMAGE = "postgres:15-alpine"
HOST_PORT = "5433"
DATA_DIR = Path("./pgdata").resolve()
INIT_SQL = Path("./schema").resolve()


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._socket_path)
        self.sock = sock


class Engine:
    api = "/v1.43"

    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.api + url, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else None

    def find(self, name):
        filt = json.dumps({"name": [f"^/{name}$"]})
        found = self.call("GET", f"/containers/json?all=1&filters={quote(filt, '')}")
        return found[0] if found else None

    def pull(self, image):
        repo, tag = image.split(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")


def container_spec(password):
    DATA_DIR.mkdir(exist_ok=True)
    binds = [f"{DATA_DIR}:/var/lib/postgresql/data"]
    if INIT_SQL.is_dir():
        binds.append(f"{INIT_SQL}:/docker-entrypoint-initdb.d:ro")
    return {
        "Image": IMAGE,
        "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=stock", "POSTGRES_USER=hiredesk"],
        "ExposedPorts": {"5432/tcp": {}},
        "Healthcheck": {"Test": ["CMD", "pg_isready", "-U", "hiredesk"], "Interval": 2_000_000_000},
        "HostConfig": {
            "Binds": binds,
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": HOST_PORT}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"com.stagekit.app": "hiredesk"},
    }


def up(engine):
    password = os.environ.get("STOCK_DB_PASSWORD")
    if not password:
        raise SystemExit("set STOCK_DB_PASSWORD first")
    existing = engine.find(NAME)
    if existing is None:
        log.info("pulling %s", IMAGE)
        engine.pull(IMAGE)
        created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(password))
        cid = created["Id"]
        log.info("created %s", cid[:12])
    else:
        cid = existing["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    for _ in range(30):
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        health = state.get("Health", {}).get("Status")
        if health == "healthy":
            log.info("stock db ready on 127.0.0.1:%s", HOST_PORT)
            return 0
        time.sleep(2)
    log.error("database did not become healthy")
    return 1


def main(argv=None):
    ap = argparse.ArgumentParser(description="hire stock database container")
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    engine = Engine()
    try:
        if args.action == "up":
            return up(engine)
        found = engine.find(NAME)
        if found is None:
            print("not created")
            return 0
        if args.action == "down":
            engine.call("POST", f"/containers/{found['Id']}/stop?t=20")
            log.info("stopped %s", NAME)
        else:
            print(f"{NAME}: {found['State']} ({found['Status']})")
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
