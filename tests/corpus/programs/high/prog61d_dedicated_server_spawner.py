#!/usr/bin/env python3
"""Spin up a Valheim/Factorio-style dedicated server container by talking
to the Docker Engine API directly over its unix socket (no docker CLI or SDK
needed on the host).
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("srvspawn")

DOCKER_SOCK = "/var/run/docker.sock"

PRESETS = {
    "valheim": {"image": "lloesche/valheim-server:latest",
                "ports": {"2456/udp": 2456, "2457/udp": 2457},
                "env": {"SERVER_NAME": "LAN Vikings", "WORLD_NAME": "Midgard"}},
    "factorio": {"image": "factoriotools/factorio:stable",
                 "ports": {"34197/udp": 34197, "27015/tcp": 27015},
                 "env": {}},
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=DOCKER_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run(self, name, preset, data_dir):
        spec = {
            "Image": preset["image"],
            "Env": [f"{k}={v}" for k, v in preset["env"].items()],
            "ExposedPorts": {p: {} for p in preset["ports"]},
            "HostConfig": {
                "Privileged": True,  # server image tunes its own sysctls / cgroups
                "Binds": [f"{data_dir}:/config"],
                "PortBindings": {p: [{"HostPort": str(h)}] for p, h in preset["ports"].items()},
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game", choices=sorted(PRESETS))
    ap.add_argument("--name", default=None)
    ap.add_argument("--data", default="./server-data")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    data_dir = os.path.abspath(args.data)
    os.makedirs(data_dir, exist_ok=True)
    preset = PRESETS[args.game]
    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", preset["image"])
            engine.pull(preset["image"])
        cid = engine.run(args.name or f"{args.game}-lan", preset, data_dir)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1
    log.info("started container %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
