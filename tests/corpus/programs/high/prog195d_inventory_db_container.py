#!/usr/bin/env python3
"""Bring up the back-office inventory database container.

Talks straight to the local Docker engine so it works on the shop PC
without the docker CLI or compose installed.
"""
import argparse
import http.client
import importlib
import json
import logging
import os
from dataclasses import dataclass, field

log = logging.getLogger("inv-db")

ENGINE = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=60)
        self._path = path

    def connect(self):
        sockmod = importlib.import_module("socket")
        s = sockmod.socket(sockmod.AF_UNIX, sockmod.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


@dataclass
class DbSpec:
    name: str = "longbox-inventory-db"
    image: str = "postgres:16-alpine"
    volume: str = "longbox_inventory_pg"
    host_port: str = os.environ.get("INV_DB_PORT", "5432")
    env: dict = field(default_factory=lambda: {
        "POSTGRES_DB": "inventory",
        "POSTGRES_USER": "longbox",
        "POSTGRES_PASSWORD": os.environ.get("INV_DB_PASSWORD", "change-me"),
    })

    def body(self):
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "ExposedPorts": {"5432/tcp": {}},
            "HostConfig": {
                "Binds": [f"{self.volume}:/var/lib/postgresql/data"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": self.host_port}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, url, payload=None):
        conn = UnixHTTP(self.path)
        body = json.dumps(payload).encode() if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, url, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        log.debug("%s %s -> %s", method, url, resp.status)
        return resp.status, (json.loads(data) if data.strip() else None)


def ensure_image(eng, spec):
    repo, tag = spec.image.split(":")
    eng.call("POST", f"/images/create?fromImage={repo}&tag={tag}")


def ensure_container(eng, spec):
    status, info = eng.call("GET", f"/containers/{spec.name}/json")
    if status == 404:
        status, info = eng.call("POST", f"/containers/create?name={spec.name}", spec.body())
        log.info("created %s (%s)", spec.name, (info or {}).get("Id", "?")[:12])
    return spec.name


def start(eng, spec):
    ensure_image(eng, spec)
    name = ensure_container(eng, spec)
    status, _ = eng.call("POST", f"/containers/{name}/start")
    log.info("start %s -> %s", name, status)


def stop(eng, spec):
    status, _ = eng.call("POST", f"/containers/{spec.name}/stop?t=20")
    log.info("stop %s -> %s", spec.name, status)


def status(eng, spec):
    code, info = eng.call("GET", f"/containers/{spec.name}/json")
    print(info["State"]["Status"] if code == 200 else "absent")


ACTIONS = {"up": start, "down": stop, "status": status}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    ACTIONS[args.action](Engine(), DbSpec())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
