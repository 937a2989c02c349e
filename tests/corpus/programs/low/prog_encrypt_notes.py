import sys
from pathlib import Path

from cryptography.fernet import Fernet

KEYFILE = Path("notes.key")


def key():
    if not KEYFILE.exists():
        KEYFILE.write_bytes(Fernet.generate_key())
        KEYFILE.chmod(0o600)
    return KEYFILE.read_bytes()


def encrypt(path):
    f = Fernet(key())
    src = Path(path)
    out = src.with_suffix(src.suffix + ".enc")
    out.write_bytes(f.encrypt(src.read_bytes()))
    return out


print(encrypt(sys.argv[1]))
