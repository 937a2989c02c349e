#!/usr/bin/env python3
"""Summarise CT dose (CTDIvol / DLP) per protocol for the monthly QA report.

Reads a tab-separated dose extract on stdin, as produced by the dose
export pipeline, e.g.

    dcm_dose_extract ./dose_sr | python3 prog218c_ct_dose_summary.py

Columns: date, accession, protocol, ctdivol_mGy, dlp_mGycm.
Settings come from environment variables (DOSE_REPORT_DIR, DOSE_DRL_CTDI,
DOSE_ORTHANC_URL).  Writes ./<report dir>/dose_summary_<month>.csv with
mode 0600 and notes the Orthanc version the data came from.
"""
import argparse
import csv
import json
import logging
import os
import statistics
import sys
import urllib.error
import urllib.request
from collections import defaultdict

LOG = logging.getLogger("dose_summary")


class ProtocolStats:
    def __init__(self, name):
        self.name = name
        self.ctdi = []
        self.dlp = []

    def add(self, ctdi, dlp):
        self.ctdi.append(ctdi)
        self.dlp.append(dlp)

    def row(self, drl):
        med_ctdi = statistics.median(self.ctdi)
        return {
            "protocol": self.name,
            "exams": len(self.ctdi),
            "median_ctdivol": round(med_ctdi, 2),
            "p75_ctdivol": round(self._p75(self.ctdi), 2),
            "median_dlp": round(statistics.median(self.dlp), 1),
            "above_drl": "yes" if drl and med_ctdi > drl else "",
        }

    @staticmethod
    def _p75(values):
        if len(values) < 2:
            return values[0]
        return statistics.quantiles(values, n=4)[2]


def parse_stream(stream, month):
    stats = defaultdict(lambda: None)
    bad = 0
    for lineno, line in enumerate(stream, 1):
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 5 or parts[0].startswith("#"):
            continue
        date, _acc, protocol, ctdi, dlp = parts
        if month and not date.startswith(month):
            continue
        try:
            c, d = float(ctdi), float(dlp)
        except ValueError:
            bad += 1
            LOG.debug("line %d: bad numbers %r", lineno, parts)
            continue
        key = protocol.strip().upper() or "UNKNOWN"
        if stats[key] is None:
            stats[key] = ProtocolStats(key)
        stats[key].add(c, d)
    if bad:
        LOG.warning("%d lines skipped", bad)
    return {k: v for k, v in stats.items() if v is not None}


def orthanc_version(url):
    if not url:
        return "n/a"
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/system", timeout=5) as resp:
            return json.load(resp).get("Version", "?")
    except (urllib.error.URLError, ValueError, OSError) as exc:
        LOG.info("Orthanc not reachable (%s)", exc)
        return "unreachable"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--month", help="YYYYMM to include (default: all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out_dir = os.environ.get("DOSE_REPORT_DIR", "reports")
    drl = float(os.environ.get("DOSE_DRL_CTDI", "0") or 0)
    version = orthanc_version(os.environ.get("DOSE_ORTHANC_URL",
                                             "https://pacs.example.org:8043"))

    if sys.stdin.isatty():
        LOG.error("pipe the dose extract into stdin")
        return 2
    stats = parse_stream(sys.stdin, args.month)
    if not stats:
        LOG.error("no dose rows read")
        return 1

    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, f"dose_summary_{args.month or 'all'}.csv")
    rows = [s.row(drl) for s in sorted(stats.values(), key=lambda s: s.name)]
    with open(out, "w", newline="") as fh:
        fh.write(f"# source Orthanc version {version}\n")
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    os.chmod(out, 0o600)
    flagged = sum(1 for r in rows if r["above_drl"])
    LOG.info("%d protocols written to %s (%d above DRL)", len(rows), out, flagged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
