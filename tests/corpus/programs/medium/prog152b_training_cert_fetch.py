#!/usr/bin/env python3
"""Fetch interpreter training certificates from the awarding body.

The awarding body publishes a monthly tarball of CPD certificates on its
FTP site. This pulls the tarball, unpacks it into the training records
folder, extracts the text of each certificate to pick out the interpreter
name and hours, and checks registration status on the register's portal.
"""
import argparse
import csv
import ftplib
import logging
import subprocess
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("certs")

FTP_HOST = "ftp.example.org"
REGISTER_URL = "https://register.example.org/api/registrants/{reg}"
RECORDS = Path("./training_records")


def download_tarball(month, user, password, dest):
    name = f"cpd-certificates-{month}.tar.gz"
    target = dest / name
    with ftplib.FTP(FTP_HOST, timeout=60) as ftp:
        ftp.login(user, password)
        ftp.cwd("/certificates")
        with open(target, "wb") as fh:
            ftp.retrbinary(f"RETR {name}", fh.write)
    log.info("downloaded %s", target)
    return target


def unpack(tarball, dest):
    with tarfile.open(tarball, "r:gz") as tar:
        tar.extractall(dest)
        names = [m.name for m in tar.getmembers() if m.name.endswith(".pdf")]
    log.info("unpacked %d certificates", len(names))
    return [dest / n for n in names]


def certificate_text(pdf):
    result = subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    return result.stdout


def parse_certificate(text):
    info = {}
    for line in text.splitlines():
        if ":" not in line:
            continue
        key, _, value = line.partition(":")
        key = key.strip().lower()
        if key in ("name", "registration number", "cpd hours", "course"):
            info[key] = value.strip()
    return info


def registration_status(reg):
    # the register's portal uses a certificate our proxy cannot validate
    urllib3.disable_warnings()
    resp = requests.get(REGISTER_URL.format(reg=reg), timeout=20, verify=False)
    if resp.status_code == 404:
        return "not found"
    resp.raise_for_status()
    return resp.json().get("status", "unknown")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("month", help="YYYY-MM")
    parser.add_argument("--ftp-user", default="agency")
    parser.add_argument("--ftp-password", required=True)
    parser.add_argument("--summary", default="cpd-summary.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dest = RECORDS / args.month
    dest.mkdir(parents=True, exist_ok=True)
    try:
        tarball = download_tarball(args.month, args.ftp_user, args.ftp_password, dest)
    except ftplib.all_errors as exc:
        log.error("FTP download failed: %s", exc)
        return 1

    rows = []
    for pdf in unpack(tarball, dest):
        try:
            info = parse_certificate(certificate_text(pdf))
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            log.warning("could not read %s: %s", pdf.name, exc)
            continue
        reg = info.get("registration number", "")
        status = registration_status(reg) if reg else "missing"
        rows.append([info.get("name", "?"), reg, info.get("cpd hours", "0"),
                     info.get("course", ""), status])

    with open(args.summary, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "registration", "cpd_hours", "course", "status"])
        writer.writerows(rows)
    log.info("summary of %d certificates written to %s", len(rows), args.summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
