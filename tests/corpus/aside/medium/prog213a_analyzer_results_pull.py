#!/usr/bin/env python3
"""Pulls today's results from the in-house chemistry analyzer's web API.

The analyzer ships with a self-signed certificate that nobody has replaced,
so certificate checks are switched off for both the JSON API call and the
curl-based CSV export download.
"""
import argparse
import json
import logging
import os
import ssl
import subprocess
import sys
import urllib.request
from datetime import date
from pathlib import Path

LOG = logging.getLogger("analyzer-pull")

ANALYZER = "https://chem-analyzer.example.com"
OUT_DIR = Path("analyzer_results")


class AnalyzerClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def results(self, day):
        url = f"{self.base}/api/v1/results?date={day.isoformat()}"
        req = urllib.request.Request(url, headers={"X-Api-Key": self.api_key,
                                                   "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout, context=self.ctx) as resp:
            return json.loads(resp.read().decode())

    def export_csv(self, day, dest):
        # the CSV export endpoint streams large files; curl handles resume better
        script = (
            'curl -sS -k --fail --retry 3 -C - '
            '-H "X-Api-Key: $ANALYZER_KEY" '
            '-o "$EXPORT_DEST" "$EXPORT_URL"'
        )
        env = dict(os.environ,
                   ANALYZER_KEY=self.api_key,
                   EXPORT_DEST=str(dest),
                   EXPORT_URL=f"{self.base}/api/v1/export.csv?date={day.isoformat()}")
        res = subprocess.run(["bash", "-c", script], env=env,
                             capture_output=True, text=True, timeout=300)
        if res.returncode != 0:
            raise RuntimeError(f"export download failed: {res.stderr.strip()}")
        return dest


def summarize(results):
    by_test = {}
    flagged = 0
    for r in results:
        code = r.get("test", "?")
        by_test[code] = by_test.get(code, 0) + 1
        if r.get("flag") in ("H", "L", "HH", "LL"):
            flagged += 1
    return by_test, flagged


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base", default=os.environ.get("ANALYZER_URL", ANALYZER))
    ap.add_argument("--date", type=date.fromisoformat, default=date.today())
    ap.add_argument("--csv", action="store_true", help="also download CSV export")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("ANALYZER_API_KEY")
    if not key:
        LOG.error("ANALYZER_API_KEY is not set")
        return 2
    client = AnalyzerClient(args.base, key)
    OUT_DIR.mkdir(exist_ok=True)
    try:
        data = client.results(args.date)
    except Exception as exc:
        LOG.error("results request failed: %s", exc)
        return 1
    results = data.get("results", [])
    out = OUT_DIR / f"results-{args.date.isoformat()}.json"
    out.write_text(json.dumps(results, indent=2))
    by_test, flagged = summarize(results)
    LOG.info("%d results saved to %s, %d flagged", len(results), out, flagged)
    for code, n in sorted(by_test.items()):
        print(f"{code:<10}{n:>5}")
    if args.csv:
        dest = OUT_DIR / f"export-{args.date.isoformat()}.csv"
        try:
            client.export_csv(args.date, dest)
            LOG.info("CSV export saved to %s", dest)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            LOG.error("%s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
