#!/usr/bin/env python3
"""Start (or restart) the local recipe database container on the lab PC.

The colour lab keeps its working copy of the dye recipe database in a
PostgreSQL container so it matches the plant server's version. This tool
talks to the Docker Engine API directly over /var/run/docker.sock (the lab
PCs have no docker CLI installed) to pull the image, create the container
with its data in ./recipe_pgdata, publish it on localhost only, and start it.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("recipe_db")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/dyehouse/recipes-postgres"
TAG = "14.9"
NAME = "lab-recipes-db"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class DockerAPI:
    def __init__(self, sock_path=DOCKER_SOCK):
        if not os.path.exists(sock_path):
            raise RuntimeError(f"{sock_path} not found; is Docker running?")
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        res = self.call("GET", f"/containers/json?all=1&filters={urllib.parse.quote(flt)}")
        return res[0] if res else None


def create_spec(data_dir: Path, port: int, password_file: Path):
    return {
        "Image": f"{IMAGE}:{TAG}",
        "Env": ["POSTGRES_DB=recipes", "POSTGRES_USER=lab",
                "POSTGRES_PASSWORD_FILE=/run/secrets/pgpass"],
        "HostConfig": {
            "Binds": [f"{data_dir.resolve()}:/var/lib/postgresql/data",
                      f"{password_file.resolve()}:/run/secrets/pgpass:ro"],
            "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "no"},
        },
        "ExposedPorts": {"5432/tcp": {}},
        "Labels": {"site.role": "colour-lab", "managed-by": "recipe_db_container.py"},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, default=Path("recipe_pgdata"))
    ap.add_argument("--password-file", type=Path, default=Path("pgpass.txt"))
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--recreate", action="store_true",
                    help="remove and recreate the container (data dir is kept)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.password_file.is_file():
        log.error("create %s with the lab DB password first", args.password_file)
        return 2
    args.data_dir.mkdir(exist_ok=True)

    try:
        api = DockerAPI()
        existing = api.find(NAME)
        if existing and args.recreate:
            log.info("removing old container %s", existing["Id"][:12])
            api.call("DELETE", f"/containers/{existing['Id']}?force=1")
            existing = None
        if existing is None:
            log.info("pulling %s:%s", IMAGE, TAG)
            api.call("POST", f"/images/create?fromImage={IMAGE}&tag={TAG}")
            res = api.call("POST", f"/containers/create?name={NAME}",
                           create_spec(args.data_dir, args.port, args.password_file))
            cid = res["Id"]
            log.info("created container %s", cid[:12])
        else:
            cid = existing["Id"]
            log.info("container exists (%s)", existing.get("State"))
        api.call("POST", f"/containers/{cid}/start")
        for _ in range(10):
            state = api.call("GET", f"/containers/{cid}/json")["State"]
            if state.get("Running"):
                log.info("recipe DB running on 127.0.0.1:%d", args.port)
                return 0
            time.sleep(1)
        log.error("container did not stay up: %s", state.get("Error") or state.get("Status"))
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
