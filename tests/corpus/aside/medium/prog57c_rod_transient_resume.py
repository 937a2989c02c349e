#!/usr/bin/env python3
"""Transient 1-D heat conduction in a rod with resumable checkpoints.

Explicit finite differences; the state is checkpointed every N steps so that
long runs on the shared workstation can be interrupted and resumed.
"""
import argparse
import logging
import pickle as pkl
from dataclasses import dataclass, field
from pathlib import Path

import yaml

LOG = logging.getLogger("rodtransient")


@dataclass
class State:
    step: int
    time: float
    temps: list
    history: list = field(default_factory=list)


def load_case(path):
    with open(path, encoding="utf-8") as fh:
        # case files may carry !!python/tuple tags written by the old GUI
        return yaml.load(fh, Loader=yaml.Loader)


def initial_state(cfg):
    n = int(cfg["nodes"])
    t0 = float(cfg.get("T_initial", 293.15))
    return State(step=0, time=0.0, temps=[t0] * n)


def save_checkpoint(state, path):
    tmp = path.with_suffix(".part")
    with tmp.open("wb") as fh:
        pkl.dump(state, fh, protocol=pkl.HIGHEST_PROTOCOL)
    tmp.replace(path)


def load_checkpoint(path):
    with path.open("rb") as fh:
        return pkl.load(fh)


def advance(state, cfg, dt):
    alpha = float(cfg["diffusivity"])
    dx = float(cfg["length"]) / (len(state.temps) - 1)
    r = alpha * dt / dx ** 2
    if r > 0.5:
        raise ValueError(f"unstable: r={r:.3f} > 0.5, reduce dt")
    t = state.temps
    new = t[:]
    for i in range(1, len(t) - 1):
        new[i] = t[i] + r * (t[i - 1] - 2 * t[i] + t[i + 1])
    new[0] = float(cfg["T_left"])
    new[-1] = new[-2] if cfg.get("right_insulated", True) else float(cfg["T_right"])
    state.temps = new
    state.step += 1
    state.time += dt


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case")
    ap.add_argument("--dt", type=float, default=0.05)
    ap.add_argument("--t-end", type=float, default=600.0)
    ap.add_argument("--every", type=int, default=500)
    ap.add_argument("--checkpoint", default="rod_state.pkl")
    ap.add_argument("--fresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_case(args.case)
    ckpt = Path(args.checkpoint)
    if ckpt.exists() and not args.fresh:
        state = load_checkpoint(ckpt)
        LOG.info("resumed at step %d (t=%.1f s)", state.step, state.time)
    else:
        state = initial_state(cfg)

    try:
        while state.time < args.t_end:
            advance(state, cfg, args.dt)
            if state.step % args.every == 0:
                state.history.append((state.time, max(state.temps)))
                save_checkpoint(state, ckpt)
                LOG.info("t=%.1f s  Tmax=%.2f K", state.time, max(state.temps))
    except KeyboardInterrupt:
        LOG.warning("interrupted, writing checkpoint")
    finally:
        save_checkpoint(state, ckpt)
    LOG.info("done: %d steps, tip temperature %.2f K", state.step, state.temps[-1])


if __name__ == "__main__":
    main()
