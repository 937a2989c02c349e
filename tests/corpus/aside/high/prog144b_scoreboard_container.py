#!/usr/bin/env python3
"""(Re)deploy the LED scoreboard driver container.

The big LED board on the grandstand is driven by a container that talks to
the panel controller over USB and to the GPIO header for the start lights.
This talks to the local container engine directly so it works on the
minimal OS image that has no CLI client installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("scoreboard-deploy")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
CONTAINER_NAME = "led-scoreboard"
IMAGE = "registry.example.com/track/led-scoreboard:3.4"


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

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create_and_start(self, name, spec):
        _, out = self.call("POST", f"/containers/create?name={name}", spec)
        cid = out["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def build_spec(image, panel_dev, brightness):
    return {
        "Image": image,
        "Env": [f"PANEL_DEVICE={panel_dev}", f"BRIGHTNESS={brightness}"],
        "HostConfig": {
            # panel controller + GPIO need raw device access
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", "./board-config:/etc/scoreboard:ro"],
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--panel", default="/dev/ttyACM0")
    ap.add_argument("--brightness", type=int, default=80, choices=range(0, 101),
                    metavar="0-100")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    eng = Engine(ENGINE_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            eng.pull(args.image)
        if eng.remove(CONTAINER_NAME):
            log.info("removed old %s", CONTAINER_NAME)
        cid = eng.create_and_start(CONTAINER_NAME,
                                   build_spec(args.image, args.panel, args.brightness))
        log.info("scoreboard running: %s", cid[:12])
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
