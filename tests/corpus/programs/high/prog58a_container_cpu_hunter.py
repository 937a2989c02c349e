#!/usr/bin/env python3
"""Container CPU hunter: lists running containers straight from the Docker
Engine API and flags the ones burning CPU continuously (a common sign of
cryptojacking). Writes a CSV report; changes nothing."""

import argparse
import csv
import http.client
import json
import logging
import socket
from urllib.parse import quote

log = logging.getLogger("cpuhunter")

ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", API + path)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status}")
            return json.loads(data)
        finally:
            conn.close()

    def containers(self):
        return self.get("/containers/json")

    def stats(self, cid):
        return self.get(f"/containers/{quote(cid)}/stats?stream=false")


def cpu_percent(st):
    cpu, pre = st["cpu_stats"], st["precpu_stats"]
    cdelta = cpu["cpu_usage"]["total_usage"] - pre["cpu_usage"]["total_usage"]
    sdelta = cpu.get("system_cpu_usage", 0) - pre.get("system_cpu_usage", 0)
    ncpu = cpu.get("online_cpus") or 1
    if sdelta <= 0 or cdelta < 0:
        return 0.0
    return cdelta / sdelta * ncpu * 100.0


def scan(engine, threshold):
    rows = []
    for c in engine.containers():
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        try:
            pct = cpu_percent(engine.stats(cid))
        except (KeyError, RuntimeError) as exc:
            log.warning("%s: %s", name, exc)
            continue
        rows.append({"id": cid, "name": name, "image": c.get("Image", ""),
                     "cpu_pct": round(pct, 1), "flag": pct >= threshold})
    return sorted(rows, key=lambda r: r["cpu_pct"], reverse=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--threshold", type=float, default=85.0)
    ap.add_argument("--out", default="container_cpu.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    rows = scan(Engine(args.socket), args.threshold)
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["id", "name", "image", "cpu_pct", "flag"])
        w.writeheader()
        w.writerows(rows)
    flagged = [r for r in rows if r["flag"]]
    for r in flagged:
        log.info("HOT %-20s %-30s %5.1f%%", r["name"], r["image"], r["cpu_pct"])
    log.info("%d containers, %d flagged, report in %s", len(rows), len(flagged), args.out)


if __name__ == "__main__":
    main()
