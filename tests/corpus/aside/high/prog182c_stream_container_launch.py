#!/usr/bin/env python3
"""Launch the contest livestream encoder container.

Talks straight to the local Docker engine (no docker CLI on the streaming
box) to start the audio/video encoder image with access to the USB audio
interface and the capture card.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("streamlaunch")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("STREAM_IMAGE", "registry.example.com/strathbrae/encoder:2024.6")
INGEST = os.environ.get("STREAM_INGEST", "rtmp://ingest.stream.example.com/live")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, path, body=json.dumps(body) if body else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


def build_spec(stream_key_env, bitrate):
    return {
        "Image": IMAGE,
        "Env": [f"INGEST_URL={INGEST}", f"STREAM_KEY_ENV={stream_key_env}",
                f"VIDEO_BITRATE={bitrate}"],
        "HostConfig": {
            # the capture card driver only works with full device access
            "Privileged": True,
            "Binds": ["/dev:/dev", f"{os.path.expanduser('~')}/Videos:/out"],
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "no"},
        },
    }


def main():
    ap = argparse.ArgumentParser(description="Start the livestream encoder")
    ap.add_argument("--name", default="contest-encoder")
    ap.add_argument("--bitrate", default="4500k")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    engine = Engine(ENGINE_SOCK)
    if not args.no_pull:
        LOG.info("pulling %s", IMAGE)
        engine.pull(IMAGE)
    cid = engine.run(args.name, build_spec("STREAM_KEY", args.bitrate))
    LOG.info("encoder started: %s", cid[:12])


if __name__ == "__main__":
    main()
