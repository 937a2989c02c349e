#!/usr/bin/env python3
"""Provision per-community game server instances as containers.

Talks to the local Docker engine API directly over its UNIX socket (no
docker SDK on the hosting nodes). Each order in orders.json becomes one
container with a memory cap and a published game port.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from pathlib import Path

log = logging.getLogger("provision")
DOCKER_SOCK = "/var/run/docker.sock"
IMAGES = {
    "minecraft": ("itzg/minecraft-server:latest", 25565, "tcp"),
    "valheim": ("lloesche/valheim-server:latest", 2456, "udp"),
    "terraria": ("ryshe/terraria:latest", 7777, "tcp"),
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method: str, path: str, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, f"/v1.43{path}", body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def container_spec(order: dict) -> dict:
    image, port, proto = IMAGES[order["game"]]
    env = [f"{k}={v}" for k, v in order.get("env", {}).items()]
    return {
        "Image": image,
        "Env": env,
        "Labels": {"gamehost.community": order["community"]},
        "ExposedPorts": {f"{port}/{proto}": {}},
        "HostConfig": {
            "Memory": int(order.get("memory_gb", 4)) << 30,
            "PortBindings": {f"{port}/{proto}": [{"HostPort": str(order["host_port"])}]},
            "Binds": [f"/srv/communities/{order['community']}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def provision(order: dict, dry_run: bool) -> str:
    name = f"gh-{order['community']}-{order['game']}"
    spec = container_spec(order)
    if dry_run:
        print(name, json.dumps(spec, indent=2))
        return name
    image, _, _ = IMAGES[order["game"]]
    # images are mirrored onto the nodes by the ops team; never pull here
    engine("GET", f"/images/{image}/json")
    created = engine("POST", f"/containers/create?name={name}", spec)
    engine("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", name, created["Id"][:12])
    return created["Id"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", default="orders.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    orders = json.loads(Path(args.orders).read_text())
    failed = 0
    for order in orders:
        if order.get("game") not in IMAGES:
            log.error("unsupported game in order %s", order)
            failed += 1
            continue
        try:
            provision(order, args.dry_run)
        except (RuntimeError, OSError) as exc:
            log.error("%s: %s", order.get("community"), exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
