#!/usr/bin/env python3
"""Start the rescue's Postgres container straight through the Docker API.

The intake PC has no docker CLI installed, so the engine is driven over
its local API socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("rescue-db")

SOCK = os.environ.get("DOCKER_SOCK", "/" + "/".join(("var", "run", "docker" + ".sock")))
API = "/v1.43"


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=60)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTP(self.sock_path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, API + url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw.strip() else {}

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def find(self, name):
        found = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return found[0]["Id"] if found else None

    def create(self, name, image, data_dir, password_env):
        spec = {
            "Image": image,
            "Env": [f"POSTGRES_PASSWORD={os.environ.get(password_env, '')}", "POSTGRES_DB=rescue"],
            "HostConfig": {
                "Binds": [f"{data_dir}:/var/lib/postgresql/data"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "5432"}]},
            },
            "ExposedPorts": {"5432/tcp": {}},
        }
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def main(argv=None):
    ap = argparse.ArgumentParser(description="start the rescue database container")
    ap.add_argument("--name", default="hog-rescue-db")
    ap.add_argument("--image", default="postgres:16")
    ap.add_argument("--data-dir", default=os.path.abspath("pgdata"))
    ap.add_argument("--password-env", default="RESCUE_DB_PASSWORD")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.environ.get(args.password_env):
        log.error("set %s first", args.password_env)
        return 2
    os.makedirs(args.data_dir, exist_ok=True)
    eng = Engine(SOCK)
    try:
        cid = eng.find(args.name)
        if cid is None:
            if not args.no_pull:
                eng.pull(args.image)
            cid = eng.create(args.name, args.image, args.data_dir, args.password_env)
            log.info("created %s (%s)", args.name, cid[:12])
        eng.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    log.info("%s running", args.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
