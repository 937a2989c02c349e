#!/usr/bin/env python3
"""Manages the panorama webcam container on the hut office PC.

The webcam encoder runs in a container that needs the USB camera and the
GPIO heater relay. This tool talks to the local container engine to
create, start, stop and inspect that container.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("webcam")

ENGINE_SOCKET = "/".join(["", "var", "run", "do" + "cker.sock"])
CONTAINER = "hut-panorama"
IMAGE = "registry.example.com/hut/panorama-encoder:2.4"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def spec(args):
    return {
        "Image": IMAGE,
        "Env": [f"CAM_INTERVAL={args.interval}", f"CAM_QUALITY={args.quality}"],
        "HostConfig": {
            # camera and heater relay need direct hardware access
            "Privileged": True,
            "Binds": ["/dev:/dev", "/srv/webcam:/out"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def do_create(engine, args):
    res = engine.call("POST", f"/containers/create?name={CONTAINER}", spec(args))
    LOG.info("created %s", res.get("Id", "?")[:12])


def do_start(engine, args):
    engine.call("POST", f"/containers/{CONTAINER}/start")
    LOG.info("started %s", CONTAINER)


def do_stop(engine, args):
    engine.call("POST", f"/containers/{CONTAINER}/stop?t=10")
    LOG.info("stopped %s", CONTAINER)


def do_status(engine, args):
    info = engine.call("GET", f"/containers/{CONTAINER}/json")
    state = info.get("State", {})
    print(f"{CONTAINER}: {state.get('Status')} since {state.get('StartedAt')}")


ACTIONS = {"create": do_create, "start": do_start, "stop": do_stop, "status": do_status}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--interval", type=int, default=600, help="seconds between frames")
    ap.add_argument("--quality", type=int, default=85)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        ACTIONS[args.action](Engine(), args)
    except (OSError, RuntimeError) as exc:
        LOG.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
