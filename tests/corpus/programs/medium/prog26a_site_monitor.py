#!/usr/bin/env python3
"""Monitor a list of websites and record uptime and response times.

Reads URLs from sites.txt (one per line), checks each one every --interval
seconds and appends results to uptime.csv. Prints a short summary on Ctrl+C.
Some of our internal sites use self-signed certificates, so certificate
checks are skipped.
"""
import argparse
import csv
import statistics
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

RESULTS = Path("uptime.csv")


def load_sites(path: Path) -> list:
    sites = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            if not line.startswith(("http://", "https://")):
                line = "https://" + line
            sites.append(line)
    return sites


def check(session: requests.Session, url: str, timeout: float) -> dict:
    started = time.monotonic()
    try:
        resp = session.get(url, timeout=timeout, verify=False, allow_redirects=True)
        elapsed = (time.monotonic() - started) * 1000
        ok = resp.status_code < 400
        return {"url": url, "status": resp.status_code, "ms": round(elapsed), "ok": ok, "error": ""}
    except requests.RequestException as exc:
        elapsed = (time.monotonic() - started) * 1000
        return {"url": url, "status": 0, "ms": round(elapsed), "ok": False,
                "error": type(exc).__name__}


def append_results(rows: list) -> None:
    new = not RESULTS.exists()
    with RESULTS.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new:
            writer.writerow(["timestamp", "url", "status", "ms", "ok", "error"])
        stamp = datetime.now().isoformat(timespec="seconds")
        for r in rows:
            writer.writerow([stamp, r["url"], r["status"], r["ms"], r["ok"], r["error"]])


def print_summary(history: dict) -> None:
    print("\nSummary")
    print(f"{'site':50} {'up %':>6} {'avg ms':>8} {'p95 ms':>8}")
    for url, results in history.items():
        up = sum(1 for r in results if r["ok"]) / len(results) * 100
        times = sorted(r["ms"] for r in results if r["ok"]) or [0]
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"{url[:50]:50} {up:6.1f} {statistics.mean(times):8.0f} {p95:8}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sites", default="sites.txt", type=Path)
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    sites = load_sites(args.sites)
    if not sites:
        print("no sites configured", file=sys.stderr)
        return 1

    session = requests.Session()
    session.headers["User-Agent"] = "uptime-monitor/1.0"
    history = defaultdict(list)
    try:
        while True:
            rows = [check(session, url, args.timeout) for url in sites]
            append_results(rows)
            for r in rows:
                history[r["url"]].append(r)
                flag = "UP  " if r["ok"] else "DOWN"
                print(f"{datetime.now():%H:%M:%S} {flag} {r['status']:>3} {r['ms']:>5}ms {r['url']}")
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    print_summary(history)
    return 0


if __name__ == "__main__":
    sys.exit(main())
