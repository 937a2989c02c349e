#!/usr/bin/env python3
"""Checkpoint manager for a long-running molecular dynamics job.

Stores state arrays as .npz files (no pickling) in ./checkpoints, keeps a
JSON manifest, prunes old checkpoints beyond a retention count, and
restricts checkpoint files to the owner with chmod 0o600.
"""
import json
import os
import time
from pathlib import Path

import numpy as np

CKPT_DIR = Path("checkpoints")
MANIFEST = CKPT_DIR / "manifest.json"
KEEP_LAST = 3


def _load_manifest():
    if MANIFEST.exists():
        with open(MANIFEST, "r", encoding="utf-8") as fh:
            return json.load(fh)
    return {"checkpoints": []}


def _save_manifest(manifest):
    tmp = MANIFEST.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=2)
    os.replace(tmp, MANIFEST)


def save_checkpoint(step, positions, velocities, box):
    CKPT_DIR.mkdir(exist_ok=True)
    path = CKPT_DIR / f"state_{step:09d}.npz"
    np.savez_compressed(path, positions=positions, velocities=velocities,
                        box=box, step=np.array(step))
    os.chmod(path, 0o600)
    manifest = _load_manifest()
    manifest["checkpoints"].append({"step": step, "file": path.name,
                                    "written": time.time()})
    _save_manifest(manifest)
    prune(manifest)
    return path


def prune(manifest=None):
    manifest = manifest or _load_manifest()
    entries = sorted(manifest["checkpoints"], key=lambda e: e["step"])
    stale, fresh = entries[:-KEEP_LAST], entries[-KEEP_LAST:]
    for entry in stale:
        victim = CKPT_DIR / entry["file"]
        if victim.exists():
            victim.unlink()
    manifest["checkpoints"] = fresh
    _save_manifest(manifest)


def latest_checkpoint():
    manifest = _load_manifest()
    if not manifest["checkpoints"]:
        return None
    entry = max(manifest["checkpoints"], key=lambda e: e["step"])
    with np.load(CKPT_DIR / entry["file"], allow_pickle=False) as data:
        return {k: data[k] for k in data.files}


def integrate(positions, velocities, dt, steps):
    # toy harmonic-trap integrator (velocity Verlet)
    k = 1.0
    acc = -k * positions
    for _ in range(steps):
        positions = positions + velocities * dt + 0.5 * acc * dt * dt
        new_acc = -k * positions
        velocities = velocities + 0.5 * (acc + new_acc) * dt
        acc = new_acc
    return positions, velocities


def main():
    state = latest_checkpoint()
    if state is None:
        rng = np.random.default_rng(42)
        positions = rng.normal(size=(1000, 3))
        velocities = np.zeros_like(positions)
        box = np.array([10.0, 10.0, 10.0])
        step = 0
    else:
        positions, velocities = state["positions"], state["velocities"]
        box, step = state["box"], int(state["step"])
        print(f"resuming from step {step}")

    for _ in range(5):
        positions, velocities = integrate(positions, velocities, 0.01, 200)
        step += 200
        path = save_checkpoint(step, positions, velocities, box)
        energy = 0.5 * float((velocities ** 2).sum() + (positions ** 2).sum())
        print(f"step {step:7d}  E={energy:.4f}  -> {path}")


if __name__ == "__main__":
    main()
