#!/usr/bin/env python3
"""Deploy the dock door camera recorder container on the gate server.

Talks to the local Docker engine directly (no docker CLI on the gate
server image), pulls the recorder image and starts one recorder per dock
camera with the capture card devices passed through.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse

log = logging.getLogger("cam_deploy")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/coldstore/dock-recorder:2.3"

CAMERAS = [
    {"door": 1, "url": "rtsp://198.51.100.71/stream1"},
    {"door": 2, "url": "rtsp://198.51.100.72/stream1"},
    {"door": 3, "url": "rtsp://198.51.100.73/stream1"},
]


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
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, url, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw.strip().startswith((b"{", b"[")) else raw

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        q = urllib.parse.urlencode({"fromImage": name, "tag": tag})
        self.call("POST", f"/images/create?{q}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass

    def run(self, name, spec):
        self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{name}/start")


def recorder_spec(cam, storage):
    return {
        "Image": IMAGE,
        "Env": [f"CAM_URL={cam['url']}", f"DOOR={cam['door']}", "SEGMENT_MIN=10"],
        "HostConfig": {
            # capture cards and the hardware encoder need full device access
            "Privileged": True,
            "Binds": [f"{storage}/door{cam['door']:02d}:/recordings", "/dev:/dev"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        },
    }


def main():
    ap = argparse.ArgumentParser(description="Deploy dock camera recorders")
    ap.add_argument("--storage", default="/srv/dockcam")
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        info = engine.call("GET", "/version")
        log.info("engine %s", info.get("Version"))
        if not args.skip_pull:
            engine.pull(IMAGE)
        for cam in CAMERAS:
            name = f"dockcam-door{cam['door']:02d}"
            engine.remove(name)
            engine.run(name, recorder_spec(cam, args.storage))
            log.info("started %s", name)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
