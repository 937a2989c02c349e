#!/usr/bin/env python3
"""Launch the depot CCTV recorder container on the yard NVR host.

The recorder image needs the capture cards and the GPU encoder, so it is
started directly through the container engine's API with the host devices
passed in.  Re-running the tool replaces an existing recorder container.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("nvr_launcher")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
IMAGE = "registry.example.com/depot/nvr-recorder:4.2"
NAME = "depot-nvr"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a local unix socket."""

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
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404

    def create(self, name, spec):
        _, out = self.call("POST", f"/containers/create?name={name}", spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def recorder_spec(storage, cameras):
    host_cfg = {
        # capture cards enumerate differently on each box, so hand over all devices
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": [f"{storage}:/recordings", "/dev:/dev"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": IMAGE,
        "Env": [f"CAMERAS={','.join(cameras)}", "SEGMENT_SECONDS=300"],
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--storage", default="/srv/nvr/recordings")
    ap.add_argument("--camera", action="append",
                    default=["198.51.100.61", "198.51.100.62"])
    ap.add_argument("--socket", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(args.socket)
    try:
        if engine.remove(NAME):
            log.info("removed previous %s", NAME)
        cid = engine.create(NAME, recorder_spec(args.storage, args.camera))
        engine.start(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("recorder %s started (%s)", NAME, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
