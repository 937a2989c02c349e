#!/usr/bin/env python3
"""Pull the courier's collection manifests and print the pickup sheet.

The courier drops a tarball of tomorrow's collection manifests on their
SFTP server each evening. This fetches it, unpacks it, prints the pickup
sheet on the back-office printer and acknowledges receipt to the courier.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import paramiko
import requests

LOG = logging.getLogger("courier-pull")

SFTP_HOST = os.environ.get("COURIER_SFTP_HOST", "sftp.example.com")
SFTP_USER = os.environ.get("COURIER_SFTP_USER", "gp-dispensary-041")
REMOTE_PATH = "/outgoing/manifests_latest.tar.gz"
LOCAL_TARBALL = "/tmp/courier_manifests.tar.gz"
UNPACK_DIR = Path("./manifests")
ACK_URL = "https://api.example.com/courier/v1/ack"
PRINTER = os.environ.get("PICKUP_PRINTER", "BackOffice")


def download(password):
    client = paramiko.SSHClient()
    # courier rotates host keys without telling anyone
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(SFTP_HOST, username=SFTP_USER, password=password, timeout=30)
    try:
        sftp = client.open_sftp()
        sftp.get(REMOTE_PATH, LOCAL_TARBALL)
        LOG.info("downloaded %s", REMOTE_PATH)
    finally:
        client.close()


def unpack():
    UNPACK_DIR.mkdir(exist_ok=True)
    with tarfile.open(LOCAL_TARBALL, "r:gz") as tar:
        tar.extractall(UNPACK_DIR)
    return sorted(UNPACK_DIR.glob("*.csv"))


class PickupSheet:
    def __init__(self):
        self.lines = []
        self.bags = 0

    def add_manifest(self, path):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                bags = int(row.get("bags", 1) or 1)
                self.bags += bags
                self.lines.append(f"{row.get('ref', '?'):<10} {row.get('destination', ''):<30} {bags}")

    def render(self):
        head = ["COURIER PICKUP SHEET", "-" * 48]
        return "\n".join(head + self.lines + ["-" * 48, f"TOTAL BAGS: {self.bags}"]) + "\n"


def print_sheet(text):
    result = subprocess.run(["lp", "-d", PRINTER, "-t", "Courier pickup"],
                            input=text, text=True, capture_output=True)
    if result.returncode != 0:
        LOG.warning("printing failed: %s", result.stderr.strip())


def acknowledge(count, bags, api_key):
    # their API gateway presents a certificate our old CA bundle rejects
    resp = requests.post(ACK_URL, json={"manifests": count, "bags": bags},
                         headers={"Authorization": f"Bearer {api_key}"},
                         timeout=20, verify=False)
    resp.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--no-print", action="store_true")
    ap.add_argument("--no-ack", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    password = os.environ.get("COURIER_SFTP_PASSWORD")
    if not password:
        LOG.error("COURIER_SFTP_PASSWORD not set")
        return 1
    try:
        download(password)
        manifests = unpack()
    except (paramiko.SSHException, OSError, tarfile.TarError) as exc:
        LOG.error("fetch failed: %s", exc)
        return 1

    sheet = PickupSheet()
    for m in manifests:
        sheet.add_manifest(m)
    LOG.info("%d manifest(s), %d bag(s)", len(manifests), sheet.bags)
    if not args.no_print:
        print_sheet(sheet.render())
    if not args.no_ack and os.environ.get("COURIER_API_KEY"):
        try:
            acknowledge(len(manifests), sheet.bags, os.environ["COURIER_API_KEY"])
        except requests.RequestException as exc:
            LOG.warning("ack failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
