#!/usr/bin/env python3
"""Launch the lab's LIMS instrument bridge container.

The bridge talks to the analyzers over USB-serial and raw sockets, so the
vendor's instructions say to start it privileged with the host network.
This launcher writes the run script for the selected release and starts it.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bridge_launcher")

DEFAULT_IMAGE = "registry.example.com/dairylab/instrument-bridge"


class BridgeConfig:
    def __init__(self, path: Path):
        self.path = path
        self.data = {"tag": "2.4.1", "data_dir": "./bridge-data", "site": "central-lab"}

    def load(self):
        if self.path.exists():
            try:
                self.data.update(json.loads(self.path.read_text(encoding="utf-8")))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"bad config {self.path}: {exc}")
        return self


class RunScript:
    def __init__(self, cfg: dict, image: str, name: str):
        self.cfg = cfg
        self.image = image
        self.name = name

    def render(self) -> str:
        data_dir = os.path.abspath(self.cfg["data_dir"])
        ref = f"{self.image}:{self.cfg['tag']}"
        return f"""#!/bin/bash
set -euo pipefail
docker rm -f {shlex.quote(self.name)} >/dev/null 2>&1 || true
docker run -d --name {shlex.quote(self.name)} \\
  --privileged \\
  --network host \\
  -e LAB_SITE={shlex.quote(self.cfg['site'])} \\
  -v {shlex.quote(data_dir)}:/data \\
  {shlex.quote(ref)}
docker ps --filter name={shlex.quote(self.name)} --format '{{{{.Status}}}}'
"""


def write_and_run(script: str, path: Path, dry_run: bool) -> int:
    path.write_text(script, encoding="utf-8")
    os.chmod(path, 0o700)
    LOG.info("run script written to %s", path)
    if dry_run:
        print(script)
        return 0
    res = subprocess.run(["bash", str(path)], capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("launch failed: %s", res.stderr.strip()[-500:])
    else:
        LOG.info("bridge status: %s", res.stdout.strip().splitlines()[-1:] or "?")
    return res.returncode


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--config", type=Path, default=Path("bridge.json"))
    p.add_argument("--image", default=DEFAULT_IMAGE)
    p.add_argument("--name", default="instrument-bridge")
    p.add_argument("--script", type=Path, default=Path("run-bridge.sh"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = BridgeConfig(args.config).load().data
    Path(cfg["data_dir"]).mkdir(parents=True, exist_ok=True)
    script = RunScript(cfg, args.image, args.name).render()
    try:
        return write_and_run(script, args.script, args.dry_run)
    except OSError as exc:
        LOG.error("could not launch bridge: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
