#!/usr/bin/env python3
"""Cycle-count uploader.

Pickers do cycle counts on paper or the spreadsheet template; this takes
the completed count sheet (CSV), checks the WMS API is up, and posts the
counted quantities as a stock-adjustment proposal for a supervisor to
approve in the WMS.
"""

import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("count-upload")

API = {
    "base": "https://wms-api.example.com",
    "health": "/health",
    "proposals": "/v3/stock/adjustment-proposals",
    "key_env": "WMS_API_KEY",
    "timeout": 20,
}


def user_agent():
    distro = "linux"
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
                    break
    except OSError:
        pass
    return "wh-count-upload/2.1 (%s)" % distro


class WmsClient:
    def __init__(self, cfg, key):
        self.cfg = cfg
        self.key = key
        self.ua = user_agent()

    def _url(self, route):
        return self.cfg["base"].rstrip("/") + route

    def healthy(self):
        req = urllib.request.Request(self._url(self.cfg["health"]), method="HEAD",
                                     headers={"User-Agent": self.ua})
        try:
            with urllib.request.urlopen(req, timeout=self.cfg["timeout"]) as resp:
                return resp.status == 200
        except urllib.error.URLError as exc:
            LOG.error("WMS health check failed: %s", exc)
            return False

    def propose(self, payload):
        body = json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(
            self._url(self.cfg["proposals"]), data=body, method="POST",
            headers={"Content-Type": "application/json", "User-Agent": self.ua,
                     "Authorization": "Bearer " + self.key})
        with urllib.request.urlopen(req, timeout=self.cfg["timeout"]) as resp:
            return json.load(resp)


def read_counts(path):
    lines, problems = [], []
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                qty = int(row["counted_qty"])
            except (KeyError, ValueError):
                problems.append("row %d: bad counted_qty" % n)
                continue
            if qty < 0:
                problems.append("row %d: negative count" % n)
                continue
            lines.append({"location": row["location"].strip(),
                          "sku": row["sku"].strip(),
                          "lot": row.get("lot", "").strip() or None,
                          "counted": qty})
    return lines, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheet")
    ap.add_argument("--counter", required=True, help="badge id of the counter")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lines, problems = read_counts(args.sheet)
    for p in problems:
        LOG.warning(p)
    if not lines:
        LOG.error("no usable count lines")
        return 1
    payload = {"counter": args.counter, "source": os.path.basename(args.sheet),
               "lines": lines}
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        return 0

    key = os.environ.get(API["key_env"])
    if not key:
        LOG.error("set %s first", API["key_env"])
        return 2
    client = WmsClient(API, key)
    if not client.healthy():
        return 3
    try:
        result = client.propose(payload)
    except urllib.error.HTTPError as exc:
        LOG.error("WMS rejected proposal: %s %s", exc.code, exc.reason)
        return 4
    LOG.info("proposal %s created with %d lines", result.get("id"), len(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
