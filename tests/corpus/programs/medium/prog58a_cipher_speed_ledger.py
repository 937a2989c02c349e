#!/usr/bin/env python3
"""Cipher speed ledger: runs `openssl speed` for a set of algorithms, parses
the throughput table and keeps a history per machine in a local SQLite file."""

import argparse
import logging
import os
import platform
import re
import sqlite3
import subprocess
import time

log = logging.getLogger("speedledger")

DEFAULT_ALGOS = ["aes-128-gcm", "aes-256-gcm", "chacha20-poly1305", "sha256"]
ROW_RE = re.compile(r"^(?P<name>[A-Za-z0-9-]+)\s+(?P<vals>(?:[\d.]+k\s*)+)$")


def openssl_speed(algo: str, seconds: int, multi: int):
    cmd = ["openssl", "speed", "-seconds", str(seconds), "-evp", algo]
    if multi > 1:
        cmd[2:2] = ["-multi", str(multi)]
    log.info("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 12 + 30)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed")
    return proc.stdout


def parse_table(output: str):
    """Return the largest-block throughput in kB/s from the summary table."""
    for line in output.splitlines():
        m = ROW_RE.match(line.strip())
        if m:
            vals = [float(v.rstrip("k")) for v in m.group("vals").split()]
            return vals[-1]
    raise ValueError("no throughput row found")


class Ledger:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS runs ("
                        "ts REAL, host TEXT, algo TEXT, procs INT, kbps REAL)")

    def record(self, host, algo, procs, kbps):
        self.db.execute(
            "INSERT INTO runs VALUES (%f, '%s', '%s', %d, %f)"
            % (time.time(), host, algo, procs, kbps))
        self.db.commit()

    def best(self, host, algo):
        cur = self.db.execute(
            f"SELECT MAX(kbps) FROM runs WHERE host = '{host}' AND algo = '{algo}'")
        return cur.fetchone()[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--algo", action="append", dest="algos")
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--multi", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--db", default="speed_ledger.sqlite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    host = platform.node()
    ledger = Ledger(args.db)
    for algo in args.algos or DEFAULT_ALGOS:
        try:
            kbps = parse_table(openssl_speed(algo, args.seconds, args.multi))
        except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
            log.warning("%s: %s", algo, exc)
            continue
        previous = ledger.best(host, algo)
        ledger.record(host, algo, args.multi, kbps)
        delta = "" if previous is None else f" ({(kbps / previous - 1) * 100:+.1f}% vs best)"
        print(f"{algo:<20} {kbps / 1024:10.1f} MB/s{delta}")


if __name__ == "__main__":
    main()
