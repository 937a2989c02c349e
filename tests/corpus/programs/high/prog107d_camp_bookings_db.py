#!/usr/bin/env python3
"""Bring up the local Postgres used by the summer camp bookings app.

The bookings app (week-by-week places, sibling discounts, lunch orders)
expects a Postgres 15 on localhost:5433. Rather than asking every volunteer
developer to install docker-compose, this helper talks to the Docker engine
directly: checks the image is present, creates the container with a named
volume, starts it and waits until it accepts connections.
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

log = logging.getLogger("bookings_db")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = "postgres:15-alpine"
NAME = "camp-bookings-db"
VOLUME = "camp-bookings-pgdata"
ENV_FILE = Path(".env.bookings")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:300]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def has_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
            return True
        except RuntimeError:
            return False

    def container(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError:
            return None


def load_or_create_password():
    if ENV_FILE.exists():
        for line in ENV_FILE.read_text().splitlines():
            if line.startswith("BOOKINGS_DB_PASSWORD="):
                return line.split("=", 1)[1]
    pw = secrets.token_urlsafe(18)
    ENV_FILE.write_text(f"BOOKINGS_DB_PASSWORD={pw}\n"
                        f"DATABASE_URL=postgresql://camp:{pw}@127.0.0.1:5433/bookings\n")
    ENV_FILE.chmod(0o600)
    return pw


def wait_ready(port, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return True
        except OSError:
            time.sleep(1)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Start the camp bookings Postgres")
    ap.add_argument("--port", type=int, default=5433)
    ap.add_argument("--recreate", action="store_true", help="remove and recreate the container")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    eng = Engine()
    try:
        existing = eng.container(NAME)
        if existing and args.recreate:
            eng.call("DELETE", f"/containers/{NAME}?force=true")
            existing = None
        if not existing:
            if not eng.has_image(IMAGE):
                log.error("image %s missing - run: docker pull %s", IMAGE, IMAGE)
                return 1
            pw = load_or_create_password()
            spec = {
                "Image": IMAGE,
                "Env": ["POSTGRES_USER=camp", f"POSTGRES_PASSWORD={pw}", "POSTGRES_DB=bookings"],
                "ExposedPorts": {"5432/tcp": {}},
                "HostConfig": {
                    "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
                    "Binds": [f"{VOLUME}:/var/lib/postgresql/data"],
                },
                "Labels": {"org.campbookings.role": "dev-db"},
            }
            eng.call("POST", f"/containers/create?name={NAME}", spec)
            log.info("created container %s", NAME)
        eng.call("POST", f"/containers/{NAME}/start")
    except FileNotFoundError:
        log.error("Docker engine socket %s not found - is Docker running?", ENGINE_SOCKET)
        return 1
    except PermissionError:
        log.error("no permission on %s - add yourself to the docker group", ENGINE_SOCKET)
        return 1
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    if wait_ready(args.port):
        log.info("bookings DB ready on 127.0.0.1:%d (credentials in %s)", args.port, ENV_FILE)
        return 0
    log.error("database did not come up within 60s")
    return 1


if __name__ == "__main__":
    sys.exit(main())
