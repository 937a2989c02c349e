#!/usr/bin/env python3
"""Manage the inventory database container on the office server.

Talks straight to the Docker Engine API over the local docker socket to
list, restart and (re)create the 'inventory-db' container that backs the
stock and consignment catalogue.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("invstack")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


def api(method, url, body=None):
    conn = UnixConnection(SOCK_PATH)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, "/v1.43" + url, body=payload,
                 headers={"Content-Type": "application/json"} if payload else {})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


@dataclass
class Spec:
    name: str = "inventory-db"
    image: str = "postgres:16"
    volume: str = "inventory-data"
    secret_file: str = field(default_factory=lambda: os.path.abspath("secrets/inventory_pw"))
    env: list = field(default_factory=lambda: [
        "POSTGRES_DB=inventory",
        "POSTGRES_PASSWORD_FILE=/run/secrets/inventory_pw",
    ])

    def body(self):
        return {
            "Image": self.image,
            "Env": self.env,
            "HostConfig": {
                "Binds": [f"{self.volume}:/var/lib/postgresql/data",
                          f"{self.secret_file}:/run/secrets/inventory_pw:ro"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "5432"}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
            "ExposedPorts": {"5432/tcp": {}},
        }


def ls(spec):
    for c in api("GET", "/containers/json?all=1"):
        print(f"{c['Id'][:12]}  {c['State']:<9} {','.join(c['Names'])}  {c['Image']}")


def restart(spec):
    api("POST", f"/containers/{spec.name}/restart?t=10")
    log.info("restarted %s", spec.name)


def recreate(spec):
    try:
        api("DELETE", f"/containers/{spec.name}?force=1")
    except RuntimeError as exc:
        log.debug("nothing to remove: %s", exc)
    created = api("POST", f"/containers/create?name={spec.name}", spec.body())
    api("POST", f"/containers/{created['Id']}/start")
    log.info("created %s as %s", spec.name, created["Id"][:12])


COMMANDS = {name: fn for name, fn in globals().items() if name in ("ls", "restart", "recreate")}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--image", default="postgres:16")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    COMMANDS[args.command](Spec(image=args.image))


if __name__ == "__main__":
    main()
