#!/usr/bin/env python3
"""Receive acoustic leak-noise frames from hydrophone loggers over UDP.

Each datagram is a little-endian header (sensor id u16, seq u32, sample
rate u16, n u16) followed by n int16 samples.  The listener keeps a running
RMS per sensor and flushes one JSON line per sensor per window to
leak_rms.jsonl, which the correlation job reads later.

High-rate loggers burst a lot of datagrams, so the socket asks for a large
receive buffer and the kernel ceiling is raised to match when it is lower.
"""
import argparse
import array
import json
import logging
import math
import socket
import struct
import threading
import time
from collections import defaultdict
from pathlib import Path

HEADER = struct.Struct("<HIHH")
RMEM_MAX = Path("/proc/sys/net/core/rmem_max")

log = logging.getLogger("leak_collector")


def kernel_rmem_max():
    try:
        return int(RMEM_MAX.read_text().strip())
    except (OSError, ValueError):
        return None


def raise_rmem_max(want_bytes):
    current = kernel_rmem_max()
    if current is None or current >= want_bytes:
        return current
    log.info("raising net.core.rmem_max %d -> %d", current, want_bytes)
    try:
        with open(RMEM_MAX, "w") as fh:
            fh.write(str(want_bytes))
    except PermissionError:
        log.warning("could not raise rmem_max (not root); expect drops during bursts")
    return kernel_rmem_max()


def open_socket(bind, port, want_bytes, tune=True):
    if tune:
        raise_rmem_max(want_bytes)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, want_bytes)
    got = sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)
    log.info("receive buffer %d bytes", got)
    sock.bind((bind, port))
    return sock


class RmsAccumulator:
    def __init__(self):
        self.lock = threading.Lock()
        self.sumsq = defaultdict(float)
        self.count = defaultdict(int)
        self.last_seq = {}
        self.gaps = defaultdict(int)

    def add(self, sensor, seq, samples):
        with self.lock:
            prev = self.last_seq.get(sensor)
            if prev is not None and seq != prev + 1:
                self.gaps[sensor] += 1
            self.last_seq[sensor] = seq
            self.sumsq[sensor] += sum(s * s for s in samples)
            self.count[sensor] += len(samples)

    def drain(self):
        with self.lock:
            out = []
            for sensor, n in self.count.items():
                if n:
                    out.append({"sensor": sensor,
                                "rms": math.sqrt(self.sumsq[sensor] / n),
                                "samples": n, "gaps": self.gaps[sensor]})
            self.sumsq.clear(); self.count.clear(); self.gaps.clear()
            return out


def flusher(acc, out_path, window, stop):
    while not stop.wait(window):
        rows = acc.drain()
        if not rows:
            continue
        ts = time.strftime("%Y-%m-%dT%H:%M:%S")
        with out_path.open("a") as fh:
            for r in rows:
                r["ts"] = ts
                fh.write(json.dumps(r) + "\n")
        log.info("flushed %d sensors", len(rows))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bind", default="127.0.0.1",
                    help="address the logger gateway forwards to")
    ap.add_argument("--port", type=int, default=47110)
    ap.add_argument("--rcvbuf-mb", type=int, default=16)
    ap.add_argument("--window", type=int, default=10)
    ap.add_argument("--out", default="leak_rms.jsonl")
    ap.add_argument("--no-tune", dest="tune", action="store_false",
                    help="leave kernel buffer limits alone")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sock = open_socket(args.bind, args.port, args.rcvbuf_mb * 1024 * 1024, args.tune)
    acc = RmsAccumulator()
    stop = threading.Event()
    t = threading.Thread(target=flusher, args=(acc, Path(args.out), args.window, stop),
                         daemon=True)
    t.start()
    try:
        while True:
            data, _ = sock.recvfrom(65535)
            if len(data) < HEADER.size:
                continue
            sensor, seq, _rate, n = HEADER.unpack_from(data)
            samples = array.array("h")
            samples.frombytes(data[HEADER.size:HEADER.size + 2 * n])
            acc.add(sensor, seq, samples)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        sock.close()


if __name__ == "__main__":
    main()
