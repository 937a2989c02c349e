#!/usr/bin/env python3
"""Deploys the current release of the web app from git (as the app user)."""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("deploy")

APP_DIR = Path.home() / "apps" / "shop"
STEPS = [
    ["git", "fetch", "--tags", "origin"],
    ["git", "checkout", "--detach", "{tag}"],
    [sys.executable, "-m", "pip", "install", "--user", "-r", "requirements.txt"],
]


def run(step, tag: str) -> None:
    argv = [part.format(tag=tag) for part in step]
    log.info("$ %s", " ".join(argv))
    subprocess.run(argv, cwd=APP_DIR, check=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("tag")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        for step in STEPS:
            run(step, args.tag)
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
