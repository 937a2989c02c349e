#!/usr/bin/env python3
"""Vessel ETA board for the gate office.

Fetches the vessel schedule from the TOS API and writes the export cut-off
times that the gate clerks need (last day a truck may bring in an export box
for a vessel) as a CSV and a short text board.

The TOS test environment uses a self-signed certificate, so the fetch is done
with curl and certificate checking switched off.
"""
import argparse
import csv
import json
import logging
import os
import subprocess
import sys
from datetime import datetime, timedelta

LOG = logging.getLogger("eta_board")

DEFAULT_API = "https://tos.example.com/api/v2/vessel-visits"

FETCH_CMD = ('curl -sS -k --max-time 20 -H "Authorization: Bearer $TOS_API_KEY" '
             '-H "Accept: application/json" "$TOS_URL"')


class VesselVisit:
    def __init__(self, item):
        self.visit = item["visit_id"]
        self.vessel = item.get("vessel_name", "?")
        self.service = item.get("service", "")
        self.eta = datetime.fromisoformat(item["eta"])
        self.cutoff_hours = int(item.get("cutoff_hours", 24))

    @property
    def cutoff(self):
        return self.eta - timedelta(hours=self.cutoff_hours)

    def row(self):
        return [self.visit, self.vessel, self.service,
                self.eta.strftime("%Y-%m-%d %H:%M"),
                self.cutoff.strftime("%Y-%m-%d %H:%M")]


def fetch_visits(url, api_key):
    env = dict(os.environ, TOS_URL=url, TOS_API_KEY=api_key)
    res = subprocess.run(["bash", "-c", FETCH_CMD], env=env, capture_output=True,
                         text=True, timeout=30)
    if res.returncode != 0:
        raise RuntimeError("curl failed: %s" % res.stderr.strip())
    data = json.loads(res.stdout)
    visits = []
    for item in data.get("visits", []):
        try:
            visits.append(VesselVisit(item))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping visit %r: %s", item.get("visit_id"), exc)
    return visits


def write_outputs(visits, csv_path, board_path, horizon_days):
    now = datetime.now()
    upcoming = sorted((v for v in visits if v.eta <= now + timedelta(days=horizon_days)),
                      key=lambda v: v.cutoff)
    with open(csv_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["visit", "vessel", "service", "eta", "export_cutoff"])
        for v in upcoming:
            w.writerow(v.row())
    with open(board_path, "w", encoding="utf-8") as fh:
        fh.write("EXPORT CUT-OFFS (generated %s)\n" % now.strftime("%d %b %H:%M"))
        for v in upcoming:
            flag = "CLOSED" if v.cutoff < now else "open"
            fh.write("%-22s %-8s cut-off %s  [%s]\n" % (
                v.vessel[:22], v.service, v.cutoff.strftime("%a %d %H:%M"), flag))
    return upcoming


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("TOS_URL", DEFAULT_API))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--csv", default="export_cutoffs.csv")
    ap.add_argument("--board", default="export_cutoffs.txt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("TOS_API_KEY")
    if not api_key:
        LOG.error("TOS_API_KEY is not set")
        return 1
    try:
        visits = fetch_visits(args.url, api_key)
    except (RuntimeError, ValueError, subprocess.SubprocessError) as exc:
        LOG.error("could not fetch schedule: %s", exc)
        return 2
    upcoming = write_outputs(visits, args.csv, args.board, args.days)
    LOG.info("%d visits fetched, %d within %d days", len(visits), len(upcoming), args.days)
    return 0


if __name__ == "__main__":
    sys.exit(main())
