#!/usr/bin/env python3
"""Weekly newsagent report runner.

The head office ships the weekly sales/returns/lottery commission report as
a container image so every shop gets the same LibreOffice and fonts. This
runs it against the shop's ./data folder and collects the PDF from
./data/out. It talks to the local Docker engine API directly so the shop PCs
do not need the docker CLI installed.
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

LOG = logging.getLogger("report_runner")

IMAGE = os.environ.get("REPORT_IMAGE", "registry.newsagent-hq.example/weekly-report:2024.3")
ENGINE = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, url):
        if not url.startswith("unix://"):
            raise ValueError(f"only unix sockets supported, got {url}")
        self.path = url[len("unix://"):]

    def call(self, method, endpoint, body=None, expect=(200, 201, 204)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + endpoint,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {data[:200]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        LOG.info("pulling %s", image)
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag)}")

    def run(self, image, data_dir: Path, week: str):
        spec = {
            "Image": image,
            "Cmd": ["build-report", "--week", week, "--in", "/data", "--out", "/data/out"],
            "Env": [f"SHOP_ID={os.environ.get('SHOP_ID', 'UNKNOWN')}"],
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {
                "Binds": [f"{data_dir.resolve()}:/data"],
                "AutoRemove": False,
                "NetworkMode": "none",
            },
        }
        created = self.call("POST", f"/containers/create?name=weekly-report-{week}", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return status.get("StatusCode", 1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def clean_logs(raw: bytes) -> str:
    # multiplexed stream: 8-byte header per frame
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size].decode("utf-8", "replace"))
        i += 8 + size
    return "".join(out) or raw.decode("utf-8", "replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description="run the weekly head-office report")
    ap.add_argument("--week", default=time.strftime("%G-W%V"))
    ap.add_argument("--data", type=Path, default=Path("data"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.data.is_dir():
        LOG.error("data folder %s missing", args.data)
        return 2
    (args.data / "out").mkdir(exist_ok=True)

    try:
        engine = Engine(ENGINE)
        if not args.no_pull:
            engine.pull(IMAGE)
        code, logs = engine.run(IMAGE, args.data, args.week)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("report container failed: %s", exc)
        return 1
    for line in clean_logs(logs).splitlines():
        LOG.info("report: %s", line)
    pdfs = sorted((args.data / "out").glob(f"*{args.week}*.pdf"))
    if code != 0 or not pdfs:
        LOG.error("report exited %s, %d pdf(s)", code, len(pdfs))
        return 1
    for pdf in pdfs:
        LOG.info("ready: %s", pdf)
    return 0


if __name__ == "__main__":
    sys.exit(main())
