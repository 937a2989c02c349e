#!/usr/bin/env python3
"""Nightly run of the feed optimiser model for all pens on the site.

The optimiser ships as a container image from the feed supplier.  This
runner talks to the local Docker Engine directly (no docker CLI on the barge
PC), mounts ./data (biomass estimates, temperatures, yesterday's feeding) at
/data, waits for the model to finish and collects its logs.  The proposed
plans land in ./data/plans/.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("feed-optimizer")
DEFAULT_IMAGE = "registry.feedco.example/optimiser/salmon-feed:2024.3"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's unix socket."""

    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def call(self, method, path, body=None, expect=(200, 201, 204), raw=False):
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, f"/{self.api}{path}",
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(name, safe='')}&tag={tag}")

    def run(self, image, data_dir, env, wait_s):
        spec = {
            "Image": image,
            "Cmd": ["optimise", "--input", "/data", "--output", "/data/plans"],
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {"Binds": [f"{data_dir}:/data"], "Memory": 2 << 30, "NetworkMode": "none"},
            "Labels": {"aqua.job": "feed-optimizer"},
        }
        cid = self.call("POST", "/containers/create?name=feed-opt-%d" % int(time.time()), spec)["Id"]
        LOG.info("container %s created", cid[:12])
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait?condition=not-running")
            code = result.get("StatusCode", -1)
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=200", raw=True)
            return code, logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def strip_stream_headers(blob):
    """Engine multiplexed log frames: 8-byte header + payload."""
    out, i = bytearray(), 0
    while i + 8 <= len(blob):
        size = int.from_bytes(blob[i + 4:i + 8], "big")
        out += blob[i + 8:i + 8 + size]
        i += 8 + size
    return out.decode("utf-8", "replace") if out else blob.decode("utf-8", "replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=os.environ.get("OPTIMISER_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--data", default="data")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--pull", action="store_true", help="pull the image before running")
    ap.add_argument("--horizon-days", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    data_dir = Path(args.data).resolve()
    (data_dir / "plans").mkdir(parents=True, exist_ok=True)
    if not os.path.exists(args.socket):
        LOG.error("engine socket %s not found", args.socket)
        return 2

    engine = Engine(args.socket)
    try:
        if args.pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        code, logs = engine.run(args.image, str(data_dir),
                                {"HORIZON_DAYS": args.horizon_days, "TZ": "Europe/Oslo"}, 3600)
    except (OSError, RuntimeError) as exc:
        LOG.error("optimiser run failed: %s", exc)
        return 1
    (data_dir / "plans" / "optimiser.log").write_text(strip_stream_headers(logs))
    plans = sorted((data_dir / "plans").glob("*.csv"))
    LOG.info("optimiser exited %d, %d plan files", code, len(plans))
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
