#!/usr/bin/env python3
"""Run a short hashing benchmark on N worker processes and report throughput.

Each worker is a generated helper script executed by the current interpreter
so that the benchmark runs in fresh processes without our imports loaded.
"""
import argparse
import asyncio
import json
import logging
import os
import statistics
import sys
import tempfile

log = logging.getLogger("bench")

WORKER_SOURCE = r'''
import hashlib, json, sys, time
algo, seconds, block = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
payload = bytes(range(256)) * (block // 256)
h = hashlib.new(algo)
done = 0
deadline = time.perf_counter() + seconds
while time.perf_counter() < deadline:
    for _ in range(64):
        h.update(payload)
    done += 64 * len(payload)
print(json.dumps({"bytes": done, "seconds": seconds}))
'''


def write_worker() -> str:
    path = tempfile.mktemp(prefix="bench_worker_", suffix=".py")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(WORKER_SOURCE)
    return path


async def run_worker(idx: int, script: str, algo: str, seconds: float,
                     block: int) -> float:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, script, algo, str(seconds), str(block),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    if proc.returncode != 0:
        log.error("worker %d failed: %s", idx, err.decode(errors="replace"))
        return 0.0
    result = json.loads(out)
    rate = result["bytes"] / result["seconds"] / 1e6
    log.debug("worker %d: %.1f MB/s", idx, rate)
    return rate


async def run_all(args) -> list:
    script = write_worker()
    try:
        tasks = [run_worker(i, script, args.algo, args.seconds, args.block)
                 for i in range(args.workers)]
        return await asyncio.gather(*tasks)
    finally:
        try:
            os.unlink(script)
        except OSError:
            pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-w", "--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-s", "--seconds", type=float, default=3.0)
    ap.add_argument("-a", "--algo", default="sha256",
                    choices=["sha256", "sha512", "blake2b", "sha3_256"])
    ap.add_argument("-b", "--block", type=int, default=64 * 1024)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.workers < 1:
        ap.error("need at least one worker")
    rates = asyncio.run(run_all(args))
    ok = [r for r in rates if r > 0]
    if not ok:
        log.error("no worker produced a result")
        return 1
    summary = {"algo": args.algo, "workers": len(ok), "total_mb_s": sum(ok),
               "median_mb_s": statistics.median(ok)}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{args.algo}: {summary['total_mb_s']:.1f} MB/s total, "
              f"{summary['median_mb_s']:.1f} MB/s median over {len(ok)} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
