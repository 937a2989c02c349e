#!/usr/bin/env python3
"""Start, stop and list the nest-camera recorder containers on the ward box.

Each nest camera in the hedgehog and owl wards gets its own recorder
container with the capture device passed through.  Talks to the local
container engine directly so the ward box needs no extra client tools.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

LOG = logging.getLogger("nestcam")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("NESTCAM_IMAGE", "registry.rescue-centre.example/nestcam:1.4")
RECORDINGS = os.environ.get("NESTCAM_RECORDINGS", "/srv/nestcam/recordings")


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
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        data_out = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data_out else {}
        conn.request(method, "/v1.43" + url, body=data_out, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None


@dataclass
class Recorder:
    camera: str
    device: str
    labels: dict = field(default_factory=lambda: {"rescue.role": "nestcam"})

    @property
    def name(self):
        return f"nestcam-{self.camera}"

    def spec(self):
        return {
            "Image": IMAGE,
            "Env": [f"CAMERA_ID={self.camera}", f"CAPTURE_DEVICE={self.device}"],
            "Labels": dict(self.labels, **{"rescue.camera": self.camera}),
            "HostConfig": {
                "Privileged": True,
                "Devices": [
                    {"PathOnHost": self.device, "PathInContainer": self.device,
                     "CgroupPermissions": "rwm"}
                ],
                "Binds": [f"{RECORDINGS}/{self.camera}:/recordings"],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }


def cmd_start(engine, args):
    rec = Recorder(args.camera, args.device)
    os.makedirs(os.path.join(RECORDINGS, rec.camera), exist_ok=True)
    created = engine.call("POST", f"/containers/create?name={rec.name}", rec.spec())
    engine.call("POST", f"/containers/{created['Id']}/start")
    LOG.info("started %s (%s)", rec.name, created["Id"][:12])


def cmd_stop(engine, args):
    name = f"nestcam-{args.camera}"
    engine.call("POST", f"/containers/{name}/stop?t=10")
    engine.call("DELETE", f"/containers/{name}")
    LOG.info("removed %s", name)


def cmd_list(engine, args):
    flt = json.dumps({"label": ["rescue.role=nestcam"]})
    for c in engine.call("GET", f"/containers/json?all=1&filters={flt}") or []:
        print(f"{c['Names'][0].lstrip('/'):<24} {c['State']:<10} {c['Status']}")


COMMANDS = {"start": cmd_start, "stop": cmd_stop, "list": cmd_list}


def main(argv=None):
    p = argparse.ArgumentParser(description="nest-camera recorders")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("start")
    s.add_argument("camera")
    s.add_argument("--device", default="/dev/video0")
    t = sub.add_parser("stop")
    t.add_argument("camera")
    sub.add_parser("list")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    COMMANDS[args.cmd](Engine(), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
