#!/usr/bin/env python3
"""Runs the project's test modules in parallel, each in its own Python
subprocess, and prints a summary. Exit status 1 when any failed."""
import argparse
import concurrent.futures
import logging
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("runner")


def run_one(path: Path, timeout: int):
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", str(path)],
                          capture_output=True, text=True, timeout=timeout)
    return path, proc.returncode, time.monotonic() - started, proc.stdout[-2000:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tests", default="tests")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    modules = sorted(Path(args.tests).glob("test_*.py"))
    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_one, m, args.timeout) for m in modules]
        for fut in concurrent.futures.as_completed(futures):
            path, code, secs, tail = fut.result()
            log.info("%-40s %s %.1fs", path, "ok" if code == 0 else "FAILED", secs)
            if code:
                failed.append(path)
                log.info(tail)
    log.info("%d modules, %d failed", len(modules), len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
