#!/usr/bin/env python3
"""Sync the monthly training packs from the brigade training centre.

The training centre still publishes the packs (lesson plans, drill cards,
quiz sheets) as tarballs on its FTP server. This script pulls the new ones,
unpacks them, extracts the text of each PDF for the station search box and
makes a share code the crew can type into the tablet to open a pack.
"""
import argparse
import ftplib
import logging
import os
import random
import string
import subprocess
import tarfile
from pathlib import Path

log = logging.getLogger("training_sync")

FTP_HOST = os.environ.get("TRAINING_FTP", "ftp.example.com")
FTP_USER = os.environ.get("TRAINING_FTP_USER", "station12")
FTP_PASS = os.environ.get("TRAINING_FTP_PASS", "")
REMOTE_DIR = "/packs"
STAGING = Path("/tmp/training_packs")
LIBRARY = Path("training_library")


def list_remote(ftp):
    ftp.cwd(REMOTE_DIR)
    return sorted(n for n in ftp.nlst() if n.endswith(".tar.gz"))


def download(ftp, name):
    STAGING.mkdir(parents=True, exist_ok=True)
    dest = STAGING / name
    with dest.open("wb") as fh:
        ftp.retrbinary("RETR " + name, fh.write)
    log.info("downloaded %s (%d bytes)", name, dest.stat().st_size)
    return dest


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return target


def extract_text(pack_dir):
    """Run pdftotext over every PDF so the search box can index them."""
    count = 0
    for pdf in pack_dir.rglob("*.pdf"):
        txt = pdf.with_suffix(".txt")
        if txt.exists():
            continue
        result = subprocess.run(["pdftotext", "-layout", str(pdf), str(txt)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            log.warning("pdftotext failed on %s: %s", pdf.name, result.stderr.strip())
        else:
            count += 1
    return count


def share_code(length=6):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def sync(limit):
    done = {p.name for p in LIBRARY.iterdir()} if LIBRARY.exists() else set()
    ftp = ftplib.FTP(FTP_HOST, timeout=30)
    ftp.login(FTP_USER, FTP_PASS)
    try:
        names = [n for n in list_remote(ftp) if n[:-7] not in done]
        if limit:
            names = names[:limit]
        for name in names:
            archive = download(ftp, name)
            pack_dir = unpack(archive, LIBRARY / name[:-7])
            n = extract_text(pack_dir)
            code = share_code()
            (pack_dir / "SHARE_CODE").write_text(code + "\n")
            log.info("%s ready: %d PDFs indexed, share code %s", name, n, code)
    finally:
        ftp.quit()


def main():
    ap = argparse.ArgumentParser(description="Sync training packs")
    ap.add_argument("--limit", type=int, default=0, help="max packs per run")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        sync(args.limit)
    except ftplib.all_errors as exc:
        log.error("FTP sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
