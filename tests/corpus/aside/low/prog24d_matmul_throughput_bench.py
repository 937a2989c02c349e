#!/usr/bin/env python3
"""Matrix-multiply throughput benchmark for CPU (numpy) and GPU (torch).

Prints GFLOP/s for a range of sizes and dtypes and writes a JSON report
(bench_results/<host>-<timestamp>.json) including basic machine info taken
from /proc/cpuinfo and /etc/os-release so results can be compared later.
"""
import argparse
import json
import logging
import os
import platform
import statistics
import time
from pathlib import Path

import numpy as np

try:
    import torch
except ImportError:  # CPU-only machines
    torch = None

log = logging.getLogger("mmbench")


def read_os_release(path: str = "/etc/os-release") -> dict:
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, val = line.strip().partition("=")
                    info[key] = val.strip('"')
    except OSError:
        pass
    return info


def read_cpu_model(path: str = "/proc/cpuinfo") -> dict:
    model, flags, cores = "unknown", set(), 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("flags") and not flags:
                    flags = set(line.split(":", 1)[1].split())
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return {"model": model, "logical_cpus": cores,
            "avx2": "avx2" in flags, "avx512f": "avx512f" in flags}


def time_it(fn, repeats: int) -> list:
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return samples


def bench_numpy(n: int, dtype: str, repeats: int) -> float:
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n)).astype(dtype)
    b = rng.standard_normal((n, n)).astype(dtype)
    a @ b  # warm-up
    best = min(time_it(lambda: a @ b, repeats))
    return 2 * n ** 3 / best / 1e9


def bench_torch(n: int, dtype: str, repeats: int) -> float | None:
    if torch is None or not torch.cuda.is_available():
        return None
    dt = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}[dtype]
    a = torch.randn(n, n, device="cuda", dtype=dt)
    b = torch.randn(n, n, device="cuda", dtype=dt)
    for _ in range(3):
        a @ b
    torch.cuda.synchronize()

    def run():
        a @ b
        torch.cuda.synchronize()

    samples = time_it(run, repeats)
    return 2 * n ** 3 / statistics.median(samples) / 1e9


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="512,1024,2048,4096")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--skip-gpu", action="store_true")
    ap.add_argument("--out-dir", default="bench_results")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    report = {
        "host": platform.node(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "os": read_os_release().get("PRETTY_NAME", platform.platform()),
        "cpu": read_cpu_model(),
        "gpu": torch.cuda.get_device_name(0) if torch is not None and torch.cuda.is_available() else None,
        "results": [],
    }
    log.info("CPU: %s (%d threads)", report["cpu"]["model"], report["cpu"]["logical_cpus"])
    if report["gpu"]:
        log.info("GPU: %s", report["gpu"])

    for n in sizes:
        for dtype in ("float32", "float64"):
            gflops = bench_numpy(n, dtype, args.repeats)
            report["results"].append({"backend": "numpy", "n": n, "dtype": dtype, "gflops": round(gflops, 1)})
            log.info("numpy %-8s n=%-5d %8.1f GFLOP/s", dtype, n, gflops)
        if args.skip_gpu:
            continue
        for dtype in ("float32", "float16", "bfloat16"):
            gflops = bench_torch(n, dtype, args.repeats)
            if gflops is None:
                break
            report["results"].append({"backend": "torch-cuda", "n": n, "dtype": dtype, "gflops": round(gflops, 1)})
            log.info("cuda  %-8s n=%-5d %8.1f GFLOP/s", dtype, n, gflops)

    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    out_file = out_dir / f"{report['host']}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out_file.write_text(json.dumps(report, indent=2))
    os.chmod(out_file, 0o600)
    log.info("report written to %s", out_file)


if __name__ == "__main__":
    main()
