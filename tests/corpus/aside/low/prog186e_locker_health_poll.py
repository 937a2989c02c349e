#!/usr/bin/env python3
"""Poll the health endpoints of BoxPoint locker site gateways.

Reads the site list, checks each gateway's HTTP health page and TCP
reachability of its controller port, and writes a JSON summary for the
operations dashboard to pick up.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import socket
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

log = logging.getLogger("healthpoll")

_http = importlib.import_module("urllib" + ".request")


@dataclass
class Site:
    code: str
    gateway: str
    ctl_port: int = 4840
    results: dict = field(default_factory=dict)


def default_sites():
    return [
        Site("AMS-014", "192.0.2.14"),
        Site("AMS-022", "192.0.2.22"),
        Site("RTM-003", "198.51.100.3"),
        Site("UTR-009", "203.0.113.9", ctl_port=4841),
    ]


def load_sites(path):
    p = Path(path)
    if not p.exists():
        return default_sites()
    return [Site(**row) for row in json.loads(p.read_text())]


class Checks:
    timeout = float(os.environ.get("BP_POLL_TIMEOUT", "5"))

    def check_http(self, site):
        url = "http://%s/%s" % (site.gateway, "healthz")
        req = _http.Request(url, method="GET", headers={"User-Agent": "bp-healthpoll/1.4"})
        t0 = time.monotonic()
        try:
            with _http.urlopen(req, timeout=self.timeout) as r:
                body = r.read(2048)
                ok = r.status == 200 and b"ok" in body.lower()
        except OSError as exc:
            return {"ok": False, "error": str(exc)}
        return {"ok": ok, "ms": round((time.monotonic() - t0) * 1000, 1)}

    def check_head(self, site):
        url = "http://%s/%s" % (site.gateway, "version")
        try:
            with _http.urlopen(_http.Request(url, method="HEAD"), timeout=self.timeout) as r:
                return {"ok": True, "version": r.headers.get("X-BP-Version", "?")}
        except OSError as exc:
            return {"ok": False, "error": str(exc)}

    def check_tcp(self, site):
        try:
            with socket.create_connection((site.gateway, site.ctl_port), timeout=self.timeout):
                return {"ok": True}
        except OSError as exc:
            return {"ok": False, "error": str(exc)}


async def poll_site(checks, names, site):
    loop = asyncio.get_running_loop()
    for name in names:
        fn = getattr(checks, "check_" + name)
        site.results[name] = await loop.run_in_executor(None, fn, site)
    state = "UP" if all(r["ok"] for r in site.results.values()) else "DEGRADED"
    log.info("%s %s", site.code, state)
    return site


async def poll_all(sites, names):
    checks = Checks()
    return await asyncio.gather(*(poll_site(checks, names, s) for s in sites))


def main():
    ap = argparse.ArgumentParser(description="locker gateway health poll")
    ap.add_argument("--sites", default="sites.json")
    ap.add_argument("--checks", default="http,head,tcp")
    ap.add_argument("--out", default="health_summary.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    names = [c.strip() for c in args.checks.split(",") if c.strip()]
    sites = asyncio.run(poll_all(load_sites(args.sites), names))
    summary = {"generated": int(time.time()), "sites": [asdict(s) for s in sites]}
    Path(args.out).write_text(json.dumps(summary, indent=2))
    log.info("summary written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
