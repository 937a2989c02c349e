#!/usr/bin/env python3
"""Bring up the crew training records database for the station.

The training records app expects a PostgreSQL 16 instance on
localhost:5433 with its data kept in ./pgdata next to this script.  This
helper pulls the image if needed, creates the container, starts it and
waits until the database answers.

    crew_records_container.py up
    crew_records_container.py status
    crew_records_container.py down
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

LOG = logging.getLogger("crew_db")

ENGINE_SOCKET = os.environ.get("CONTAINER_ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = "postgres:16-alpine"
NAME = "crew-training-db"


class UnixHTTPConnection(http.client.HTTPConnection):
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

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        try:
            data = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, "/v1.43" + url, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError("{} {} -> {}: {}".format(method, url, resp.status, raw[:200]))
        return json.loads(raw) if raw and raw.strip().startswith((b"{", b"[")) else None

    def inspect(self, name):
        try:
            return self.call("GET", "/containers/{}/json".format(name))
        except RuntimeError:
            return None


def pull(engine):
    LOG.info("pulling %s", IMAGE)
    repo, tag = IMAGE.split(":")
    engine.call("POST", "/images/create?fromImage={}&tag={}".format(quote(repo), quote(tag)))


def create(engine, data_dir, password):
    spec = {
        "Image": IMAGE,
        "Env": ["POSTGRES_DB=crew_training", "POSTGRES_USER=training",
                "POSTGRES_PASSWORD=" + password],
        "ExposedPorts": {"5432/tcp": {}},
        "Healthcheck": {"Test": ["CMD", "pg_isready", "-U", "training"],
                        "Interval": 5_000_000_000, "Retries": 12},
        "HostConfig": {
            "Binds": ["{}:/var/lib/postgresql/data".format(data_dir)],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "5433"}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"org.lifeboat.station": os.environ.get("STATION", "ST-042")},
    }
    engine.call("POST", "/containers/create?name=" + NAME, body=spec)
    LOG.info("created %s", NAME)


def wait_healthy(engine, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        info = engine.inspect(NAME) or {}
        health = info.get("State", {}).get("Health", {}).get("Status")
        if health == "healthy":
            return True
        time.sleep(3)
    return False


def cmd_up(engine, args):
    password = os.environ.get("CREW_DB_PASSWORD")
    if not password:
        LOG.error("set CREW_DB_PASSWORD first")
        return 2
    data_dir = Path(args.data).resolve()
    data_dir.mkdir(exist_ok=True)
    if engine.inspect(NAME) is None:
        try:
            pull(engine)
        except RuntimeError as exc:
            LOG.warning("pull failed (%s), trying local image", exc)
        create(engine, str(data_dir), password)
    engine.call("POST", "/containers/{}/start".format(NAME))
    if wait_healthy(engine):
        LOG.info("crew training database ready on 127.0.0.1:5433")
        return 0
    LOG.error("database did not become healthy")
    return 1


def cmd_status(engine, _args):
    info = engine.inspect(NAME)
    if info is None:
        print("{}: not created".format(NAME))
        return 1
    state = info["State"]
    print("{}: {} (health: {})".format(NAME, state.get("Status"),
                                       state.get("Health", {}).get("Status", "n/a")))
    return 0


def cmd_down(engine, _args):
    if engine.inspect(NAME) is None:
        return 0
    engine.call("POST", "/containers/{}/stop?t=20".format(NAME))
    LOG.info("stopped %s (data kept)", NAME)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Crew training records database")
    ap.add_argument("action", choices=["up", "status", "down"])
    ap.add_argument("--data", default="pgdata")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    engine = Engine()
    try:
        return {"up": cmd_up, "status": cmd_status, "down": cmd_down}[args.action](engine, args)
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
