#!/usr/bin/env python3
"""Reproducible GPU/CPU benchmark with locked clocks.

Benchmark numbers jump around when the GPU boosts and the CPU governor
scales down between kernels. This runner pins the GPU application clocks,
switches every CPU to the 'performance' governor, relaxes perf_event
restrictions so the profiler can attach, runs the matmul suite, and then
restores the previous settings.
"""
import argparse
import glob
import json
import logging
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import torch

log = logging.getLogger("stablebench")

GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"
PERF_PARANOID = "/proc/sys/kernel/perf_event_paranoid"


def run(cmd: list[str], check: bool = True) -> str:
    log.debug("+ %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {proc.stderr.strip()}")
    return proc.stdout.strip()


def query_gpu(field: str, index: int = 0) -> str:
    return run(["nvidia-smi", "-i", str(index), f"--query-gpu={field}", "--format=csv,noheader,nounits"])


def write_privileged(path: str, value: str) -> None:
    # tee under sudo because the benchmark itself runs as the normal user
    subprocess.run(["sudo", "tee", path], input=value + "\n", text=True,
                   stdout=subprocess.DEVNULL, check=True)


@contextmanager
def locked_gpu_clocks(index: int, graphics_mhz: int, memory_mhz: int | None):
    run(["sudo", "nvidia-smi", "-i", str(index), "-pm", "1"])
    run(["sudo", "nvidia-smi", "-i", str(index), "--lock-gpu-clocks", f"{graphics_mhz},{graphics_mhz}"])
    if memory_mhz:
        run(["sudo", "nvidia-smi", "-i", str(index), "--lock-memory-clocks", f"{memory_mhz},{memory_mhz}"])
    try:
        yield
    finally:
        run(["sudo", "nvidia-smi", "-i", str(index), "--reset-gpu-clocks"], check=False)
        if memory_mhz:
            run(["sudo", "nvidia-smi", "-i", str(index), "--reset-memory-clocks"], check=False)
        log.info("GPU clocks restored")


@contextmanager
def performance_governor():
    previous = {}
    for path in glob.glob(GOVERNOR_GLOB):
        previous[path] = Path(path).read_text().strip()
        write_privileged(path, "performance")
    paranoid_before = Path(PERF_PARANOID).read_text().strip()
    write_privileged(PERF_PARANOID, "-1")
    try:
        yield
    finally:
        for path, gov in previous.items():
            write_privileged(path, gov)
        write_privileged(PERF_PARANOID, paranoid_before)
        log.info("CPU governors and perf_event_paranoid restored")


def bench_gpu(sizes: list[int], repeats: int) -> list[dict]:
    out = []
    for n in sizes:
        a = torch.randn(n, n, device="cuda", dtype=torch.float16)
        b = torch.randn(n, n, device="cuda", dtype=torch.float16)
        for _ in range(5):
            a @ b
        torch.cuda.synchronize()
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            a @ b
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        med = float(np.median(times))
        out.append({"n": n, "median_s": med, "tflops": 2 * n ** 3 / med / 1e12,
                    "cv": float(np.std(times) / np.mean(times))})
        log.info("n=%-6d %.2f TFLOP/s (cv %.3f)", n, out[-1]["tflops"], out[-1]["cv"])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gpu", type=int, default=0)
    ap.add_argument("--graphics-clock", type=int, default=1410)
    ap.add_argument("--memory-clock", type=int)
    ap.add_argument("--sizes", default="2048,4096,8192")
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--out", default="stable_bench.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not torch.cuda.is_available():
        log.error("CUDA not available")
        return 1
    log.info("GPU %s, driver %s", query_gpu("name", args.gpu), query_gpu("driver_version", args.gpu))
    sizes = [int(x) for x in args.sizes.split(",")]
    torch.cuda.set_device(args.gpu)

    with performance_governor(), locked_gpu_clocks(args.gpu, args.graphics_clock, args.memory_clock):
        time.sleep(2)
        results = bench_gpu(sizes, args.repeats)
        temps = query_gpu("temperature.gpu,clocks.sm", args.gpu)

    report = {"gpu": query_gpu("name", args.gpu), "locked_mhz": args.graphics_clock,
              "end_state": temps, "results": results}
    Path(args.out).write_text(json.dumps(report, indent=2))
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
