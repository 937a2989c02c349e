#!/usr/bin/env python3
"""Export alarm events from the historian REST API to CSV.

The historian appliance still serves its API with the self-signed
certificate it shipped with, so certificate checks are switched off here
until IT issues a proper one. The API key comes from HISTORIAN_API_KEY.
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
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("alarm_export")
DEFAULT_BASE = "https://historian.example.com/api/v1"


class HistorianClient:
    def __init__(self, base, api_key, timeout=30):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        # appliance cert is self-signed: no verification, no hostname check
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def get(self, path, **params):
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        req = urllib.request.Request(url, headers={
            "X-API-Key": self.api_key, "Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout,
                                    context=self.ctx) as resp:
            return json.load(resp)

    def alarms(self, start, end, page_size=500):
        page = 1
        while True:
            data = self.get("/alarms", start=start, end=end,
                            page=page, page_size=page_size)
            items = data.get("items", [])
            yield from items
            if len(items) < page_size:
                return
            page += 1


def summarise(rows):
    """Count alarms per area with sort | uniq -c, fed through a pipe."""
    areas = "\n".join(r.get("area", "?") for r in rows) + "\n"
    proc = subprocess.run(["bash", "-c", "sort | uniq -c | sort -rn | head -n 10"],
                          input=areas, capture_output=True, text=True)
    return proc.stdout.rstrip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default=os.environ.get("HISTORIAN_API",
                                                     DEFAULT_BASE))
    ap.add_argument("--hours", type=int, default=24)
    ap.add_argument("--out", default="./exports/alarms.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    key = os.environ.get("HISTORIAN_API_KEY")
    if not key:
        LOG.error("HISTORIAN_API_KEY is not set")
        return 2

    end = dt.datetime.utcnow().replace(microsecond=0)
    start = end - dt.timedelta(hours=args.hours)
    client = HistorianClient(args.base, key)
    try:
        rows = list(client.alarms(start.isoformat() + "Z",
                                  end.isoformat() + "Z"))
    except (urllib.error.URLError, ValueError, OSError) as exc:
        LOG.error("export failed: %s", exc)
        return 1

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fields = ["time", "tag", "area", "priority", "state", "message"]
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    LOG.info("%d alarms written to %s", len(rows), out)
    if rows:
        print(summarise(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
