#!/usr/bin/env python3
"""(Re)launch the grow-room sensor hub container on the greenhouse gateway.

The sensor hub image reads the I2C humidity/CO2 probes and the 1-Wire
substrate thermometers, so it needs the host's buses. We talk to the Docker
Engine API directly (the gateway image has no docker CLI), pull the tag
named in sensor_hub.json, replace any running copy and wait until the hub
answers its health endpoint.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.request

log = logging.getLogger("hub_launcher")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
CONTAINER_NAME = "growroom-sensor-hub"


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
        headers = {"Content-Type": "application/json"}
        data = json.dumps(body).encode() if body is not None else None
        try:
            conn.request(method, "/v1.43" + path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw.strip().startswith(b"{") else raw

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError as exc:
            if "404" not in str(exc):
                raise

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def container_spec(settings):
    port = str(settings.get("port", 8081))
    return {
        "Image": settings["image"],
        "Env": [f"HUB_SITE={settings.get('site', 'greenhouse')}",
                f"HUB_PORT={port}"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "/sys/bus/w1:/sys/bus/w1",
                      f"{os.path.abspath(settings.get('data_dir', 'hubdata'))}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def wait_healthy(port, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description="launch the sensor hub container")
    ap.add_argument("-c", "--config", default="sensor_hub.json")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        with open(args.config) as fh:
            settings = json.load(fh)
    except (OSError, ValueError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2

    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", settings["image"])
            engine.pull(settings["image"])
        engine.remove(CONTAINER_NAME)
        cid = engine.run(CONTAINER_NAME, container_spec(settings))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("docker engine call failed: %s", exc)
        return 1

    log.info("started %s (%s)", CONTAINER_NAME, cid[:12])
    if not wait_healthy(settings.get("port", 8081)):
        log.warning("hub did not report healthy within 60 s")
        return 1
    log.info("sensor hub healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
