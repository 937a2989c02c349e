#!/usr/bin/env python3
"""Per-container CPU/memory usage report written to ./reports.

Talks to the Docker Engine API directly over its UNIX socket (no docker
SDK needed) and only issues read-only GET requests.
"""
import argparse
import csv
import http.client
import json
import logging
import socket
from datetime import datetime
from pathlib import Path

log = logging.getLogger("usage_report")

ENGINE_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get("/v1.43/containers/json")

    def stats(self, cid):
        return self.get(f"/v1.43/containers/{cid}/stats?stream=false")


def cpu_percent(st):
    cpu = st["cpu_stats"]
    pre = st["precpu_stats"]
    delta = cpu["cpu_usage"]["total_usage"] - pre["cpu_usage"]["total_usage"]
    sys_delta = cpu.get("system_cpu_usage", 0) - pre.get("system_cpu_usage", 0)
    ncpu = cpu.get("online_cpus", 1)
    return 100.0 * delta / sys_delta * ncpu if sys_delta > 0 else 0.0


def collect(engine):
    rows = []
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        try:
            st = engine.stats(c["Id"])
        except (RuntimeError, OSError) as exc:
            log.warning("no stats for %s: %s", name, exc)
            continue
        mem = st.get("memory_stats", {})
        rows.append({
            "name": name,
            "image": c["Image"],
            "state": c["State"],
            "cpu_pct": round(cpu_percent(st), 2),
            "mem_mb": round(mem.get("usage", 0) / 2**20, 1),
            "mem_limit_mb": round(mem.get("limit", 0) / 2**20, 1),
        })
    return sorted(rows, key=lambda r: r["cpu_pct"], reverse=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--out-dir", default="reports", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        rows = collect(Engine(args.socket))
    except (OSError, RuntimeError) as exc:
        log.error("cannot query engine at %s: %s", args.socket, exc)
        return 1
    args.out_dir.mkdir(parents=True, exist_ok=True)
    out = args.out_dir / f"containers-{datetime.now():%Y%m%d-%H%M}.csv"
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["name"])
        w.writeheader()
        w.writerows(rows)
    log.info("%d containers -> %s", len(rows), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
