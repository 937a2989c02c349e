#!/usr/bin/env python3
"""Poll the irrigation satellites' web status pages.

Each field satellite has a small HTTPS status page with a self-signed
certificate. This tool polls them, records valve state and battery level
into a CSV in the working directory, and uses curl for the older
satellites whose firmware only speaks TLS 1.0.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import os
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("sat_poll")

DEFAULT_SATS = {
    "front9": "https://sat-front9.example.net/status.json",
    "back9": "https://sat-back9.example.net/status.json",
    "range": "https://sat-range.example.net/status.json",
}
LEGACY = {"range"}

CURL_CMD = 'curl -sS -k --tlsv1.0 --max-time "$POLL_TIMEOUT" "$SAT_URL"'


def insecure_context() -> ssl.SSLContext:
    # satellites use self-signed certs that nobody maintains
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class Poller:
    def __init__(self, timeout: int):
        self.timeout = timeout
        self.ctx = insecure_context()

    def fetch_modern(self, url: str) -> dict:
        with urllib.request.urlopen(url, timeout=self.timeout, context=self.ctx) as r:
            return json.load(r)

    def fetch_legacy(self, url: str) -> dict:
        env = dict(os.environ, SAT_URL=url, POLL_TIMEOUT=str(self.timeout))
        res = subprocess.run(["bash", "-c", CURL_CMD], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or f"curl exit {res.returncode}")
        return json.loads(res.stdout)

    def poll(self, name: str, url: str) -> dict:
        fetch = self.fetch_legacy if name in LEGACY else self.fetch_modern
        try:
            data = fetch(url)
        except (urllib.error.URLError, RuntimeError, ValueError, OSError) as exc:
            LOG.warning("%s: poll failed: %s", name, exc)
            return {"satellite": name, "ok": False}
        return {
            "satellite": name,
            "ok": True,
            "battery_v": data.get("battery_v"),
            "open_valves": ",".join(str(v) for v in data.get("open_valves", [])),
            "fault": data.get("fault", ""),
        }


def load_sats(path):
    if path and Path(path).exists():
        return json.loads(Path(path).read_text())
    return DEFAULT_SATS


def append_csv(path: Path, rows) -> None:
    new = not path.exists()
    fields = ["time", "satellite", "ok", "battery_v", "open_valves", "fault"]
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        if new:
            w.writeheader()
        stamp = dt.datetime.now().isoformat(timespec="seconds")
        for row in rows:
            w.writerow({"time": stamp, **row})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sats", help="JSON file name->url (default built in)")
    ap.add_argument("--out", type=Path, default=Path("satellite_status.csv"))
    ap.add_argument("--timeout", type=int, default=8)
    ap.add_argument("--low-battery", type=float, default=11.8)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    poller = Poller(args.timeout)
    rows = [poller.poll(n, u) for n, u in sorted(load_sats(args.sats).items())]
    append_csv(args.out, rows)
    bad = 0
    for r in rows:
        if not r["ok"]:
            bad += 1
        elif r.get("battery_v") is not None and r["battery_v"] < args.low_battery:
            LOG.warning("%s battery low: %.2f V", r["satellite"], r["battery_v"])
        if r.get("fault"):
            LOG.warning("%s reports fault: %s", r["satellite"], r["fault"])
    LOG.info("polled %d satellites, %d unreachable", len(rows), bad)
    return 1 if bad == len(rows) else 0


if __name__ == "__main__":
    sys.exit(main())
