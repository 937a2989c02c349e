#!/usr/bin/env python3
"""Submit the monthly chlorine-residual compliance summary.

Aggregates the distribution-system residual samples in the working
directory, builds the monthly summary the regulator's portal expects and
submits it to the portal's API.  The portal API key is taken from the
COMPLIANCE_API_KEY environment variable and is sent only to the portal.
"""
import argparse
import base64
import csv
import io
import json
import logging
import os
import statistics
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("compliance_post")

PORTAL = {
    "base": "https://" + ".".join(("compliance", "example", "org")),
    "route": "/api/v1/submissions",
    "key_env": "COMPLIANCE_API_KEY",
    "timeout": 30,
}

MIN_RESIDUAL = 0.2  # mg/L free chlorine


class Summary:
    def __init__(self, month, system_id):
        self.month = month
        self.system_id = system_id
        self.sites = {}

    def add(self, site, value):
        self.sites.setdefault(site, []).append(value)

    def rows(self):
        for site, vals in sorted(self.sites.items()):
            below = sum(1 for v in vals if v < MIN_RESIDUAL)
            yield [site, len(vals), round(min(vals), 2),
                   round(statistics.median(vals), 2), below]

    def attachment(self):
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["site", "samples", "min", "median", "below_min"])
        w.writerows(self.rows())
        return base64.b64encode(buf.getvalue().encode("utf-8")).decode("ascii")

    def document(self):
        rows = list(self.rows())
        return {
            "system_id": self.system_id,
            "period": self.month,
            "sites": len(rows),
            "samples": sum(r[1] for r in rows),
            "violations": sum(r[4] for r in rows),
            "attachment": {"name": "residuals_%s.csv" % self.month,
                           "encoding": "base64", "data": self.attachment()},
        }


def load_samples(path, summary):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("date", "").startswith(summary.month):
                continue
            try:
                summary.add(row["site"], float(row["free_cl_mgl"]))
            except (KeyError, ValueError):
                LOG.debug("skipping row %r", row)


def submit(doc):
    key = os.environ.get(PORTAL["key_env"])
    if not key:
        raise RuntimeError("%s is not set" % PORTAL["key_env"])
    req = urllib.request.Request(
        PORTAL["base"] + PORTAL["route"],
        data=json.dumps(doc).encode("utf-8"),
        headers={"Content-Type": "application/json",
                 "Authorization": "Bearer " + key},
        method="POST")
    with urllib.request.urlopen(req, timeout=PORTAL["timeout"]) as resp:
        return json.loads(resp.read().decode("utf-8"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--samples", default="residual_samples.csv")
    ap.add_argument("--system-id", default="WS-0421")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    summary = Summary(args.month, args.system_id)
    try:
        load_samples(args.samples, summary)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.samples, exc)
        return 1
    doc = summary.document()
    LOG.info("%d sites, %d samples, %d below minimum",
             doc["sites"], doc["samples"], doc["violations"])
    if args.dry_run:
        print(json.dumps(doc, indent=2))
        return 0
    try:
        receipt = submit(doc)
    except (urllib.error.URLError, RuntimeError, ValueError) as exc:
        LOG.error("submission failed: %s", exc)
        return 2
    receipt_path = "receipt_%s.json" % args.month
    with open(receipt_path, "w", encoding="utf-8") as fh:
        json.dump(receipt, fh, indent=2)
    os.chmod(receipt_path, 0o600)
    LOG.info("submitted; receipt saved to %s", receipt_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
