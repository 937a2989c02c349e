#!/usr/bin/env python3
"""Restart the self-service parcel kiosk container when its health page stops
answering. Talks to the local Docker engine directly."""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass

import requests

log = logging.getLogger("kiosk.watch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


@dataclass
class EngineClient:
    socket_path: str = "/var/run/" + "docker" + ".sock"
    api: str = "v1.41"

    def call(self, method: str, route: str, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        data = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, f"/{self.api}{route}", body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def __getattr__(self, name):
        verbs = {"inspect": ("GET", "/containers/{}/json"),
                 "restart": ("POST", "/containers/{}/restart?t=10"),
                 "start": ("POST", "/containers/{}/start")}
        if name not in verbs:
            raise AttributeError(name)
        method, template = verbs[name]
        return lambda ident: self.call(method, template.format(ident))


def kiosk_healthy(url: str) -> bool:
    try:
        resp = requests.get(url, timeout=5)
    except requests.RequestException:
        return False
    return resp.status_code == 200


def ensure_running(engine: EngineClient, name: str) -> str:
    info = engine.inspect(name)
    state = info.get("State", {})
    if not state.get("Running"):
        engine.start(name)
        return "started"
    return "running"


def watch(engine: EngineClient, name: str, health_url: str, interval: int,
          failures_allowed: int) -> None:
    misses = 0
    while True:
        status = ensure_running(engine, name)
        if status == "started":
            log.warning("kiosk container %s was down, started it", name)
            misses = 0
        elif kiosk_healthy(health_url):
            misses = 0
        else:
            misses += 1
            log.info("health miss %d/%d", misses, failures_allowed)
            if misses >= failures_allowed:
                engine.restart(name)
                log.warning("kiosk container %s restarted", name)
                misses = 0
        time.sleep(interval)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default=os.environ.get("KIOSK_CONTAINER", "parcel-kiosk"))
    parser.add_argument("--health", default="http://127.0.0.1:8080/health")
    parser.add_argument("--interval", type=int, default=30)
    parser.add_argument("--failures", type=int, default=3)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = EngineClient(socket_path=os.environ.get("DOCKER_SOCK", EngineClient.socket_path))
    if args.once:
        print(ensure_running(engine, args.name))
        return
    watch(engine, args.name, args.health, args.interval, args.failures)


if __name__ == "__main__":
    main()
