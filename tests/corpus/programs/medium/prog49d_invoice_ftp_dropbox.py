#!/usr/bin/env python3
"""Deliver generated invoice PDFs to the wholesaler's anonymous FTP drop.

The partner only offers a plain FTP 'incoming' directory, so we keep it
simple: anonymous login, passive mode, one dated sub-directory per run.
Delivered files are moved from ./outbox to ./outbox/sent.
"""
import argparse
import configparser
import datetime as dt
import ftplib
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("ftp-drop")
DEFAULTS = {"host": "ftp.partner-wholesale.example", "port": "21",
            "remote_dir": "/incoming/invoices", "pattern": "INV-*.pdf"}


def read_config(path: Path) -> dict:
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if path.exists():
        cfg.read(path)
    section = cfg["drop"] if cfg.has_section("drop") else cfg[cfg.default_section]
    return {k: section.get(k) for k in DEFAULTS}


def ensure_dir(ftp: ftplib.FTP, remote: str) -> None:
    parts = [p for p in remote.split("/") if p]
    ftp.cwd("/")
    for part in parts:
        try:
            ftp.cwd(part)
        except ftplib.error_perm:
            log.info("creating remote directory %s", part)
            ftp.mkd(part)
            ftp.cwd(part)


def deliver(ftp: ftplib.FTP, files: list[Path], dry_run: bool) -> list[Path]:
    sent = []
    for pdf in files:
        if dry_run:
            log.info("[dry-run] would STOR %s", pdf.name)
            continue
        with pdf.open("rb") as fh:
            try:
                reply = ftp.storbinary(f"STOR {pdf.name}", fh, blocksize=32768)
            except ftplib.all_errors as exc:
                log.error("upload of %s failed: %s", pdf.name, exc)
                continue
        log.info("%s -> %s", pdf.name, reply)
        sent.append(pdf)
    return sent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=Path("ftp_drop.ini"))
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = read_config(args.config)
    files = sorted(args.outbox.glob(cfg["pattern"]))
    if not files:
        log.info("outbox is empty")
        return 0

    today = dt.date.today().isoformat()
    ftp = ftplib.FTP(timeout=30)
    try:
        ftp.connect(cfg["host"], int(cfg["port"]))
        ftp.login()  # anonymous
        ftp.set_pasv(True)
        ensure_dir(ftp, f"{cfg['remote_dir']}/{today}")
        sent = deliver(ftp, files, args.dry_run)
    except ftplib.all_errors as exc:
        log.error("FTP session failed: %s", exc)
        return 1
    finally:
        try:
            ftp.quit()
        except ftplib.all_errors:
            ftp.close()

    archive = args.outbox / "sent"
    archive.mkdir(exist_ok=True)
    for pdf in sent:
        shutil.move(str(pdf), archive / pdf.name)
    log.info("delivered %d of %d invoice(s)", len(sent), len(files))
    return 0 if len(sent) == len(files) or args.dry_run else 1


if __name__ == "__main__":
    sys.exit(main())
