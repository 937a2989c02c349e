#!/usr/bin/env python3
"""Deliver canvass reports to the state's county drop server.

After the canvass board certifies, the statement of votes cast (CSV) and the
signed canvass PDF are delivered to the Secretary of State's drop server.
Each county has its own drop account; files go into /incoming/<county>/ and
a .done marker tells the state's pickup job that the set is complete.
"""

import argparse
import configparser
import ftplib
import hashlib
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("canvass-drop")


def read_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"drop": {"host": "drop.sos.example.gov", "port": "21",
                           "user": "", "remote_root": "/incoming", "passive": "yes"}})
    cp.read(path)
    return cp["drop"]


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def collect(report_dir, county):
    files = sorted(p for p in Path(report_dir).iterdir()
                   if p.suffix.lower() in (".csv", ".pdf") and p.name.startswith(county))
    if not files:
        raise FileNotFoundError(f"no {county}* .csv/.pdf files in {report_dir}")
    return files


class DropSession:
    def __init__(self, settings, password, retries=3):
        self.s = settings
        self.password = password
        self.retries = retries
        self.ftp = None

    def __enter__(self):
        for attempt in range(1, self.retries + 1):
            try:
                ftp = ftplib.FTP()
                ftp.connect(self.s["host"], self.s.getint("port"), timeout=30)
                ftp.login(self.s["user"], self.password)
                ftp.set_pasv(self.s.getboolean("passive"))
                self.ftp = ftp
                log.info("connected to %s as %s", self.s["host"], self.s["user"])
                return self
            except (ftplib.all_errors) as exc:
                log.warning("connect attempt %d failed: %s", attempt, exc)
                time.sleep(5 * attempt)
        raise ConnectionError("could not reach drop server")

    def __exit__(self, *exc):
        if self.ftp:
            try:
                self.ftp.quit()
            except ftplib.all_errors:
                self.ftp.close()

    def cd(self, path):
        for part in path.strip("/").split("/"):
            try:
                self.ftp.cwd(part)
            except ftplib.error_perm:
                self.ftp.mkd(part)
                self.ftp.cwd(part)

    def put(self, local):
        with open(local, "rb") as fh:
            self.ftp.storbinary(f"STOR {local.name}.part", fh)
        self.ftp.rename(f"{local.name}.part", local.name)
        size = self.ftp.size(local.name)
        if size != local.stat().st_size:
            raise IOError(f"{local.name}: remote size {size} != {local.stat().st_size}")

    def mark_done(self, manifest_lines, name):
        import io
        buf = io.BytesIO("\n".join(manifest_lines).encode() + b"\n")
        self.ftp.storbinary(f"STOR {name}", buf)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("report_dir")
    ap.add_argument("--county", required=True)
    ap.add_argument("--config", default="canvass_drop.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = read_settings(args.config)
    password = os.environ.get("CANVASS_DROP_PASSWORD")
    if not settings["user"] or not password:
        log.error("drop user (config) and CANVASS_DROP_PASSWORD (env) are required")
        return 2

    try:
        files = collect(args.report_dir, args.county)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    manifest = [f"{sha256_of(f)}  {f.name}" for f in files]
    for line in manifest:
        log.info("will send %s", line)
    if args.dry_run:
        return 0

    try:
        with DropSession(settings, password) as sess:
            sess.cd(f"{settings['remote_root']}/{args.county}")
            for f in files:
                sess.put(f)
                log.info("sent %s", f.name)
            sess.mark_done(manifest, f"{args.county}_canvass.done")
    except (ConnectionError, IOError, ftplib.all_errors) as exc:
        log.error("delivery failed: %s", exc)
        return 1
    log.info("delivered %d files", len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
