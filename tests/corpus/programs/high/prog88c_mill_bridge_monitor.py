#!/usr/bin/env python3
"""Keep the milling bridge alive on the CAM server.

The mill bridge service streams NC programs from the CAM server to the
5-axis mills over the shop network.  When it hangs the mills sit idle
overnight, so this monitor watches the bridge's heartbeat file and its
status endpoint and bounces the unit when both go quiet.

Config (mill_monitor.toml):

    unit = "mill-bridge.service"
    heartbeat = "/var/lib/mill-bridge/heartbeat"
    status_url = "http://127.0.0.1:7711/status"
    stale_after = 90
    max_restarts_per_hour = 4
"""
import asyncio
import json
import logging
import sys
import time
import tomllib
import urllib.request
from collections import deque
from pathlib import Path

LOG = logging.getLogger("mill_monitor")
DEFAULTS = {
    "unit": "mill-bridge.service",
    "heartbeat": "/var/lib/mill-bridge/heartbeat",
    "status_url": "http://127.0.0.1:7711/status",
    "stale_after": 90,
    "interval": 20,
    "max_restarts_per_hour": 4,
}


def load_config(path="mill_monitor.toml"):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            cfg.update(tomllib.load(fh))
    return cfg


class BridgeSupervisor:
    def __init__(self, cfg):
        self.cfg = cfg
        self.restarts = deque()

    def heartbeat_age(self):
        try:
            return time.time() - Path(self.cfg["heartbeat"]).stat().st_mtime
        except FileNotFoundError:
            return float("inf")

    async def status_ok(self):
        def probe():
            with urllib.request.urlopen(self.cfg["status_url"], timeout=5) as r:
                return json.load(r)
        try:
            data = await asyncio.to_thread(probe)
            return data.get("state") in ("idle", "streaming")
        except (OSError, ValueError):
            return False

    def _budget_left(self):
        hour_ago = time.time() - 3600
        while self.restarts and self.restarts[0] < hour_ago:
            self.restarts.popleft()
        return len(self.restarts) < self.cfg["max_restarts_per_hour"]

    async def _ctl(self, *args):
        cmd = ["systemctl", *args, self.cfg["unit"]]
        if not Path("/run/systemd/system").exists():
            raise RuntimeError("systemd not running here")
        proc = await asyncio.create_subprocess_exec(
            "sudo", "-n", *cmd,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed: {err.decode().strip()}")
        return out.decode()

    async def bounce(self):
        if not self._budget_left():
            LOG.error("restart budget used up, leaving %s alone", self.cfg["unit"])
            return
        LOG.warning("restarting %s", self.cfg["unit"])
        try:
            await self._ctl("reset-failed")
        except RuntimeError:
            pass
        await self._ctl("restart")
        self.restarts.append(time.time())
        state = await self._ctl("is-active")
        LOG.info("%s is %s", self.cfg["unit"], state.strip())

    async def loop(self):
        quiet_rounds = 0
        while True:
            age = self.heartbeat_age()
            ok = await self.status_ok()
            if age > self.cfg["stale_after"] and not ok:
                quiet_rounds += 1
                LOG.info("bridge quiet (heartbeat %.0fs, status down) x%d", age, quiet_rounds)
            else:
                quiet_rounds = 0
            if quiet_rounds >= 2:
                try:
                    await self.bounce()
                except RuntimeError as exc:
                    LOG.error("%s", exc)
                quiet_rounds = 0
            await asyncio.sleep(self.cfg["interval"])


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(sys.argv[1] if len(sys.argv) > 1 else "mill_monitor.toml")
    try:
        asyncio.run(BridgeSupervisor(cfg).loop())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
