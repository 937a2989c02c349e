#!/usr/bin/env python3
"""Produce a local inventory of containers and images on this host.

Talks to the Docker Engine API directly over its UNIX socket (no docker SDK
dependency) and writes a JSON/CSV report to the current directory.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
from datetime import datetime, timezone

log = logging.getLogger("inventory")
DEFAULT_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that connects to an AF_UNIX path instead of TCP."""

    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, url, api="v1.43"):
        if not url.startswith("unix://"):
            raise ValueError("only unix:// sockets are supported")
        self.path = url[len("unix://"):]
        self.api = api

    def get(self, endpoint):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", f"/{self.api}{endpoint}", headers={"Accept": "application/json"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{endpoint}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()


def collect(engine):
    images = {img["Id"]: img for img in engine.get("/images/json")}
    rows = []
    for c in engine.get("/containers/json?all=1"):
        img = images.get(c.get("ImageID"), {})
        rows.append({
            "name": (c.get("Names") or ["?"])[0].lstrip("/"),
            "image": c.get("Image"),
            "state": c.get("State"),
            "status": c.get("Status"),
            "created": datetime.fromtimestamp(c.get("Created", 0), timezone.utc).isoformat(),
            "image_size_mb": round(img.get("Size", 0) / 1e6, 1),
            "ports": ",".join(f"{p.get('PublicPort', '')}->{p['PrivatePort']}/{p['Type']}"
                              for p in c.get("Ports", [])),
        })
    dangling = [i for i in images.values() if i.get("RepoTags") in (None, ["<none>:<none>"])]
    return rows, len(images), len(dangling)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=DEFAULT_SOCK)
    ap.add_argument("--format", choices=("json", "csv"), default="json")
    ap.add_argument("-o", "--output", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        rows, n_images, n_dangling = collect(Engine(args.host))
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("cannot query docker engine: %s", exc)
        return 1

    out = args.output or f"container-inventory.{args.format}"
    with open(out, "w", newline="", encoding="utf-8") as fh:
        if args.format == "json":
            json.dump({"generated": datetime.now(timezone.utc).isoformat(),
                       "images": n_images, "dangling_images": n_dangling,
                       "containers": rows}, fh, indent=2)
        else:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["name"])
            w.writeheader()
            w.writerows(rows)
    running = sum(r["state"] == "running" for r in rows)
    log.info("%d containers (%d running), %d images (%d dangling) -> %s",
             len(rows), running, n_images, n_dangling, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
