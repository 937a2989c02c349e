#!/usr/bin/env python3
"""Render the monthly cage census report in the reporting container.

The per diem billing report (cage-days per PI, per housing type) is produced
by the finance team's renderer image so numbers match exactly what billing
uses.  This wrapper feeds it the census export from ./exports, runs it, and
collects the PDF/XLSX it writes into ./reports.
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("census.report")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
RENDERER_IMAGE = os.environ.get("RENDERER_IMAGE", "registry.vivarium-ops.net/finance/perdiem-renderer:3.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/v1.43" + url,
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
            return json.loads(data) if data and resp.getheader("Content-Type", "").startswith(
                "application/json") else data
        finally:
            conn.close()

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_once(self, image, cmd, binds, env):
        spec = {"Image": image, "Cmd": cmd, "Env": env,
                "HostConfig": {"Binds": binds, "AutoRemove": False}}
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return status.get("StatusCode", -1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--month", default=(dt.date.today().replace(day=1) - dt.timedelta(days=1)).strftime("%Y-%m"))
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--reports", default="reports")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    exports = Path(args.exports).resolve()
    reports = Path(args.reports).resolve()
    census = exports / f"census_{args.month}.csv"
    if not census.exists():
        LOG.error("no census export for %s at %s", args.month, census)
        return 1
    reports.mkdir(exist_ok=True)

    engine = Engine(ENGINE_SOCKET)
    try:
        if not args.no_pull:
            LOG.info("pulling %s", RENDERER_IMAGE)
            started = time.monotonic()
            engine.pull(RENDERER_IMAGE)
            LOG.info("pull took %.1fs", time.monotonic() - started)
        code, logs = engine.run_once(
            RENDERER_IMAGE,
            ["render", "--month", args.month, "--in", f"/in/{census.name}", "--out", "/out"],
            [f"{exports}:/in:ro", f"{reports}:/out:rw"],
            [f"REPORT_MONTH={args.month}", "TZ=America/New_York"],
        )
    except (OSError, RuntimeError) as exc:
        LOG.error("renderer failed: %s", exc)
        return 1
    sys.stdout.write(logs.decode(errors="replace") if isinstance(logs, bytes) else str(logs))
    if code != 0:
        LOG.error("renderer exited %s", code)
        return code
    for f in sorted(reports.glob(f"*{args.month}*")):
        LOG.info("report ready: %s", f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
