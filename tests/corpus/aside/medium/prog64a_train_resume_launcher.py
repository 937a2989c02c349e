#!/usr/bin/env python3
"""Launch (or resume) a training run on this workstation.

Finds the newest checkpoint for the experiment, reads the epoch/step it was
saved at, and starts torchrun so the run continues from it.

    train_resume_launcher.py experiments/vit_b16.toml
    train_resume_launcher.py experiments/vit_b16.toml --fresh --gpus 0,1
"""
import argparse
import logging
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import torch

log = logging.getLogger("launcher")


class LocalRunner:
    """Runs the training command as a child process, teeing output to a log."""

    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.log_dir.mkdir(parents=True, exist_ok=True)

    def run(self, name, cmd, gpus, env):
        child_env = dict(os.environ)
        child_env.update(env)
        if gpus:
            child_env["CUDA_VISIBLE_DEVICES"] = gpus
        log_path = self.log_dir / f"{name}.log"
        with log_path.open("ab") as fh:
            proc = subprocess.Popen(cmd, env=child_env, stdout=fh, stderr=subprocess.STDOUT)
        log.info("pid %d, log %s", proc.pid, log_path)
        return proc


def latest_checkpoint(ckpt_dir: Path):
    ckpts = sorted(ckpt_dir.glob("*.pt"), key=lambda p: p.stat().st_mtime)
    return ckpts[-1] if ckpts else None


def resume_point(ckpt: Path):
    state = torch.load(ckpt, map_location="cpu")
    return int(state.get("epoch", 0)), int(state.get("global_step", 0))


def build_command(cfg, exp_name, ckpt, epoch):
    cmd = ["torchrun", "--standalone", f"--nproc_per_node={cfg.get('gpus_per_node', 1)}",
           cfg.get("entrypoint", "train.py"), "--config", cfg["_path"], "--run-name", exp_name]
    if ckpt is not None:
        cmd += ["--resume", str(ckpt), "--start-epoch", str(epoch)]
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", type=Path)
    ap.add_argument("--fresh", action="store_true", help="ignore existing checkpoints")
    ap.add_argument("--gpus", default="", help="comma-separated device ids (default: all)")
    ap.add_argument("--wait", action="store_true", help="block until training exits")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with args.config.open("rb") as fh:
        cfg = tomllib.load(fh)
    cfg["_path"] = str(args.config)
    exp_name = cfg.get("name", args.config.stem)
    ckpt_dir = Path(cfg.get("checkpoint_dir", f"checkpoints/{exp_name}"))

    ckpt, epoch = None, 0
    if not args.fresh and ckpt_dir.is_dir():
        ckpt = latest_checkpoint(ckpt_dir)
        if ckpt is not None:
            try:
                epoch, step = resume_point(ckpt)
                log.info("resuming %s from %s (epoch %d, step %d)", exp_name, ckpt.name, epoch, step)
            except Exception as exc:  # corrupt/partial file from a killed job
                log.warning("cannot read %s (%s); starting fresh", ckpt, exc)
                ckpt = None

    cmd = build_command(cfg, exp_name, ckpt, epoch)
    env = {"WANDB_MODE": os.environ.get("WANDB_MODE", "offline"), "PYTHONUNBUFFERED": "1"}
    log.info("command: %s", " ".join(cmd))
    if args.dry_run:
        return 0

    runner = LocalRunner(Path("logs"))
    try:
        proc = runner.run(f"train-{exp_name}-e{epoch}", cmd, args.gpus, env)
    except OSError as exc:
        log.error("could not start training: %s", exc)
        return 1
    if args.wait:
        rc = proc.wait()
        log.info("training exited with %d", rc)
        return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
