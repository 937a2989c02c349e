#!/usr/bin/env python3
"""Start the livestream encoder container for the trial commentary feed.

Talks straight to the Docker engine socket (the field laptop has no docker
CLI installed) and starts the encoder with access to the capture card.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("sdts.stream")

SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("SDTS_ENCODER_IMAGE", "registry.example.com/sdts/encoder:2.3")
INGEST = os.environ.get("SDTS_INGEST", "rtmp://live.example.net/app")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}


def host_config(devices):
    cfg = {
        "Privileged": True,
        "NetworkMode": "host",
        "Devices": [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                    for d in devices],
        "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return cfg


def start(engine, name, stream_key, devices):
    spec = {
        "Image": IMAGE,
        "Env": [f"INGEST={INGEST}", f"STREAM_KEY={stream_key}"],
        "HostConfig": host_config(devices),
    }
    ops = {
        "create": lambda: engine.call("POST", f"/containers/create?name={name}", spec),
        "start": lambda: engine.call("POST", f"/containers/{name}/start"),
    }
    for step in ("create", "start"):
        log.info("%s %s", step, name)
        ops[step]()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="sdts-encoder")
    parser.add_argument("--device", action="append", default=None)
    parser.add_argument("--stop", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = Engine(SOCK)
    if args.stop:
        engine.call("POST", f"/containers/{args.name}/stop")
        engine.call("DELETE", f"/containers/{args.name}")
        return 0
    devices = args.device or ["/dev/video0", "/dev/snd"]
    start(engine, args.name, os.environ.get("SDTS_STREAM_KEY", ""), devices)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
