#!/usr/bin/env python3
"""Grow sensor gateway launcher.

Starts (or restarts) the LoRa sensor gateway container that collects the
soil-moisture and water-level probes from the outdoor grow beds.  Talks to
the Docker Engine API directly so the greenhouse Pi does not need the
docker CLI or the Python SDK installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("gwlaunch")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "registry.example.net/aquaponics/lora-gateway:2.4"
NAME = "lora-gateway"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        found = self.call("GET", "/containers/json?all=1&filters=" + _quote(flt))
        return found[0] if found else None


def _quote(s):
    return quote(s, "")


def container_spec(args):
    binds = [f"{os.path.abspath(args.data)}:/data"]
    return {
        "Image": IMAGE,
        "Env": [f"GW_REGION={args.region}", f"GW_MQTT={args.mqtt}"],
        "HostConfig": {
            "Privileged": True,  # SPI concentrator + GPIO reset line
            "Binds": binds,
            "NetworkMode": "host",
        },
        "Labels": {"org.aquaponics.role": "gateway"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="(Re)start the LoRa grow sensor gateway")
    ap.add_argument("--region", default="EU868")
    ap.add_argument("--mqtt", default="mqtt://127.0.0.1:1883")
    ap.add_argument("--data", default="gateway-data")
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    os.makedirs(args.data, exist_ok=True)

    eng = Engine(ENGINE_SOCK)
    try:
        eng.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", ENGINE_SOCK, exc)
        return 1

    if args.pull:
        repo, tag = IMAGE.rsplit(":", 1)
        eng.call("POST", f"/images/create?fromImage={_quote(repo)}&tag={tag}")
        log.info("pulled %s", IMAGE)

    existing = eng.find(NAME)
    if existing:
        log.info("removing old %s (%s)", NAME, existing["State"])
        eng.call("DELETE", f"/containers/{existing['Id']}?force=1")
        time.sleep(1)

    created = eng.call("POST", f"/containers/create?name={NAME}", container_spec(args))
    eng.call("POST", f"/containers/{created['Id']}/start")
    log.info("gateway started: %s", created["Id"][:12])
    for w in created.get("Warnings") or []:
        log.warning("%s", w)
    return 0


if __name__ == "__main__":
    sys.exit(main())
