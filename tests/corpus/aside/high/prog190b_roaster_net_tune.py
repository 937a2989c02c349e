#!/usr/bin/env python3
"""Receive roast-profile telemetry from the drum roaster over UDP.

The roaster streams ~400 datagrams/s (bean temp, exhaust temp, drum RPM);
the default kernel receive buffer drops packets, so the tool raises the
limits before listening.
"""
import argparse
import csv
import logging
import os
import socket
import struct
import subprocess
import time
from pathlib import Path

log = logging.getLogger("roast-telemetry")

_PROC = Path("/proc/sys/net/core")
TUNABLES = {"rmem_max": 8 * 1024 * 1024, "rmem_default": 4 * 1024 * 1024}
FRAME = struct.Struct("!Ifff")  # seq, bean_c, exhaust_c, drum_rpm


def _current(name):
    try:
        return int((_PROC / name).read_text().strip())
    except (OSError, ValueError):
        return 0


def _write_direct(name, value):
    (_PROC / name).write_text(str(value))


def _write_sysctl(name, value):
    key = "net.core." + name
    subprocess.run(["sudo", "-n", "sysctl", "-w", f"{key}={value}"], check=True,
                   stdout=subprocess.DEVNULL)


def _write_tee(name, value):
    subprocess.run(["sudo", "-n", "tee", str(_PROC / name)], input=str(value),
                   text=True, check=True, stdout=subprocess.DEVNULL)


WRITERS = {"direct": _write_direct, "sysctl": _write_sysctl, "tee": _write_tee}


def tune(method):
    writer = WRITERS["direct"] if os.geteuid() == 0 else WRITERS[method]
    for name, want in TUNABLES.items():
        have = _current(name)
        if have >= want:
            continue
        log.info("raising %s %d -> %d", name, have, want)
        writer(name, want)


def listen(bind, port, out_path, seconds):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, TUNABLES["rmem_max"])
    sock.bind((bind, port))
    sock.settimeout(1.0)
    end = time.time() + seconds
    last_seq, lost, n = None, 0, 0
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["t", "seq", "bean_c", "exhaust_c", "drum_rpm"])
        while time.time() < end:
            try:
                data, _ = sock.recvfrom(64)
            except socket.timeout:
                continue
            if len(data) != FRAME.size:
                continue
            seq, bean, exhaust, rpm = FRAME.unpack(data)
            if last_seq is not None and seq > last_seq + 1:
                lost += seq - last_seq - 1
            last_seq = seq
            w.writerow([f"{time.time():.3f}", seq, f"{bean:.2f}", f"{exhaust:.2f}", f"{rpm:.1f}"])
            n += 1
    log.info("recorded %d frames, %d lost", n, lost)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=os.environ.get("ROASTER_BIND", "192.0.2.15"))
    ap.add_argument("--port", type=int, default=5140)
    ap.add_argument("--seconds", type=int, default=900)
    ap.add_argument("--method", choices=sorted(WRITERS), default="sysctl")
    ap.add_argument("--out", default=time.strftime("roast_%Y%m%d_%H%M.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    tune(args.method)
    listen(args.bind, args.port, args.out, args.seconds)


if __name__ == "__main__":
    main()
