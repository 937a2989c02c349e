#!/usr/bin/env python3
"""Health board for the dispatch stack services on a control-room host.

Polls the /health endpoint of each service in the CAD stack (relay, AVL
ingest, MDT gateway, mapping tiles) as listed in stack_services.json, shows
status and reported uptime, and exits non-zero if anything is degraded so
the check can be wired into the control-room monitor.
"""
import argparse
import http.client
import json
import logging
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("stack-health")

DEFAULT_SERVICES = [
    {"name": "cad-relay", "url": "http://127.0.0.1:7080/health"},
    {"name": "avl-ingest", "url": "http://127.0.0.1:7081/health"},
    {"name": "mdt-gateway", "url": "http://127.0.0.1:7082/health"},
    {"name": "map-tiles", "url": "http://127.0.0.1:8088/health"},
]


class Probe:
    def __init__(self, timeout=5):
        self.timeout = timeout

    def get(self, url):
        parts = urlsplit(url)
        cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = cls(parts.hostname, parts.port, timeout=self.timeout)
        started = time.monotonic()
        try:
            conn.request("GET", parts.path or "/", headers={"Accept": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            elapsed = (time.monotonic() - started) * 1000
            try:
                body = json.loads(data) if data else {}
            except ValueError:
                body = {}
            return resp.status, body, elapsed
        finally:
            conn.close()


def load_services(path):
    p = Path(path)
    if p.is_file():
        with p.open(encoding="utf-8") as fh:
            return json.load(fh)
    log.info("%s not found, using built-in service list", path)
    return DEFAULT_SERVICES


def health_of(status, body):
    if status >= 500:
        return "unhealthy"
    if status >= 400:
        return "error"
    return str(body.get("status", "healthy")).lower()


def uptime(body):
    secs = body.get("uptime_seconds")
    if not isinstance(secs, (int, float)):
        return "-"
    mins = int(secs // 60)
    return f"{mins // 1440}d{(mins % 1440) // 60:02d}h{mins % 60:02d}m"


def main():
    ap = argparse.ArgumentParser(description="CAD stack service health")
    ap.add_argument("--services", default="stack_services.json")
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    probe = Probe(args.timeout)
    report = []
    for svc in load_services(args.services):
        try:
            status, body, ms = probe.get(svc["url"])
            health = health_of(status, body)
            report.append({"name": svc["name"], "health": health, "uptime": uptime(body),
                           "latency_ms": round(ms, 1)})
        except (OSError, http.client.HTTPException) as exc:
            log.warning("%s unreachable: %s", svc["name"], exc)
            report.append({"name": svc["name"], "health": "down", "uptime": "-", "latency_ms": None})

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        for r in sorted(report, key=lambda r: r["name"]):
            lat = f"{r['latency_ms']}ms" if r["latency_ms"] is not None else "-"
            print(f"{r['name']:28} {r['health']:10} {r['uptime']:>10}  {lat}")
    return 0 if all(r["health"] in ("healthy", "ok", "running") for r in report) else 2


if __name__ == "__main__":
    sys.exit(main())
