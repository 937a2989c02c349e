#!/usr/bin/env python3
"""Start the CCTV recorder for the viewing room and the retort hall.

Regulations ask us to keep footage of every cremation for 90 days.  The
recorder runs as a container that needs the capture cards, so it is
started straight through the local container engine.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

LOG = logging.getLogger("cctv-launch")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("CCTV_IMAGE", "registry.example.com/facility/nvr-recorder:3.8")
FOOTAGE_DIR = Path(os.environ.get("FOOTAGE_DIR", "/srv/footage"))
CAMERAS = {
    "viewing-room": "rtsp://192.0.2.71:554/stream1",
    "retort-hall": "rtsp://192.0.2.72:554/stream1",
    "loading-bay": "rtsp://192.0.2.73:554/stream1",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def find(self, name):
        found = self.call("GET", f'/containers/json?all=1&filters={{"name":["{name}"]}}')
        return found[0] if found else None


def recorder_spec(retention_days):
    env = [f"CAM_{k.upper().replace('-', '_')}={v}" for k, v in CAMERAS.items()]
    env.append(f"RETENTION_DAYS={retention_days}")
    return {
        "Image": IMAGE,
        "Env": env,
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{FOOTAGE_DIR}:/footage"],
            "Devices": [{"PathOnHost": "/dev/video0", "PathInContainer": "/dev/video0",
                         "CgroupPermissions": "rwm"}],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main():
    parser = argparse.ArgumentParser(description="Launch the CCTV recorder")
    parser.add_argument("--name", default="nvr-recorder")
    parser.add_argument("--retention", type=int, default=90)
    parser.add_argument("--recreate", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    existing = engine.find(args.name)
    if existing and not args.recreate:
        if existing.get("State") != "running":
            engine.call("POST", f"/containers/{existing['Id']}/start")
            LOG.info("restarted existing recorder")
        else:
            LOG.info("recorder already running")
        return 0
    if existing:
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")

    FOOTAGE_DIR.mkdir(parents=True, exist_ok=True)
    created = engine.call("POST", f"/containers/create?name={args.name}",
                          recorder_spec(args.retention))
    engine.call("POST", f"/containers/{created['Id']}/start")
    LOG.info("recorder %s started for %d cameras", created["Id"][:12], len(CAMERAS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
