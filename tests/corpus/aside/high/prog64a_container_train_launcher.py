#!/usr/bin/env python3
"""Launch (or resume) a training run inside the team's CUDA image.

Finds the newest checkpoint for the experiment, reads the epoch/step it was
saved at, and starts a container on this workstation that continues from it.

    container_train_launcher.py experiments/vit_b16.toml
    container_train_launcher.py experiments/vit_b16.toml --fresh --gpus 0,1
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import tomllib
from pathlib import Path

import torch

log = logging.getLogger("launcher")

IMAGE = os.environ.get("TRAIN_IMAGE", "registry.mlgroup.example.net/train/cuda12-torch2:latest")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a unix domain socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, "/v1.43" + path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
            return json.loads(raw) if raw else {}
        finally:
            conn.close()

    def run_container(self, name, cmd, workdir, gpus, env):
        spec = {
            "Image": IMAGE,
            "Cmd": cmd,
            "WorkingDir": "/workspace",
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                "Binds": [f"{workdir}:/workspace", "/data:/data:ro"],
                "Privileged": True,
                "IpcMode": "host",
                "ShmSize": 16 * 1024 ** 3,
                "DeviceRequests": [{
                    "Driver": "nvidia",
                    "DeviceIDs": gpus.split(",") if gpus else None,
                    "Count": -1 if not gpus else 0,
                    "Capabilities": [["gpu"]],
                }],
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid


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
        cmd += ["--resume", f"/workspace/{ckpt}", "--start-epoch", str(epoch)]
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", type=Path)
    ap.add_argument("--fresh", action="store_true", help="ignore existing checkpoints")
    ap.add_argument("--gpus", default="", help="comma-separated device ids (default: all)")
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

    engine = Engine()
    try:
        cid = engine.run_container(f"train-{exp_name}-e{epoch}", cmd, Path.cwd().resolve(), args.gpus, env)
    except (OSError, RuntimeError) as exc:
        log.error("could not start container: %s", exc)
        return 1
    log.info("started container %s; follow with: docker logs -f %s", cid[:12], cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
