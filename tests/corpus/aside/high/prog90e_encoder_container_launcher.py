#!/usr/bin/env python3
"""(Re)create the stream encoder container on the air-chain box.

We do not want the whole docker CLI + compose on the air PC, so this talks to
the engine API directly. The encoder image (built in CI, loaded with
``docker load``) needs the ALSA capture card and realtime scheduling.

    encoder_container_launcher.py [--image studio/encoder:2024.05] [--recreate]
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("encoder-ctr")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


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

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, API + path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw else None

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        from urllib.parse import quote
        found = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return found[0] if found else None


def container_spec(args):
    return {
        "Image": args.image,
        "Env": [
            f"ICECAST_URL={args.icecast}",
            f"ALSA_DEVICE={args.alsa}",
            f"BITRATE={args.bitrate}",
        ],
        "Labels": {"station.role": "encoder"},
        "HostConfig": {
            "Privileged": True,  # ALSA + SCHED_FIFO inside the container
            "NetworkMode": "host",
            "Binds": ["/dev/snd:/dev/snd", "/srv/encoder/conf:/conf:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "20m", "max-file": "3"}},
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="stream encoder container launcher")
    ap.add_argument("--name", default="kxrw-encoder")
    ap.add_argument("--image", default="studio/encoder:latest")
    ap.add_argument("--icecast", default="icecast://stream.kxrw-community.example.org:8000/live.mp3")
    ap.add_argument("--alsa", default="hw:1,0")
    ap.add_argument("--bitrate", default="128k")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine not reachable on %s: %s", DOCKER_SOCK, exc)
        return 1

    existing = engine.find(args.name)
    if existing and not args.recreate:
        if existing["State"] != "running":
            engine.call("POST", f"/containers/{existing['Id']}/start")
            LOG.info("started existing %s", args.name)
        else:
            LOG.info("%s already running (%s)", args.name, existing["Status"])
        return 0
    if existing:
        LOG.info("removing old %s", args.name)
        engine.call("DELETE", f"/containers/{existing['Id']}?force=1")
        time.sleep(1)

    created = engine.call("POST", f"/containers/create?name={args.name}", container_spec(args))
    for warning in created.get("Warnings") or []:
        LOG.warning("engine: %s", warning)
    engine.call("POST", f"/containers/{created['Id']}/start")
    LOG.info("encoder container %s started from %s", created["Id"][:12], args.image)
    return 0


if __name__ == "__main__":
    sys.exit(main())
