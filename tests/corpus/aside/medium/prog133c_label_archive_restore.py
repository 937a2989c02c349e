#!/usr/bin/env python3
"""Honey label archive restore.

Last season's label templates and batch sheets live as tarballs on the old
co-op file server (FTP only). This pulls one season's archive, unpacks it
into a scratch area, and optionally sends the batch sheets to the office
printer so they can be checked before the new season starts.
"""
import argparse
import ftplib
import logging
import os
import shutil
import subprocess
import tarfile

log = logging.getLogger("label-restore")

FTP_HOST = os.environ.get("COOP_FTP_HOST", "files.example.com")
FTP_USER = os.environ.get("COOP_FTP_USER", "labels")
FTP_PASS = os.environ.get("COOP_FTP_PASS", "")
SCRATCH = "/tmp/label_restore"


class ArchiveFetcher:
    def __init__(self, host, user, password):
        self.ftp = ftplib.FTP(host, timeout=30)
        self.ftp.login(user, password)
        log.info("connected to %s", host)

    def list_seasons(self):
        names = self.ftp.nlst("archive")
        return sorted(n for n in names if n.endswith(".tar.gz"))

    def download(self, remote, local):
        with open(local, "wb") as fh:
            self.ftp.retrbinary(f"RETR {remote}", fh.write)
        return local

    def close(self):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            self.ftp.close()


def unpack(archive, dest):
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    return dest


def batch_sheets(root):
    for dirpath, _dirs, files in os.walk(root):
        for f in sorted(files):
            if f.startswith("batch_") and f.endswith(".pdf"):
                yield os.path.join(dirpath, f)


def print_sheet(path, printer):
    cmd = ["lp", "-d", printer, "-o", "media=A4", path]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.warning("printing %s failed: %s", path, result.stderr.strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description="Restore a season's label archive")
    ap.add_argument("season", nargs="?", help="e.g. 2023 (default: latest)")
    ap.add_argument("--print", dest="printer", help="CUPS printer for batch sheets")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        fetcher = ArchiveFetcher(FTP_HOST, FTP_USER, FTP_PASS)
    except ftplib.all_errors as exc:
        log.error("ftp connection failed: %s", exc)
        return 1
    try:
        seasons = fetcher.list_seasons()
        if args.list:
            for s in seasons:
                print(s)
            return 0
        if not seasons:
            log.error("no archives found")
            return 1
        pick = [s for s in seasons if args.season and args.season in s] or seasons[-1:]
        archive = fetcher.download(pick[0], SCRATCH + ".tar.gz")
    finally:
        fetcher.close()

    root = unpack(archive, SCRATCH)
    sheets = list(batch_sheets(root))
    log.info("restored %s into %s (%d batch sheets)", pick[0], root, len(sheets))
    if args.printer:
        ok = sum(print_sheet(s, args.printer) for s in sheets)
        log.info("sent %d/%d sheets to %s", ok, len(sheets), args.printer)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
