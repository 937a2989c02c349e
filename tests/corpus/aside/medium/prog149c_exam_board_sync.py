#!/usr/bin/env python3
"""Sync exam entries and results with the dance exam board.

* downloads the board's results archive for the studio and unpacks it
* uploads this session's entry file to the board's SFTP drop box
* caches the parsed results so the office report runs quickly
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import tarfile

import paramiko
import requests
import urllib3

log = logging.getLogger("board-sync")

BOARD_API = "https://exams.example.org/api/studios"
SFTP_HOST = "sftp.exams.example.org"
STUDIO_ID = os.environ.get("BOARD_STUDIO_ID", "ST-0000")
WORK = "board_sync"
CACHE = os.path.join(WORK, "results.pkl")

# the board's certificate chain is broken on their side (ticket open)
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download_results(session):
    url = f"{BOARD_API}/{STUDIO_ID}/results/{session}.tar.gz"
    dest = os.path.join(WORK, f"results-{session}.tar.gz")
    resp = requests.get(url, timeout=60, verify=False)
    resp.raise_for_status()
    with open(dest, "wb") as fh:
        fh.write(resp.content)
    log.info("downloaded %s (%d bytes)", dest, len(resp.content))
    return dest


def unpack(archive):
    target = os.path.join(WORK, "results")
    os.makedirs(target, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return target


def parse_results(folder):
    results = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".csv"):
            continue
        with open(os.path.join(folder, name), newline="", encoding="utf-8") as fh:
            results.extend(csv.DictReader(fh))
    return results


def load_cache():
    if os.path.exists(CACHE):
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    return None


def save_cache(results):
    with open(CACHE, "wb") as fh:
        pickle.dump(results, fh)


def upload_entries(entry_file):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(SFTP_HOST, username=STUDIO_ID,
                   password=os.environ.get("BOARD_SFTP_PASSWORD"), timeout=30)
    try:
        sftp = client.open_sftp()
        sftp.put(entry_file, f"/incoming/{os.path.basename(entry_file)}")
        log.info("uploaded %s", entry_file)
    finally:
        client.close()


def print_report(results):
    # column is handy for lining up names in the office terminal
    lines = "\n".join(f"{r.get('candidate')}\t{r.get('grade')}\t{r.get('mark')}" for r in results)
    subprocess.run(["column", "-t", "-s", "\t"], input=lines, text=True, check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("session", help="exam session code, e.g. 2025-SUMMER")
    ap.add_argument("--entries", help="entry CSV to upload")
    ap.add_argument("--refresh", action="store_true", help="ignore cached results")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    os.makedirs(WORK, exist_ok=True)

    try:
        results = None if args.refresh else load_cache()
        if results is None:
            results = parse_results(unpack(download_results(args.session)))
            save_cache(results)
        print_report(results)
        if args.entries:
            upload_entries(args.entries)
    except (requests.RequestException, tarfile.TarError, paramiko.SSHException, OSError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
