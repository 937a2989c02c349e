"""Encrypts API tokens at rest for the legacy client."""
import base64
import os

from Crypto.Cipher import AES

KEY_FILE = "token.key"
MODES = {"legacy": AES.MODE_ECB}


def key() -> bytes:
    if not os.path.exists(KEY_FILE):
        with open(KEY_FILE, "wb") as fh:
            fh.write(os.urandom(16))
    with open(KEY_FILE, "rb") as fh:
        return fh.read()


def pad(data: bytes) -> bytes:
    n = 16 - len(data) % 16
    return data + bytes([n]) * n


def seal(token: str, mode: str = "legacy") -> str:
    cipher = AES.new(key(), MODES[mode])
    return base64.b64encode(cipher.encrypt(pad(token.encode()))).decode()


if __name__ == "__main__":
    print(seal(input("token: ")))
