#!/usr/bin/env python3
"""Fetch run logs from the compressor controller and post the summary.

The compressor controller exposes its log archive over FTP. This tool
downloads the newest archive, unpacks it, totals running hours and filter
usage, caches the parsed result, and posts a summary to the shop dashboard
(which still runs on a self-signed certificate).
"""
import argparse
import csv
import ftplib
import logging
import os
import pickle
import tarfile
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("comp_fetch")

CONTROLLER = os.environ.get("COMPRESSOR_HOST", "198.51.100.20")
FTP_USER = os.environ.get("COMPRESSOR_USER", "service")
FTP_PASS = os.environ.get("COMPRESSOR_PASS", "")
DASHBOARD = "https://dashboard.example.com/api/compressor/summary"
WORK = Path("compressor_logs")
CACHE = WORK / "summary.pkl"
FILTER_LIMIT_H = 50.0


def fetch_latest_archive():
    WORK.mkdir(exist_ok=True)
    with ftplib.FTP(CONTROLLER, timeout=20) as ftp:
        ftp.login(FTP_USER, FTP_PASS)
        names = sorted(n for n in ftp.nlst() if n.endswith(".tar.gz"))
        if not names:
            raise FileNotFoundError("no log archives on controller")
        latest = names[-1]
        target = WORK / latest
        with open(target, "wb") as fh:
            ftp.retrbinary(f"RETR {latest}", fh.write)
    LOG.info("downloaded %s", latest)
    return target


def unpack(archive):
    dest = WORK / archive.name.replace(".tar.gz", "")
    dest.mkdir(exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(dest)
    return dest


def summarise(folder):
    total_h = 0.0
    since_filter_h = 0.0
    fills = 0
    for csv_path in sorted(folder.rglob("*.csv")):
        with open(csv_path, newline="") as fh:
            for row in csv.DictReader(fh):
                hours = float(row.get("run_hours", 0) or 0)
                total_h += hours
                since_filter_h += hours
                fills += int(row.get("fills", 0) or 0)
                if row.get("event") == "FILTER_CHANGE":
                    since_filter_h = 0.0
    return {"run_hours": round(total_h, 2), "since_filter_h": round(since_filter_h, 2), "fills": fills}


def load_cache():
    if CACHE.exists():
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    return None


def save_cache(summary):
    with open(CACHE, "wb") as fh:
        pickle.dump(summary, fh)


def post_summary(summary):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    resp = requests.post(DASHBOARD, json=summary, timeout=15, verify=False)
    resp.raise_for_status()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--offline", action="store_true", help="use cached summary only")
    parser.add_argument("--no-post", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    summary = load_cache() if args.offline else None
    if summary is None:
        try:
            folder = unpack(fetch_latest_archive())
        except (ftplib.all_errors, FileNotFoundError, tarfile.TarError) as exc:
            LOG.error("could not fetch logs: %s", exc)
            return 1
        summary = summarise(folder)
        save_cache(summary)

    LOG.info("summary: %s", summary)
    if summary["since_filter_h"] > FILTER_LIMIT_H:
        LOG.warning("filter cartridge overdue (%.1f h since change)", summary["since_filter_h"])
    if not args.no_post:
        try:
            post_summary(summary)
        except requests.RequestException as exc:
            LOG.error("dashboard post failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
