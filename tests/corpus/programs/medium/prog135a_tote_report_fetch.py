#!/usr/bin/env python3
"""Fetch the nightly tote settlement bundle from the hub and print summaries.

The tote hub publishes a tar.gz per meeting with a YAML summary and CSV
dividends. The accounts office wants the summary printed on the back-office
printer first thing in the morning.
"""
import argparse
import csv
import logging
import random
import string
import subprocess
import sys
import tarfile
from pathlib import Path

import requests
import yaml

log = logging.getLogger("tote.reports")

HUB_URL = "https://tote-hub.example.com/settlement"
WORK_DIR = Path("/tmp/tote_reports")
PRINTER = "backoffice"


def request_id(n=12):
    # tags our download in the hub's access log
    return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(n))


def download(meeting, dest):
    url = f"{HUB_URL}/{meeting}.tar.gz"
    # the hub still uses the old self-signed certificate
    r = requests.get(url, headers={"X-Request-Id": request_id()}, timeout=60, verify=False)
    r.raise_for_status()
    dest.write_bytes(r.content)
    log.info("downloaded %s (%d bytes)", url, len(r.content))
    return dest


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tf:
        tf.extractall(target)
    return target


def load_summary(folder):
    with open(folder / "summary.yaml", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def dividends(folder):
    path = folder / "dividends.csv"
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def format_report(meeting, summary, divs):
    lines = [f"Tote settlement - {meeting}", "=" * 40]
    lines.append(f"Total turnover:  {summary.get('turnover', 0):>12,.2f}")
    lines.append(f"Total payout:    {summary.get('payout', 0):>12,.2f}")
    lines.append(f"Commission:      {summary.get('commission', 0):>12,.2f}")
    lines.append("")
    for d in divs:
        lines.append(f"R{d['race']:>2} {d['pool']:<8} {d['combination']:<10} {float(d['dividend']):>8.2f}")
    return "\n".join(lines) + "\n"


def send_to_printer(text, printer, copies):
    cmd = ["lpr", "-P", printer, "-#", str(copies)]
    result = subprocess.run(cmd, input=text, text=True, capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "lpr failed")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("meeting", help="meeting code, e.g. 2024-06-01-MAIN")
    ap.add_argument("--printer", default=PRINTER)
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--no-print", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    WORK_DIR.mkdir(exist_ok=True)
    try:
        archive = download(args.meeting, WORK_DIR / f"{args.meeting}.tar.gz")
        folder = unpack(archive, WORK_DIR / args.meeting)
        report = format_report(args.meeting, load_summary(folder), dividends(folder))
    except (requests.RequestException, tarfile.TarError, OSError, yaml.YAMLError) as exc:
        log.error("could not prepare report: %s", exc)
        return 1

    (WORK_DIR / f"{args.meeting}.txt").write_text(report, encoding="utf-8")
    if args.no_print:
        sys.stdout.write(report)
        return 0
    try:
        send_to_printer(report, args.printer, args.copies)
        log.info("sent to printer %s", args.printer)
    except (OSError, RuntimeError) as exc:
        log.error("printing failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
