#!/usr/bin/env python3
"""Deploy the dodgeball scoreboard web app as a container on the court PC.

Talks to the local Docker engine directly over its unix socket (the court
PC has no docker CLI installed), pulls the image, replaces the old container
and starts the new one.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("scoreboard-deploy")

ENGINE = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=120)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return resp.status, (json.loads(raw) if raw.strip().startswith(b"{") else raw)


@dataclass
class Release:
    image: str = os.environ.get("SCOREBOARD_IMAGE", "registry.example.com/skyhop/scoreboard")
    tag: str = os.environ.get("SCOREBOARD_TAG", "latest")
    name: str = "skyhop-scoreboard"
    port: int = 8088
    env: dict = field(default_factory=lambda: {
        "COURTS": "dodgeball-1,dodgeball-2",
        "TZ": os.environ.get("TZ", "America/Chicago"),
    })

    def spec(self):
        return {
            "Image": f"{self.image}:{self.tag}",
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "ExposedPorts": {"8080/tcp": {}},
            "HostConfig": {
                "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(self.port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }


STEPS = ("pull", "remove", "create", "start")


def run_step(engine, rel, step):
    handlers = {
        "pull": lambda: engine.call("POST", f"/images/create?fromImage={rel.image}&tag={rel.tag}"),
        "remove": lambda: engine.call("DELETE", f"/containers/{rel.name}?force=true"),
        "create": lambda: engine.call("POST", f"/containers/create?name={rel.name}", rel.spec()),
        "start": lambda: engine.call("POST", f"/containers/{rel.name}/start"),
    }
    status, _ = handlers[step]()
    log.info("%-6s -> %s", step, status)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tag")
    ap.add_argument("--port", type=int)
    ap.add_argument("--only", choices=STEPS)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    rel = Release()
    if args.tag:
        rel.tag = args.tag
    if args.port:
        rel.port = args.port
    engine = Engine()
    for step in ([args.only] if args.only else STEPS):
        run_step(engine, rel, step)


if __name__ == "__main__":
    main()
