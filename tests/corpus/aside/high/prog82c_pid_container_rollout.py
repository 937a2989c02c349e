#!/usr/bin/env python3
"""Roll out a new passenger information display image on a platform unit.

Talks to the local Docker engine directly over its API socket (the display
units ship without the docker CLI to save space), pulls the requested tag,
replaces the running "pid-display" container and rolls back if the new one
does not report healthy.

Config: rollout.toml in the working directory, e.g.
    image = "registry.kioskfleet.example.net/pid/display"
    tag = "2024.11.3"
    env = { STOP_ID = "8000105", LANG = "de_DE.UTF-8" }
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import tomllib
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("pid-rollout")

NAME = "pid-display"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class Engine:
    def __init__(self, sock="/var/run/docker.sock", api="v1.43"):
        self.sock = sock
        self.api = api

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock, timeout=600)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if raw and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(raw)
        return raw

    def pull(self, image, tag):
        self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")

    def inspect(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")
        except RuntimeError:
            return None

    def stop_remove(self, name):
        self.call("POST", f"/containers/{name}/stop?t=10", ok=(204, 304, 404))
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))

    def rename(self, old, new):
        self.call("POST", f"/containers/{old}/rename?name={new}", ok=(204,))

    def create_start(self, name, image_ref, env):
        spec = {
            "Image": image_ref,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                # framebuffer, DRM and the GPIO lines for the platform chime
                "Privileged": True,
                "NetworkMode": "host",
                "RestartPolicy": {"Name": "unless-stopped"},
                "Binds": ["/run/udev:/run/udev:ro"],
            },
            "Healthcheck": {"Test": ["CMD", "/app/bin/healthcheck"],
                            "Interval": 5_000_000_000, "Retries": 3},
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def wait_healthy(self, name, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = (self.inspect(name) or {}).get("State", {})
            health = state.get("Health", {}).get("Status")
            if health == "healthy":
                return True
            if state.get("Status") in ("exited", "dead"):
                return False
            time.sleep(3)
        return False


def main():
    ap = argparse.ArgumentParser(description="PID display rollout")
    ap.add_argument("--config", default="rollout.toml")
    ap.add_argument("--tag", help="override tag from config")
    ap.add_argument("--health-timeout", type=int, default=90)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = tomllib.loads(Path(args.config).read_text())
    tag = args.tag or cfg["tag"]
    image_ref = f"{cfg['image']}:{tag}"
    engine = Engine()

    log.info("pulling %s", image_ref)
    engine.pull(cfg["image"], tag)

    had_old = engine.inspect(NAME) is not None
    if had_old:
        engine.stop_remove(f"{NAME}-prev")
        engine.call("POST", f"/containers/{NAME}/stop?t=10", ok=(204, 304))
        engine.rename(NAME, f"{NAME}-prev")

    engine.create_start(NAME, image_ref, cfg.get("env", {}))
    if engine.wait_healthy(NAME, args.health_timeout):
        log.info("%s healthy on %s", NAME, image_ref)
        return 0

    log.error("new container unhealthy, rolling back")
    engine.stop_remove(NAME)
    if had_old:
        engine.rename(f"{NAME}-prev", NAME)
        engine.call("POST", f"/containers/{NAME}/start", ok=(204, 304))
    return 1


if __name__ == "__main__":
    sys.exit(main())
