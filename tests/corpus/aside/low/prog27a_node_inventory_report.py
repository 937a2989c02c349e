#!/usr/bin/env python3
"""Summarize the compute node for a benchmark report.

Reads /etc/os-release, /proc/cpuinfo and /proc/meminfo, picks a sensible
MPI rank/thread layout, and writes a Markdown report plus a suggested
(not submitted) Slurm header into the working directory.
"""
import json
import os
import platform
from collections import Counter
from pathlib import Path


def read_os_release():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, val = line.strip().partition("=")
                    info[key] = val.strip('"')
    except FileNotFoundError:
        pass
    return info


def read_cpuinfo():
    models, physical, cores = Counter(), set(), {}
    flags = set()
    current_phys = None
    with open("/proc/cpuinfo", encoding="utf-8") as fh:
        for line in fh:
            if ":" not in line:
                continue
            key, _, val = (s.strip() for s in line.partition(":"))
            if key == "model name":
                models[val] += 1
            elif key == "physical id":
                current_phys = val
                physical.add(val)
            elif key == "cpu cores" and current_phys is not None:
                cores[current_phys] = int(val)
            elif key == "flags" and not flags:
                flags = set(val.split())
    return {
        "logical_cpus": sum(models.values()),
        "model": models.most_common(1)[0][0] if models else "unknown",
        "sockets": max(len(physical), 1),
        "physical_cores": sum(cores.values()) or sum(models.values()),
        "avx512": "avx512f" in flags,
        "avx2": "avx2" in flags,
    }


def read_meminfo_gb():
    with open("/proc/meminfo", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    return 0.0


def suggest_layout(cpu):
    ranks = cpu["sockets"] * 2
    threads = max(cpu["physical_cores"] // ranks, 1)
    return ranks, threads


def main():
    osr = read_os_release()
    cpu = read_cpuinfo()
    mem = read_meminfo_gb()
    ranks, threads = suggest_layout(cpu)

    report = Path("node_report.md")
    lines = [
        f"# Node report: {platform.node()}",
        "",
        f"- OS: {osr.get('PRETTY_NAME', 'unknown')}",
        f"- Kernel: {platform.release()}",
        f"- CPU: {cpu['model']} x{cpu['sockets']} sockets",
        f"- Cores: {cpu['physical_cores']} physical / {cpu['logical_cpus']} logical",
        f"- SIMD: AVX2={cpu['avx2']} AVX-512={cpu['avx512']}",
        f"- Memory: {mem:.1f} GiB",
        "",
        "## Suggested hybrid layout",
        f"{ranks} MPI ranks x {threads} OpenMP threads",
    ]
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")

    header = Path("suggested_header.sbatch")
    header.write_text(
        "#!/bin/bash\n"
        "#SBATCH --nodes=1\n"
        f"#SBATCH --ntasks-per-node={ranks}\n"
        f"#SBATCH --cpus-per-task={threads}\n"
        f"#SBATCH --mem={int(mem * 0.9)}G\n"
        f"export OMP_NUM_THREADS={threads}\n",
        encoding="utf-8",
    )
    Path("node_info.json").write_text(
        json.dumps({"os": osr, "cpu": cpu, "mem_gib": mem,
                    "cwd": os.getcwd()}, indent=2), encoding="utf-8")
    print(f"wrote {report}, {header} and node_info.json")


if __name__ == "__main__":
    main()
