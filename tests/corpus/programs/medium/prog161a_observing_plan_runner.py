#!/usr/bin/env python3
"""Run the plate-solving steps of tonight's observing plan.

The plan is a YAML file the duty astronomer edits during the afternoon.
For each target it lists the frames to solve and the hints (RA/Dec, scale)
passed to astrometry.net's solve-field.
"""
import argparse
import logging
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("plan-runner")

SOLVER = {
    "binary": "solve-field",
    "base_args": ["--overwrite", "--no-plots", "--downsample", "2"],
    "timeout": 300,
}


def load_plan(path):
    with open(path, "r", encoding="utf-8") as fh:
        plan = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(plan, dict) or "targets" not in plan:
        raise ValueError("plan has no 'targets' section")
    return plan


def solver_args(target, frame, out_dir):
    args = [SOLVER["binary"], *SOLVER["base_args"], "--dir", str(out_dir)]
    hints = target.get("hints", {})
    if "ra" in hints and "dec" in hints:
        args += ["--ra", str(hints["ra"]), "--dec", str(hints["dec"]),
                 "--radius", str(hints.get("radius", 2))]
    if "scale_low" in hints and "scale_high" in hints:
        args += ["--scale-units", "arcsecperpix",
                 "--scale-low", str(hints["scale_low"]),
                 "--scale-high", str(hints["scale_high"])]
    args.append(str(frame))
    return args


def solve(target, frame, out_dir, dry_run):
    cmd = solver_args(target, frame, out_dir)
    LOG.info("%s: %s", target["name"], shlex.join(cmd))
    if dry_run:
        return True
    try:
        res = subprocess.run(cmd, capture_output=True, text=True,
                             timeout=SOLVER["timeout"], check=False)
    except subprocess.TimeoutExpired:
        LOG.warning("%s timed out", frame.name)
        return False
    solved = (out_dir / (frame.stem + ".solved")).exists()
    if res.returncode != 0 or not solved:
        LOG.warning("%s not solved: %s", frame.name, res.stderr.strip()[-200:])
    return solved


def compress(frame, dry_run):
    if dry_run or frame.suffix == ".gz":
        return
    subprocess.run(["gzip", "-9", "--keep", str(frame)], check=False)


def run_plan(plan, frames_root, out_root, dry_run):
    results = {}
    for target in plan["targets"]:
        name = target["name"]
        frame_dir = frames_root / target.get("folder", name)
        out_dir = out_root / name
        out_dir.mkdir(parents=True, exist_ok=True)
        frames = sorted(frame_dir.glob(target.get("pattern", "*.fits")))
        ok = 0
        for frame in frames:
            if solve(target, frame, out_dir, dry_run):
                ok += 1
                if plan.get("compress_solved"):
                    compress(frame, dry_run)
        results[name] = (ok, len(frames))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan", type=Path)
    ap.add_argument("--frames", type=Path, default=Path("frames"))
    ap.add_argument("--out", type=Path, default=Path("solved"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plan = load_plan(args.plan)
    results = run_plan(plan, args.frames, args.out, args.dry_run)
    for name, (ok, total) in results.items():
        print("%-20s %3d/%-3d solved" % (name, ok, total))
    return 0 if all(ok == total for ok, total in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
