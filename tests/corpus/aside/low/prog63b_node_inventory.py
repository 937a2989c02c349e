#!/usr/bin/env python3
"""Record the hardware/software context of a SLURM job for the experiment log.

Reads /proc/cpuinfo, /proc/meminfo, /etc/os-release and the SLURM_* job
variables, and writes ./run_context/<jobid>.json so results can be traced back
to the node they were produced on.
"""
import argparse
import json
import logging
import os
import platform
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("node-inventory")

SLURM_FIELDS = ("SLURM_JOB_ID", "SLURM_JOB_NAME", "SLURM_JOB_PARTITION", "SLURM_NODELIST",
                "SLURM_CPUS_PER_TASK", "SLURM_NTASKS", "SLURM_GPUS_ON_NODE", "SLURM_ARRAY_TASK_ID")


def parse_key_values(path: str, sep: str = ":") -> list:
    pairs = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if sep in line:
                    k, _, v = line.partition(sep)
                    pairs.append((k.strip(), v.strip().strip('"')))
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return pairs


def cpu_summary() -> dict:
    pairs = parse_key_values("/proc/cpuinfo")
    models = Counter(v for k, v in pairs if k == "model name")
    flags = next((v.split() for k, v in pairs if k == "flags"), [])
    return {
        "logical_cpus": sum(1 for k, _ in pairs if k == "processor"),
        "models": dict(models),
        "avx512": any(f.startswith("avx512") for f in flags),
        "avx2": "avx2" in flags,
    }


def memory_summary() -> dict:
    values = dict(parse_key_values("/proc/meminfo"))
    def kib(name):
        return int(values.get(name, "0 kB").split()[0])
    return {"total_gib": round(kib("MemTotal") / 2**20, 1),
            "available_gib": round(kib("MemAvailable") / 2**20, 1)}


def os_summary() -> dict:
    release = dict(parse_key_values("/etc/os-release", sep="="))
    return {"pretty_name": release.get("PRETTY_NAME"), "kernel": platform.release(),
            "python": platform.python_version()}


def slurm_summary() -> dict:
    return {name.lower(): os.environ[name] for name in SLURM_FIELDS if name in os.environ}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--outdir", type=Path, default=Path("run_context"))
    ap.add_argument("--tag", action="append", default=[], help="free-form label, repeatable")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    record = {
        "captured_at": datetime.now(timezone.utc).isoformat(),
        "host": platform.node(),
        "tags": args.tag,
        "cpu": cpu_summary(),
        "memory": memory_summary(),
        "os": os_summary(),
        "slurm": slurm_summary(),
    }
    job_id = record["slurm"].get("slurm_job_id", "interactive")
    args.outdir.mkdir(parents=True, exist_ok=True)
    out = args.outdir / f"{job_id}.json"
    out.write_text(json.dumps(record, indent=2, sort_keys=True))
    LOG.info("wrote %s (%d logical CPUs, %.1f GiB RAM)", out,
             record["cpu"]["logical_cpus"], record["memory"]["total_gib"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
