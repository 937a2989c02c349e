#!/usr/bin/env python3
"""Run the dense-kernel micro-benchmarks with a pinned CPU frequency.

Frequency scaling and turbo make run-to-run timings of the stencil kernels
noisy, so the harness switches every core to the "performance" governor and
turns turbo off for the duration of the benchmark, then restores both.
"""
import argparse
import glob
import json
import logging
import statistics
import time
from contextlib import contextmanager
from pathlib import Path

LOG = logging.getLogger("bench")
GOV_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"
NO_TURBO = Path("/sys/devices/system/cpu/intel_pstate/no_turbo")
BOOST = Path("/sys/devices/system/cpu/cpufreq/boost")


def _read(path):
    return Path(path).read_text().strip()


def _write(path, value):
    with open(path, "w") as fh:
        fh.write(str(value))


@contextmanager
def pinned_frequency(governor="performance"):
    saved = {p: _read(p) for p in glob.glob(GOV_GLOB)}
    turbo_file = NO_TURBO if NO_TURBO.exists() else (BOOST if BOOST.exists() else None)
    saved_turbo = _read(turbo_file) if turbo_file else None
    try:
        for path in saved:
            _write(path, governor)
        if turbo_file is NO_TURBO:
            _write(NO_TURBO, 1)
        elif turbo_file is BOOST:
            _write(BOOST, 0)
        LOG.info("pinned %d cores to %s, turbo off", len(saved), governor)
        yield
    finally:
        for path, value in saved.items():
            try:
                _write(path, value)
            except OSError as exc:
                LOG.warning("could not restore %s: %s", path, exc)
        if turbo_file and saved_turbo is not None:
            _write(turbo_file, saved_turbo)
        LOG.info("frequency settings restored")


def stencil_5pt(n, sweeps):
    grid = [[float((i * j) % 7) for j in range(n)] for i in range(n)]
    for _ in range(sweeps):
        new = [row[:] for row in grid]
        for i in range(1, n - 1):
            up, mid, down = grid[i - 1], grid[i], grid[i + 1]
            out = new[i]
            for j in range(1, n - 1):
                out[j] = 0.25 * (up[j] + down[j] + mid[j - 1] + mid[j + 1])
        grid = new
    return grid[n // 2][n // 2]


def matmul(n):
    a = [[(i + j) % 5 for j in range(n)] for i in range(n)]
    b = [[(i * j) % 3 for j in range(n)] for i in range(n)]
    bt = list(zip(*b))
    return sum(sum(x * y for x, y in zip(row, col)) for row in a for col in bt)


KERNELS = {"stencil": lambda n: stencil_5pt(n, 20), "matmul": matmul}


def time_kernel(fn, size, repeats):
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(size)
        samples.append(time.perf_counter() - t0)
    return samples


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--size", type=int, default=120)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--no-pin", action="store_true")
    ap.add_argument("--out", default="bench_results.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    results = {}
    ctx = pinned_frequency() if not args.no_pin else contextmanager(lambda: (yield))()
    with ctx:
        for name, fn in KERNELS.items():
            s = time_kernel(fn, args.size, args.repeats)
            results[name] = {"median_s": statistics.median(s), "stdev_s": statistics.stdev(s)}
            LOG.info("%-8s median %.4f s  (cv %.1f%%)", name, results[name]["median_s"],
                     100 * results[name]["stdev_s"] / results[name]["median_s"])
    Path(args.out).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
