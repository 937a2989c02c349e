#!/usr/bin/env python3
"""Render and submit a Slurm job array for a parameter sweep.

Writes the batch script into ./jobs, submits it with `sbatch`, and polls
`squeue` until the array finishes. All commands run as the invoking user.
"""
import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

TEMPLATE = """#!/bin/bash
#SBATCH --job-name={name}
#SBATCH --array=0-{last}%{concurrency}
#SBATCH --partition={partition}
#SBATCH --time={walltime}
#SBATCH --cpus-per-task={cpus}
#SBATCH --mem={mem}
#SBATCH --output=logs/%x_%A_%a.out

module load gcc/12.2 openmpi/4.1
CASE=$(sed -n "$((SLURM_ARRAY_TASK_ID+1))p" {case_list})
srun ./bin/heat_solver --config "$CASE" --threads $SLURM_CPUS_PER_TASK
"""


def render(args, case_list: Path) -> Path:
    n_cases = sum(1 for line in case_list.read_text().splitlines() if line.strip())
    script = TEMPLATE.format(
        name=args.name, last=n_cases - 1, concurrency=args.concurrency,
        partition=args.partition, walltime=args.walltime, cpus=args.cpus,
        mem=args.mem, case_list=case_list,
    )
    jobs = Path("jobs")
    jobs.mkdir(exist_ok=True)
    Path("logs").mkdir(exist_ok=True)
    path = jobs / f"{args.name}.sbatch"
    path.write_text(script)
    return path


def submit(script: Path) -> str:
    result = subprocess.run(["sbatch", "--parsable", str(script)],
                            capture_output=True, text=True, check=True)
    return result.stdout.strip().split(";")[0]


def pending_tasks(job_id: str) -> int:
    result = subprocess.run(["squeue", "-h", "-j", job_id, "-o", "%i %T"],
                            capture_output=True, text=True)
    return len([l for l in result.stdout.splitlines() if l.strip()])


def accounting(job_id: str):
    result = subprocess.run(
        ["sacct", "-j", job_id, "-n", "-P", "-o", "JobID,State,Elapsed,MaxRSS"],
        capture_output=True, text=True)
    rows = []
    for line in result.stdout.splitlines():
        parts = line.split("|")
        if len(parts) == 4:
            rows.append(dict(zip(["job", "state", "elapsed", "maxrss"], parts)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case_list", type=Path)
    ap.add_argument("--name", default="heat_sweep")
    ap.add_argument("--partition", default="compute")
    ap.add_argument("--walltime", default="02:00:00")
    ap.add_argument("--cpus", type=int, default=8)
    ap.add_argument("--mem", default="16G")
    ap.add_argument("--concurrency", type=int, default=20)
    ap.add_argument("--wait", action="store_true")
    args = ap.parse_args()

    script = render(args, args.case_list)
    job_id = submit(script)
    print(f"submitted array job {job_id} ({script})")
    if not args.wait:
        return 0
    while True:
        n = pending_tasks(job_id)
        if n == 0:
            break
        print(f"  {n} tasks pending/running...")
        time.sleep(60)
    rows = accounting(job_id)
    Path(f"jobs/{job_id}_sacct.json").write_text(json.dumps(rows, indent=2))
    failed = [r for r in rows if r["state"] not in ("COMPLETED",)]
    print(f"finished: {len(rows)} steps, {len(failed)} not completed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
