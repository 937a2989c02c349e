#!/usr/bin/env python3
"""Resume a long-running particle simulation from its newest checkpoint.

Checkpoints are written by the solver as ``ckpt_<step>.pkl`` into the job's
checkpoint directory.  When Slurm requeues the job (preemption, node
failure), this helper finds the newest intact checkpoint, restores the
solver state, and reports the remaining time limit via ``squeue``.
"""
import argparse
import logging
import os
import re
import subprocess
from pathlib import Path
from pickle import UnpicklingError
from pickle import load as restore_state

log = logging.getLogger("resume")
CKPT_RE = re.compile(r"ckpt_(\d+)\.pkl$")


class SolverState:
    def __init__(self, step=0, positions=None, velocities=None, rng_state=None):
        self.step = step
        self.positions = positions or []
        self.velocities = velocities or []
        self.rng_state = rng_state

    def __repr__(self):
        return f"<SolverState step={self.step} n={len(self.positions)}>"


def checkpoints(ckpt_dir: Path):
    found = []
    for p in ckpt_dir.iterdir():
        m = CKPT_RE.search(p.name)
        if m:
            found.append((int(m.group(1)), p))
    return [p for _, p in sorted(found, reverse=True)]


def load_newest(ckpt_dir: Path):
    for path in checkpoints(ckpt_dir):
        try:
            with path.open("rb") as fh:
                state = restore_state(fh)
            log.info("restored %r from %s", state, path.name)
            return state
        except (EOFError, UnpicklingError, AttributeError) as exc:
            log.warning("checkpoint %s unreadable (%s), trying older", path.name, exc)
    return None


def remaining_time(job_id: str) -> str:
    try:
        out = subprocess.run(["squeue", "-h", "-j", job_id, "-o", "%L"],
                             capture_output=True, text=True, timeout=20, check=True)
        return out.stdout.strip() or "unknown"
    except (subprocess.SubprocessError, FileNotFoundError) as exc:
        log.warning("squeue failed: %s", exc)
        return "unknown"


def plan_steps(state, total_steps: int, steps_per_minute: float, limit: str) -> int:
    left = total_steps - state.step
    m = re.match(r"(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$", limit)
    if not m:
        return left
    d, h, mnt, _ = (int(x or 0) for x in m.groups())
    minutes = d * 1440 + h * 60 + mnt - 5
    return max(0, min(left, int(minutes * steps_per_minute)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt-dir", default=os.environ.get("CKPT_DIR", "checkpoints"))
    ap.add_argument("--total-steps", type=int, required=True)
    ap.add_argument("--rate", type=float, default=120.0, help="steps per minute")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    state = load_newest(Path(args.ckpt_dir)) or SolverState()
    job = os.environ.get("SLURM_JOB_ID")
    limit = remaining_time(job) if job else "unknown"
    budget = plan_steps(state, args.total_steps, args.rate, limit)
    log.info("resuming at step %d, time left %s, will run %d steps",
             state.step, limit, budget)
    print(f"RESUME_STEP={state.step}\nRUN_STEPS={budget}")


if __name__ == "__main__":
    main()
