#!/usr/bin/env python3
"""Submit a CFD parameter sweep to Slurm, one job per parameter combination.

sweep.toml (working directory):

    solver = "simpleFoam"
    case_template = "cases/template"
    partition = "compute"
    ntasks = 64
    walltime = "04:00:00"
    [parameters]
    inlet_velocity = [5.0, 10.0, 15.0]
    turbulence = ["kOmegaSST", "realizableKE"]
"""
import argparse
import itertools
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("sweep")

SCRIPT_DIR = Path("/tmp/sweep_jobs")

JOB_TEMPLATE = """#!/bin/bash
#SBATCH --job-name={name}
#SBATCH --partition={partition}
#SBATCH --ntasks={ntasks}
#SBATCH --time={walltime}
#SBATCH --output={case}/slurm-%j.out
set -euo pipefail
module load openfoam/2312 openmpi/4.1
cd {case}
decomposePar -force > log.decompose 2>&1
srun {solver} -parallel > log.{solver} 2>&1
reconstructPar -latestTime > log.reconstruct 2>&1
"""


def combos(params: dict):
    keys = sorted(params)
    for values in itertools.product(*(params[k] for k in keys)):
        yield dict(zip(keys, values))


def case_name(combo: dict) -> str:
    return "_".join(f"{k[:4]}{str(v).replace('.', 'p')}" for k, v in combo.items())


def prepare_case(template: Path, root: Path, combo: dict) -> Path:
    case = root / case_name(combo)
    if case.exists():
        shutil.rmtree(case)
    shutil.copytree(template, case)
    (case / "system" / "sweepDict").write_text(
        "\n".join(f"{k} {v};" for k, v in combo.items()) + "\n")
    return case.resolve()


def sbatch(script: Path, dependency: str = None) -> str:
    cmd = ["sbatch", "--parsable"]
    if dependency:
        cmd.append(f"--dependency=afterok:{dependency}")
    cmd.append(str(script))
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return res.stdout.strip().split(";")[0]


def queue_state(job_ids: list) -> dict:
    if not job_ids:
        return {}
    res = subprocess.run(["squeue", "-h", "-o", "%i %T", "-j", ",".join(job_ids)],
                         capture_output=True, text=True)
    states = {}
    for line in res.stdout.splitlines():
        jid, state = line.split(None, 1)
        states[jid] = state
    return states


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sweep", type=Path, default=Path("sweep.toml"))
    ap.add_argument("--cases", type=Path, default=Path("cases/sweep"))
    ap.add_argument("--chain", action="store_true", help="run jobs one after another")
    ap.add_argument("--wait", action="store_true", help="poll squeue until all jobs leave")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with args.sweep.open("rb") as fh:
        cfg = tomllib.load(fh)
    if shutil.which("sbatch") is None and not args.dry_run:
        log.error("sbatch not found; load the slurm module first")
        return 2

    SCRIPT_DIR.mkdir(exist_ok=True)
    args.cases.mkdir(parents=True, exist_ok=True)
    submitted, previous = {}, None
    for combo in combos(cfg["parameters"]):
        case = prepare_case(Path(cfg["case_template"]), args.cases, combo)
        name = f"sweep-{case.name}"
        script = SCRIPT_DIR / f"{name}.sbatch"
        script.write_text(JOB_TEMPLATE.format(
            name=name, partition=cfg.get("partition", "compute"),
            ntasks=cfg.get("ntasks", 32), walltime=cfg.get("walltime", "02:00:00"),
            case=case, solver=cfg["solver"]))
        os.chmod(script, 0o755)
        if args.dry_run:
            log.info("would submit %s", script)
            continue
        try:
            jid = sbatch(script, previous if args.chain else None)
        except subprocess.CalledProcessError as exc:
            log.error("sbatch failed for %s: %s", name, exc.stderr.strip())
            continue
        submitted[jid] = {"case": str(case), **combo}
        previous = jid
        log.info("submitted %s as job %s", name, jid)

    Path("sweep_jobs.json").write_text(json.dumps(submitted, indent=2))
    while args.wait and submitted:
        states = queue_state(list(submitted))
        if not states:
            log.info("all jobs have left the queue")
            break
        log.info("%s", ", ".join(f"{j}:{s}" for j, s in sorted(states.items())))
        time.sleep(60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
