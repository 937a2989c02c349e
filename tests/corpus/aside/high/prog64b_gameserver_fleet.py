#!/usr/bin/env python3
"""Tiny fleet manager for the community's game-server containers.

``fleet.json`` describes the servers we run:

    {"servers": [
        {"name": "mc-survival", "image": "itzg/minecraft-server:java21",
         "ports": {"25565/tcp": 25565}, "env": {"EULA": "TRUE", "TYPE": "PAPER"},
         "volume": "/srv/games/mc-survival:/data"},
        {"name": "valheim", "image": "lloesche/valheim-server",
         "ports": {"2456/udp": 2456, "2457/udp": 2457},
         "volume": "/srv/games/valheim:/config"}
    ]}

``fleet.py up`` creates and starts anything missing, ``fleet.py ps`` shows
state, ``fleet.py down NAME`` stops one. Talks to the engine API directly so
it runs on the slim hosts that have no docker CLI installed.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse
from pathlib import Path

log = logging.getLogger("fleet")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"
LABEL = "org.ironhearth.fleet"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str = ENGINE_SOCKET):
        self.path = path

    def call(self, method: str, url: str, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self) -> dict:
        filters = json.dumps({"label": [LABEL]})
        items = self.call("GET", f"/containers/json?all=1&filters={urllib.parse.quote(filters)}")
        return {c["Names"][0].lstrip("/"): c for c in items}

    def pull(self, image: str) -> None:
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def create(self, spec: dict) -> str:
        host_ports = {k: [{"HostPort": str(v)}] for k, v in spec.get("ports", {}).items()}
        body = {
            "Image": spec["image"],
            "Env": [f"{k}={v}" for k, v in spec.get("env", {}).items()],
            "Labels": {LABEL: "1"},
            "ExposedPorts": {k: {} for k in spec.get("ports", {})},
            "HostConfig": {
                "PortBindings": host_ports,
                "Binds": [spec["volume"]] if spec.get("volume") else [],
                "RestartPolicy": {"Name": "unless-stopped"},
                "Memory": int(spec.get("memory_mb", 4096)) * 1024 * 1024,
            },
        }
        result = self.call("POST", f"/containers/create?name={spec['name']}", body)
        return result["Id"]

    def start(self, cid: str) -> None:
        self.call("POST", f"/containers/{cid}/start")

    def stop(self, cid: str) -> None:
        self.call("POST", f"/containers/{cid}/stop?t=30")


def cmd_up(engine: Engine, fleet: dict) -> int:
    existing = engine.containers()
    for spec in fleet["servers"]:
        name = spec["name"]
        if name in existing:
            if existing[name]["State"] != "running":
                engine.start(existing[name]["Id"])
                log.info("started %s", name)
            continue
        log.info("pulling %s", spec["image"])
        engine.pull(spec["image"])
        cid = engine.create(spec)
        engine.start(cid)
        log.info("created %s (%s)", name, cid[:12])
    return 0


def cmd_ps(engine: Engine, _fleet: dict) -> int:
    for name, c in sorted(engine.containers().items()):
        print(f"{name:20} {c['State']:10} {c['Status']:25} {c['Image']}")
    return 0


def cmd_down(engine: Engine, _fleet: dict, name: str) -> int:
    existing = engine.containers()
    if name not in existing:
        log.error("no fleet container named %s", name)
        return 1
    engine.stop(existing[name]["Id"])
    log.info("stopped %s", name)
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="manage game-server containers")
    p.add_argument("-f", "--fleet", type=Path, default=Path("fleet.json"))
    p.add_argument("--socket", default=ENGINE_SOCKET)
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("up")
    sub.add_parser("ps")
    down = sub.add_parser("down")
    down.add_argument("name")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        fleet = json.loads(args.fleet.read_text()) if args.cmd == "up" else {}
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot load %s: %s", args.fleet, exc)
        return 2

    engine = Engine(args.socket)
    try:
        if args.cmd == "up":
            return cmd_up(engine, fleet)
        if args.cmd == "ps":
            return cmd_ps(engine, fleet)
        return cmd_down(engine, fleet, args.name)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
