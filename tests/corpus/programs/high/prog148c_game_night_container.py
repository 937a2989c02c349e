#!/usr/bin/env python3
"""Start the digital-scoreboard container for game night.

The scoreboard app needs the USB buzzers and the HDMI output, so it is started
straight through the Docker Engine API with device access. Talks to the local
engine socket directly to avoid needing the docker CLI on the kiosk.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("scoreboard")

ENGINE = {
    "socket": "/var/run/" + "docker.sock",
    "image": "registry.example.com/cafe/scoreboard:latest",
    "name": "game-night-scoreboard",
}


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

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_old(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass

    def run(self, image, name, event):
        spec = {
            "Image": image,
            "Env": [f"EVENT_NAME={event}", "DISPLAY=:0"],
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "Binds": ["/dev/bus/usb:/dev/bus/usb", "/tmp/.X11-unix:/tmp/.X11-unix"],
                "RestartPolicy": {"Name": "no"},
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def wait_running(engine, cid, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            return True
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--event", default="Friday Night Catan")
    ap.add_argument("--image", default=ENGINE["image"])
    ap.add_argument("--socket", default=ENGINE["socket"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        engine.call("POST", f"/images/create?fromImage={args.image}")
        engine.remove_old(ENGINE["name"])
        cid = engine.run(args.image, ENGINE["name"], args.event)
    except (OSError, RuntimeError) as exc:
        log.error("could not start scoreboard: %s", exc)
        return 1
    if wait_running(engine, cid):
        log.info("scoreboard running (%s)", cid[:12])
        return 0
    log.error("scoreboard did not start")
    return 1


if __name__ == "__main__":
    sys.exit(main())
