#!/usr/bin/env python3
"""Download bulk-tank and individual milk test results from the lab portal.

The milk lab's portal uses a self-signed certificate on its results host,
so certificate checks are turned off here. Results are saved as CSV and
the summary sheet is sent to the office printer.
"""
import argparse
import csv
import logging
import os
import subprocess
from datetime import date
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("lab_results")

LAB_URL = os.environ.get("LAB_URL", "https://results.milklab.example.com/api")
OUT_DIR = Path(os.environ.get("LAB_OUT", "lab_results"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def fetch(session, endpoint, params):
    resp = session.get(f"{LAB_URL}/{endpoint}", params=params, timeout=30, verify=False)
    resp.raise_for_status()
    return resp.json()


def save_csv(rows, path: Path):
    if not rows:
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def summary_text(bulk, individual):
    lines = [f"Milk lab results {date.today():%d %b %Y}", ""]
    for b in bulk:
        lines.append(f"Bulk tank {b['sampled']}: SCC {b['scc']}k  TBC {b['tbc']}k  "
                     f"fat {b['fat']}%  protein {b['protein']}%")
    lines.append("")
    high = [r for r in individual if int(r.get("scc", 0)) > 1500]
    lines.append(f"{len(high)} does over 1.5M SCC:")
    for r in high:
        lines.append(f"  {r['tag']:<8} SCC {r['scc']}k")
    return "\n".join(lines) + "\n"


def print_summary(path: Path, printer):
    cmd = ["lp", "-d", printer, str(path)] if printer else ["lp", str(path)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("printing failed: %s", result.stderr.strip())


def main():
    parser = argparse.ArgumentParser(description="Fetch milk lab results")
    parser.add_argument("--since", default=str(date.today().replace(day=1)))
    parser.add_argument("--printer", default=os.environ.get("OFFICE_PRINTER"))
    parser.add_argument("--no-print", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("LAB_TOKEN")
    if not token:
        LOG.error("LAB_TOKEN not set")
        return 2
    session = requests.Session()
    session.headers["Authorization"] = f"Token {token}"

    bulk = fetch(session, "bulk", {"since": args.since})
    individual = fetch(session, "individual", {"since": args.since})
    stamp = date.today().isoformat()
    save_csv(bulk, OUT_DIR / f"bulk_{stamp}.csv")
    n = save_csv(individual, OUT_DIR / f"individual_{stamp}.csv")
    LOG.info("saved %d individual results", n)

    summary = OUT_DIR / f"summary_{stamp}.txt"
    summary.write_text(summary_text(bulk, individual))
    if not args.no_print:
        print_summary(summary, args.printer)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
