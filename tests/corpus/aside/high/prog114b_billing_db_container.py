#!/usr/bin/env python3
"""Bring up the Postgres database used by the member billing exporter.

The treasurer's exporter expects a Postgres 15 instance on localhost:5433
with the 'billing' database.  This helper creates (or restarts) that
container on the clubhouse server, keeps its data in ./pgdata and writes
connection details to ./.billing_db.env for the exporter to read.

No docker CLI is needed on the clubhouse box; the engine is driven over its
API directly.
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
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("billing_db")

ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").split("://", 1)[-1]
IMAGE = "postgres:15-alpine"
NAME = "club-billing-db"
ENV_FILE = Path(".billing_db.env")


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
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else None

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        res = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return res[0] if res else None

    def pull(self, image):
        repo, tag = image.split(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")


def read_env():
    env = {}
    if ENV_FILE.exists():
        for line in ENV_FILE.read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                env[k] = v
    return env


def write_env(env):
    ENV_FILE.write_text("".join(f"{k}={v}\n" for k, v in env.items()))
    os.chmod(ENV_FILE, 0o600)


def create(engine, port, data_dir, env):
    spec = {
        "Image": IMAGE,
        "Env": [f"POSTGRES_DB={env['PGDATABASE']}",
                f"POSTGRES_USER={env['PGUSER']}",
                f"POSTGRES_PASSWORD={env['PGPASSWORD']}"],
        "ExposedPorts": {"5432/tcp": {}},
        "HostConfig": {
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": [f"{data_dir.resolve()}:/var/lib/postgresql/data"],
        },
        "Labels": {"club.role": "billing"},
    }
    res = engine.call("POST", f"/containers/create?name={NAME}", spec)
    return res["Id"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=5433)
    ap.add_argument("--data", default="pgdata")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    data_dir = Path(args.data)
    data_dir.mkdir(exist_ok=True)
    env = read_env() or {"PGHOST": "127.0.0.1", "PGPORT": str(args.port),
                         "PGDATABASE": "billing", "PGUSER": "treasurer",
                         "PGPASSWORD": secrets.token_hex(24)}
    write_env(env)

    try:
        existing = engine.find(NAME)
        if existing and args.recreate:
            engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
            existing = None
        if existing is None:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
            cid = create(engine, args.port, data_dir, env)
        else:
            cid = existing["Id"]
        engine.call("POST", f"/containers/{cid}/start")
    except (OSError, RuntimeError) as exc:
        log.error("container engine: %s", exc)
        return 1

    for _ in range(30):
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            break
        time.sleep(1)
    log.info("%s running on 127.0.0.1:%s (details in %s)", NAME, args.port, ENV_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
