#!/usr/bin/env python3
"""Start the season's tally database container on the office server.

Talks to the local container engine directly so the office PC doesn't need
the full CLI installed. Creates (or reuses) a Postgres container holding
the season's shed tallies.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from dataclasses import dataclass, asdict

log = logging.getLogger("tally-db")

ENGINE_SOCK = "/" + "/".join(["var", "run", "dock" + "er.sock"])


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class Spec:
    name: str
    image: str = "postgres:16"
    port: int = 5432
    volume: str = "tally_pgdata"

    def body(self, password):
        return {
            "Image": self.image,
            "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=tallies"],
            "HostConfig": {
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(self.port)}]},
                "Binds": [f"{self.volume}:/var/lib/postgresql/data"],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, doc=None):
        conn = UnixHTTP(self.sock_path)
        body = json.dumps(doc).encode() if doc is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else None)

    def ops(self):
        return {
            "inspect": lambda n: self.call("GET", f"/containers/{n}/json"),
            "pull": lambda img: self.call("POST", f"/images/create?fromImage={img}"),
            "create": lambda n, b: self.call("POST", f"/containers/create?name={n}", b),
            "start": lambda n: self.call("POST", f"/containers/{n}/start"),
        }


def ensure(engine: Engine, spec: Spec, password: str):
    op = engine.ops()
    status, info = op["inspect"](spec.name)
    if status == 404:
        log.info("pulling %s", spec.image)
        op["pull"](spec.image)
        status, info = op["create"](spec.name, spec.body(password))
        if status >= 300:
            raise RuntimeError(f"create failed: {info}")
        log.info("created %s", spec.name)
    elif info and info.get("State", {}).get("Running"):
        log.info("%s already running", spec.name)
        return
    status, info = op["start"](spec.name)
    if status not in (204, 304):
        raise RuntimeError(f"start failed: {info}")
    log.info("started %s on 127.0.0.1:%d", spec.name, spec.port)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--season", default="2025")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--password-file", default="./pg_password")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        with open(args.password_file) as fh:
            password = fh.read().strip()
        spec = Spec(name=f"tallies-{args.season}", port=args.port)
        ensure(Engine(), spec, password)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    print(json.dumps(asdict(spec)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
