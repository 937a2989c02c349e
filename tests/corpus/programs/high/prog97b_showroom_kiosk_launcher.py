#!/usr/bin/env python3
"""(Re)launch the showroom inventory kiosk container.

The touchscreen kiosk in the showroom runs the inventory browser as a
container.  This script talks to the local Docker engine directly (the kiosk
PC has no docker CLI installed), pulls the configured image tag, replaces
the running kiosk container and waits for it to report healthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("kiosk")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image: str):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}")

    def remove(self, name: str):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))
        except RuntimeError as exc:
            LOG.warning("remove failed: %s", exc)

    def create(self, name: str, spec: dict) -> str:
        return self.call("POST", f"/containers/create?name={quote(name)}", spec)["Id"]

    def start(self, cid: str):
        self.call("POST", f"/containers/{cid}/start")

    def inspect(self, cid: str) -> dict:
        return self.call("GET", f"/containers/{cid}/json")


def kiosk_spec(image: str, url: str, display: str) -> dict:
    return {
        "Image": image,
        "Env": [f"KIOSK_URL={url}", f"DISPLAY={display}", "KIOSK_IDLE_RESET=180"],
        "Labels": {"com.riverside.role": "showroom-kiosk"},
        "HostConfig": {
            # touchscreen, GPU and the barcode reader all need raw device access
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/tmp/.X11-unix:/tmp/.X11-unix:ro", "/run/udev:/run/udev:ro"],
            "ShmSize": 512 * 1024 * 1024,
        },
    }


def wait_healthy(engine: Engine, cid: str, timeout: int = 90) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.inspect(cid)["State"]
        health = state.get("Health", {}).get("Status")
        if not state.get("Running"):
            LOG.error("kiosk exited with code %s", state.get("ExitCode"))
            return False
        if health in (None, "healthy"):
            return True
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.riversidemotors.com/kiosk/inventory-browser:stable")
    ap.add_argument("--url", default="https://riversidemotors.com/inventory?kiosk=1")
    ap.add_argument("--display", default=":0")
    ap.add_argument("--name", default="showroom-kiosk")
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        if not args.skip_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(args.name)
        cid = engine.create(args.name, kiosk_spec(args.image, args.url, args.display))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine error: %s", exc)
        return 1
    if not wait_healthy(engine, cid):
        LOG.error("kiosk did not become healthy")
        return 1
    LOG.info("kiosk running (%s)", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
