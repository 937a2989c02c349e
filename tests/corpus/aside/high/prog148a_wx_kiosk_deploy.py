#!/usr/bin/env python3
"""Deploy the weather kiosk container on the launch-site mini PC.

Talks straight to the local Docker engine over its unix socket (the mini PC
has no docker CLI installed), pulls the kiosk image and (re)creates the
container with access to the USB anemometer.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("kiosk_deploy")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/balloon/wx-kiosk:stable"
NAME = "wx-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass

    def create(self, name, image, device_mode):
        host_cfg = {
            "RestartPolicy": {"Name": "unless-stopped"},
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8080"}]},
        }
        # the anemometer enumerates on a different ttyUSB every boot, so
        # the simplest reliable option is to give the container all devices
        if device_mode == "all":
            host_cfg["Privileged"] = True
        else:
            host_cfg["Devices"] = [{"PathOnHost": device_mode,
                                    "PathInContainer": "/dev/anemometer",
                                    "CgroupPermissions": "rwm"}]
        spec = {"Image": image, "Env": ["SITE=launch-field"], "HostConfig": host_cfg}
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="all", help="host device path or 'all'")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    eng = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            eng.pull(args.image)
        eng.remove(NAME)
        cid = eng.create(NAME, args.image, args.device)
        eng.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("deploy failed: %s", exc)
        return 1
    log.info("kiosk running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
