#!/usr/bin/env python3
"""Boiler test-bay pressure poller.

Polls the gauge gateway's read-only HTTP API during a hydraulic test and
appends the readings to a CSV in the current directory, flagging any drop
larger than the allowed margin.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hydro-test")


@dataclass
class Gateway:
    host: str = os.environ.get("GAUGE_GATEWAY", "192.0.2.40")
    path: str = "/api/v1/readings"
    timeout: float = 5.0

    @property
    def url(self) -> str:
        return f"http://{self.host}{self.path}"


def platform_tag() -> str:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            k, _, v = line.partition("=")
            info[k] = v.strip('"')
    except OSError:
        pass
    return f"hydro-poll/1.2 ({info.get('PRETTY_NAME', 'unknown')})"


def make_fetcher(gw: Gateway):
    req_mod = importlib.import_module("urllib.request")
    ua = platform_tag()

    def fetch() -> dict:
        req = req_mod.Request(gw.url, headers={"User-Agent": ua, "Accept": "application/json"})
        with req_mod.urlopen(req, timeout=gw.timeout) as resp:
            return json.load(resp)
    return fetch


CHECKS = {
    "drop": lambda start, now, margin: start - now > margin,
    "over": lambda start, now, margin: now > start * 1.5,
}


def run(fetch, out: Path, minutes: float, interval: float, margin: float):
    fresh = not out.exists()
    start_psi = None
    deadline = time.time() + minutes * 60
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if fresh:
            w.writerow(["ts", "gauge", "psi", "flag"])
        os.chmod(out, 0o600)
        while time.time() < deadline:
            try:
                doc = fetch()
            except OSError as exc:
                log.warning("gateway read failed: %s", exc)
                time.sleep(interval)
                continue
            for g in doc.get("gauges", []):
                psi = float(g.get("psi", 0))
                if start_psi is None:
                    start_psi = psi
                flags = [name for name, test in CHECKS.items() if test(start_psi, psi, margin)]
                w.writerow([int(time.time()), g.get("id", "?"), psi, ";".join(flags)])
                if flags:
                    log.warning("gauge %s at %.1f psi: %s", g.get("id"), psi, ",".join(flags))
            fh.flush()
            time.sleep(interval)
    return start_psi


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--margin", type=float, default=5.0, help="allowed psi drop")
    ap.add_argument("--out", type=Path, default=Path("hydro_test.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    gw = Gateway()
    start = run(make_fetcher(gw), args.out, args.minutes, args.interval, args.margin)
    log.info("test finished; start pressure %s psi, readings in %s", start, args.out)


if __name__ == "__main__":
    main()
