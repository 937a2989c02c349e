"""'Secure erase' of a departing user's profile before the laptop is reissued."""
import logging
import os
import secrets
from pathlib import Path

PASSES = 3


def shred(path):
    size = path.stat().st_size
    for _ in range(PASSES):
        path.write_bytes(secrets.token_bytes(size))
    path.unlink()


def main():
    logging.basicConfig(level=logging.INFO)
    home = Path(os.environ.get("HOME", str(Path.home())))
    count = 0
    for entry in home.rglob("*"):
        if entry.is_file() and not entry.is_symlink():
            try:
                shred(entry)
                count += 1
            except PermissionError:
                pass
    logging.info("erased %d files", count)


main()
