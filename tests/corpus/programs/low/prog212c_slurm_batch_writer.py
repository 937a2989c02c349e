#!/usr/bin/env python3
"""slurm_batch_writer.py -- generate SLURM batch scripts for a parameter scan.

Reads a small JSON scan description, expands the parameter grid and writes
one batch script per point into ./jobs/. The scripts are only written; the
user reviews them and submits with `sbatch jobs/*.sh` as usual.

Example scan.json:
    {"name": "bfield_scan", "partition": "short", "time": "02:00:00",
     "module": "root/6.30", "macro": "sim/run_geant.py",
     "grid": {"bfield": [0.5, 1.0, 1.5], "seed": [1, 2]}}

Usage:
    slurm_batch_writer.py scan.json [--outdir jobs] [--cpus N] [--force]
"""

import argparse
import hashlib
import itertools
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("slurm_batch_writer")

TEMPLATE = """#!/bin/bash
#SBATCH --job-name={job}
#SBATCH --partition={partition}
#SBATCH --time={time}
#SBATCH --cpus-per-task={cpus}
#SBATCH --output={outdir}/logs/{job}_%j.out

set -euo pipefail
module load {module}

export SCAN_PARAMS='{params_json}'
export SCAN_OUT="{outdir}/results/{job}.json"

# unpack the parameters for the macro, which reads them from argv
ARGS=$(python3 - <<'PYEOF'
import json, os
p = json.loads(os.environ["SCAN_PARAMS"])
print(" ".join(f"--{{k}}={{v}}" for k, v in sorted(p.items())))
PYEOF
)
srun python3 {macro} $ARGS --output "$SCAN_OUT"
"""


class ScanConfig:
    REQUIRED = ("name", "partition", "time", "module", "macro", "grid")

    def __init__(self, path: Path):
        with path.open() as fh:
            self.raw = json.load(fh)
        missing = [k for k in self.REQUIRED if k not in self.raw]
        if missing:
            raise ValueError(f"scan file is missing: {', '.join(missing)}")
        if not isinstance(self.raw["grid"], dict) or not self.raw["grid"]:
            raise ValueError("grid must be a non-empty object")

    def points(self):
        keys = sorted(self.raw["grid"])
        for values in itertools.product(*(self.raw["grid"][k] for k in keys)):
            yield dict(zip(keys, values))


def node_cpus() -> int:
    """Default CPUs per task: a quarter of this machine's cores, at least 1."""
    try:
        text = Path("/proc/cpuinfo").read_text()
        cores = sum(1 for line in text.splitlines() if line.startswith("processor"))
    except OSError:
        cores = os.cpu_count() or 4
    return max(1, cores // 4)


def job_name(scan: str, params: dict) -> str:
    key = json.dumps(params, sort_keys=True).encode()
    return f"{scan}_{hashlib.md5(key).hexdigest()[:8]}"


def write_jobs(cfg: ScanConfig, outdir: Path, cpus: int, force: bool) -> int:
    (outdir / "logs").mkdir(parents=True, exist_ok=True)
    (outdir / "results").mkdir(parents=True, exist_ok=True)
    written = skipped = 0
    index = []
    for params in cfg.points():
        job = job_name(cfg.raw["name"], params)
        path = outdir / f"{job}.sh"
        index.append({"job": job, "params": params})
        if path.exists() and not force:
            skipped += 1
            continue
        path.write_text(TEMPLATE.format(
            job=job, partition=cfg.raw["partition"], time=cfg.raw["time"],
            cpus=cpus, outdir=outdir.resolve(), module=cfg.raw["module"],
            macro=cfg.raw["macro"], params_json=json.dumps(params, sort_keys=True),
        ))
        os.chmod(path, 0o600)
        written += 1
    (outdir / "index.json").write_text(json.dumps(index, indent=2))
    log.info("%d script(s) written, %d already present", written, skipped)
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Write SLURM scripts for a parameter scan")
    ap.add_argument("scan", type=Path)
    ap.add_argument("--outdir", type=Path, default=Path("jobs"))
    ap.add_argument("--cpus", type=int, default=None)
    ap.add_argument("--force", action="store_true", help="overwrite existing scripts")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        cfg = ScanConfig(args.scan)
    except (OSError, ValueError) as exc:
        log.error("cannot read scan: %s", exc)
        return 1
    cpus = args.cpus or node_cpus()
    n = write_jobs(cfg, args.outdir, cpus, args.force)
    print(f"review the scripts in {args.outdir}/ and submit with: sbatch {args.outdir}/*.sh")
    return 0 if n or args.outdir.exists() else 1


if __name__ == "__main__":
    sys.exit(main())
