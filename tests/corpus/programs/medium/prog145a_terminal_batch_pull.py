#!/usr/bin/env python3
"""Pulls the nightly settlement batch from the card terminal gateway.

The terminal's local gateway box exposes a status page over HTTPS with a
self-signed certificate, and drops the settlement archive in an SFTP
folder. We fetch both and unpack the batch for the bookkeeping sheet.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import paramiko
import requests
import urllib3

log = logging.getLogger("batch-pull")

GATEWAY = "198.51.100.20"
STATUS_URL = f"https://{GATEWAY}/api/status"
REMOTE_DIR = "/outbox"
# the gateway's certificate is self-signed and changes after firmware updates
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def gateway_status():
    resp = requests.get(STATUS_URL, verify=False, timeout=10)
    resp.raise_for_status()
    return resp.json()


class BatchFetcher:
    def __init__(self, host, user, password):
        self.host = host
        self.user = user
        self.password = password
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())

    def __enter__(self):
        self.client.connect(self.host, username=self.user, password=self.password, timeout=15)
        self.sftp = self.client.open_sftp()
        return self

    def __exit__(self, *exc):
        self.sftp.close()
        self.client.close()

    def latest_archive(self):
        names = [n for n in self.sftp.listdir(REMOTE_DIR) if n.endswith(".tar.gz")]
        return sorted(names)[-1] if names else None

    def download(self, name):
        local = tempfile.mktemp(suffix=".tar.gz", prefix="batch_")
        self.sftp.get(f"{REMOTE_DIR}/{name}", local)
        return local


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    return sorted(dest.glob("*.csv"))


def summarise(csv_files):
    total, count = 0.0, 0
    for f in csv_files:
        with open(f, newline="") as fh:
            for row in csv.DictReader(fh):
                total += float(row.get("amount", 0))
                count += 1
    return count, round(total, 2)


def main():
    parser = argparse.ArgumentParser(description="Fetch the nightly card settlement batch")
    parser.add_argument("--host", default=GATEWAY)
    parser.add_argument("--user", default="salon")
    parser.add_argument("--dest", default="settlements")
    parser.add_argument("--print", action="store_true", help="send summary to the office printer")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        status = gateway_status()
        log.info("gateway firmware %s, last batch %s", status.get("fw"), status.get("last_batch"))
    except requests.RequestException as exc:
        log.warning("status page unavailable: %s", exc)

    password = os.environ.get("GATEWAY_SFTP_PASSWORD", "")
    try:
        with BatchFetcher(args.host, args.user, password) as fetcher:
            name = fetcher.latest_archive()
            if not name:
                log.info("no batch waiting")
                return 0
            local = fetcher.download(name)
    except (paramiko.SSHException, OSError) as exc:
        log.error("sftp failed: %s", exc)
        return 1

    files = unpack(local, Path(args.dest) / name.replace(".tar.gz", ""))
    count, total = summarise(files)
    summary = f"{name}: {count} transactions, total {total:.2f}"
    log.info(summary)
    if args.print:
        subprocess.run(["lp", "-t", "Card settlement"], input=summary, text=True, check=False)
    os.remove(local)
    return 0


if __name__ == "__main__":
    sys.exit(main())
