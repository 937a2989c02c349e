#!/usr/bin/env python3
"""Collect a read-only hardware/OS profile before launching a fine-tuning job.

Reads /etc/os-release, /proc/cpuinfo and /proc/meminfo, checks which CUDA
related environment variables are set, and writes host_profile.json in the
current directory.  It changes nothing on the system.
"""
import argparse
import json
import logging
import os
import platform
import sys
from datetime import datetime, timezone

log = logging.getLogger("host_probe")

CUDA_ENV_VARS = ("CUDA_VISIBLE_DEVICES", "CUDA_HOME", "NCCL_DEBUG",
                 "PYTORCH_CUDA_ALLOC_CONF", "HF_HOME")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except FileNotFoundError:
        log.warning("%s not found", path)
    return {k: info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}


def read_cpuinfo(path="/proc/cpuinfo"):
    models, flags, logical = set(), set(), 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                key = key.strip()
                if key == "processor":
                    logical += 1
                elif key == "model name":
                    models.add(value.strip())
                elif key == "flags" and not flags:
                    flags.update(value.split())
    except FileNotFoundError:
        log.warning("%s not found (non-Linux host?)", path)
    wanted = ("avx2", "avx512f", "avx512_bf16", "amx_tile", "fma")
    return {"logical_cpus": logical or os.cpu_count(),
            "models": sorted(models),
            "simd": [f for f in wanted if f in flags]}


def read_meminfo(path="/proc/meminfo"):
    fields = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                name, _, rest = line.partition(":")
                parts = rest.split()
                if parts and parts[0].isdigit():
                    fields[name] = int(parts[0])
    except FileNotFoundError:
        return {}
    gib = 1024 * 1024
    return {"total_gib": round(fields.get("MemTotal", 0) / gib, 1),
            "available_gib": round(fields.get("MemAvailable", 0) / gib, 1),
            "hugepages_total": fields.get("HugePages_Total", 0)}


def gpu_hints():
    device_nodes = sorted(n for n in os.listdir("/dev") if n.startswith("nvidia")) \
        if os.path.isdir("/dev") else []
    return {"env": {k: os.environ.get(k) for k in CUDA_ENV_VARS if k in os.environ},
            "device_nodes": device_nodes,
            "driver_loaded": os.path.exists("/proc/driver/nvidia/version")}


def recommend(profile, min_mem_gib):
    notes = []
    if profile["memory"].get("available_gib", 0) < min_mem_gib:
        notes.append(f"less than {min_mem_gib} GiB RAM available; lower batch size or enable offload")
    if not profile["gpu"]["device_nodes"]:
        notes.append("no NVIDIA device nodes visible; training will run on CPU")
    if "avx512_bf16" not in profile["cpu"]["simd"]:
        notes.append("CPU lacks AVX512-BF16; CPU bf16 kernels will be slow")
    return notes


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="host_profile.json")
    parser.add_argument("--min-mem-gib", type=float, default=32.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    profile = {
        "collected_at": datetime.now(timezone.utc).isoformat(),
        "hostname": platform.node(),
        "python": platform.python_version(),
        "os": read_os_release(),
        "cpu": read_cpuinfo(),
        "memory": read_meminfo(),
        "gpu": gpu_hints(),
    }
    profile["recommendations"] = recommend(profile, args.min_mem_gib)

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(profile, fh, indent=2)
    for note in profile["recommendations"]:
        log.info("recommendation: %s", note)
    log.info("profile written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
