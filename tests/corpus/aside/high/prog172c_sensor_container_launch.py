#!/usr/bin/env python3
"""Start the towpath environmental sensor collector container.

Talks to the local Docker engine directly over its unix socket (the
gallery PCs do not have the docker CLI installed) to pull the collector
image and start it with the serial adapters passed through.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field
from urllib.parse import quote

log = logging.getLogger("sensor-launch")


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
    api = "/v1.43"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        raw = json.dumps(body).encode() if body is not None else None
        conn.request(method, self.api + path, body=raw, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith((b"{", b"[")) else data


@dataclass
class CollectorSpec:
    image: str
    name: str
    devices: list = field(default_factory=list)
    data_dir: str = "/srv/towpath-sensors"
    env: dict = field(default_factory=dict)

    def body(self):
        return {
            "Image": self.image,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "HostConfig": {
                "Binds": [f"{self.data_dir}:/data"],
                "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rw"}
                            for d in self.devices],
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }


def pull(engine, image):
    repo, _, tag = image.partition(":")
    engine.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag or 'latest')}")
    log.info("pulled %s", image)


def remove_existing(engine, name):
    try:
        engine.call("DELETE", f"/containers/{quote(name)}?force=true")
        log.info("removed old container %s", name)
    except RuntimeError:
        pass


def launch(engine, spec: CollectorSpec):
    created = engine.call("POST", f"/containers/create?name={quote(spec.name)}", spec.body())
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    return cid


STEPS = (("pull", lambda e, s: pull(e, s.image)),
         ("clean", lambda e, s: remove_existing(e, s.name)),
         ("start", launch))


def main():
    parser = argparse.ArgumentParser(description="Launch the towpath sensor collector")
    parser.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    parser.add_argument("--image", default="registry.hollowmere-canal.example/towpath-collector:2.1")
    parser.add_argument("--name", default="towpath-collector")
    parser.add_argument("--device", action="append", default=[])
    parser.add_argument("--skip-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = CollectorSpec(image=args.image, name=args.name,
                         devices=args.device or ["/dev/ttyUSB0"],
                         env={"SITE": "hollowmere", "INTERVAL": "60"})
    engine = Engine(args.socket)
    result = None
    for label, step in STEPS:
        if label == "pull" and args.skip_pull:
            continue
        result = step(engine, spec)
    log.info("collector running as %s", str(result)[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
