#!/usr/bin/env python3
"""Run the infield odds board driver as a container on the board PC.

The LED panel controller talks to the panels over a USB serial adapter, so
the driver container needs the device passed through. This talks to the
local container engine directly so the board PC doesn't need the CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("board.container")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/racetrack/odds-board-driver:3.4"
NAME = "odds-board-driver"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def exists(self, name):
        try:
            self.call("GET", f"/containers/{name}/json")
            return True
        except RuntimeError:
            return False


def container_spec(device, feed_url):
    return {
        "Image": IMAGE,
        "Env": [f"ODDS_FEED_URL={feed_url}", f"PANEL_DEVICE={device}"],
        "HostConfig": {
            # panel firmware updates poke the USB bus directly
            "Privileged": True,
            "Devices": [{"PathOnHost": device, "PathInContainer": device,
                         "CgroupPermissions": "rwm"}],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        },
    }


def deploy(engine, device, feed_url, replace):
    if engine.exists(NAME):
        if not replace:
            log.info("%s already present, use --replace to redeploy", NAME)
            return
        log.info("removing old %s", NAME)
        engine.call("DELETE", f"/containers/{NAME}?force=true")

    log.info("pulling %s", IMAGE)
    repo, tag = IMAGE.rsplit(":", 1)
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
    created = engine.call("POST", f"/containers/create?name={NAME}",
                          container_spec(device, feed_url))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s)", NAME, created["Id"][:12])


def wait_healthy(engine, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{NAME}/json")["State"]
        if state.get("Running"):
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--feed", default="https://feed.example.com/odds/current")
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        deploy(engine, args.device, args.feed, args.replace)
        if not wait_healthy(engine):
            log.error("driver container did not come up")
            return 1
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("odds board driver running")
    return 0


if __name__ == "__main__":
    sys.exit(main())
