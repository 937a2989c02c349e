#!/usr/bin/env python3
"""CMMS work-order bridge for the workshop planning board.

Pulls open work orders for the mobile fleet (haul trucks, excavators,
graders) from the CMMS REST API, writes them to ./board/workorders.json
for the planning board, and bounces the board's display container so the
wall screens pick up the new file.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("wo-bridge")

CMMS_BASE = os.environ.get("CMMS_BASE", "https://cmms.minesite.example.com/api/v3")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class BoardDisplay:
    engine_sock = os.environ.get("BOARD_ENGINE_SOCK", "/var/run/docker.sock")

    def __init__(self, container):
        self.container = container

    def refresh(self):
        conn = UnixHTTPConnection(self.engine_sock)
        path = f"/v1.43/containers/{urllib.parse.quote(self.container)}/restart?t=5"
        try:
            conn.request("POST", path, headers={"Content-Length": "0"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status not in (204, 304):
            raise RuntimeError(f"refresh failed: {resp.status} {body[:200]!r}")
        log.info("display container %s refreshed", self.container)


class CmmsClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.api_key = api_key

    def _get(self, path, params):
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        req = urllib.request.Request(url, headers={
            "Accept": "application/json",
            "X-API-Key": self.api_key,
        })
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp)

    def open_workorders(self, asset_class, page_size=200):
        page = 1
        while True:
            data = self._get("/workorders", {
                "status": "open", "asset_class": asset_class,
                "page": page, "page_size": page_size,
            })
            items = data.get("items", [])
            yield from items
            if len(items) < page_size:
                return
            page += 1


def slim(wo):
    return {
        "id": wo.get("id"),
        "asset": wo.get("asset_tag"),
        "priority": wo.get("priority"),
        "title": wo.get("title", "")[:80],
        "due": wo.get("due_date"),
        "crew": (wo.get("assigned_crew") or {}).get("name"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--classes", default="haul_truck,excavator,grader,dozer")
    ap.add_argument("--out", default="board/workorders.json")
    ap.add_argument("--container", default="planning-board")
    ap.add_argument("--no-refresh", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("CMMS_API_KEY")
    if not api_key:
        log.error("CMMS_API_KEY is not set")
        return 1

    client = CmmsClient(CMMS_BASE, api_key)
    orders = []
    for cls in filter(None, args.classes.split(",")):
        try:
            orders.extend(slim(wo) for wo in client.open_workorders(cls))
        except urllib.error.URLError as exc:
            log.error("CMMS fetch for %s failed: %s", cls, exc)
            return 1
    orders.sort(key=lambda w: (w["priority"] or 9, w["due"] or ""))

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"generated": time.time(), "workorders": orders}, indent=1))
    log.info("%d open work orders written to %s", len(orders), out)

    if not args.no_refresh:
        try:
            BoardDisplay(args.container).refresh()
        except (OSError, RuntimeError) as exc:
            log.warning("board not refreshed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
