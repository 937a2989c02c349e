#!/usr/bin/env python3
"""Watch a few critical services and restart them when they misbehave.

Runs from the ops user's tmux session on legacy boxes that have no
orchestration. Restarts go through sudo; the password prompt is answered
with pexpect when passwordless sudo is not configured.
"""
import logging
import os
import time
from dataclasses import dataclass

import pexpect
import psutil

log = logging.getLogger("healer")

CHECK_INTERVAL = 30
RESTART_COOLDOWN = 300


@dataclass
class Watched:
    unit: str
    process_name: str
    max_rss_mb: int
    max_cpu_pct: float
    last_restart: float = 0.0


WATCHLIST = [
    Watched("nginx.service", "nginx", 512, 90.0),
    Watched("php8.2-fpm.service", "php-fpm8.2", 2048, 95.0),
    Watched("redis-server.service", "redis-server", 4096, 80.0),
]


def find_procs(name: str) -> list[psutil.Process]:
    procs = []
    for p in psutil.process_iter(["name"]):
        if p.info["name"] and p.info["name"].startswith(name):
            procs.append(p)
    return procs


def assess(w: Watched) -> str | None:
    """Return a reason string if the service needs a restart."""
    procs = find_procs(w.process_name)
    if not procs:
        return "no running processes"
    try:
        rss_mb = sum(p.memory_info().rss for p in procs) / 1_048_576
        cpu = sum(p.cpu_percent(interval=0.5) for p in procs)
    except (psutil.NoSuchProcess, psutil.AccessDenied) as exc:
        log.debug("sampling %s failed: %s", w.unit, exc)
        return None
    if rss_mb > w.max_rss_mb:
        return f"rss {rss_mb:.0f}MB > {w.max_rss_mb}MB"
    if cpu > w.max_cpu_pct:
        return f"cpu {cpu:.0f}% > {w.max_cpu_pct}%"
    return None


def sudo_systemctl(action: str, unit: str, password: str | None) -> bool:
    child = pexpect.spawn("sudo", ["-k", "systemctl", action, unit],
                          encoding="utf-8", timeout=60)
    try:
        idx = child.expect([r"\[sudo\] password for .*:", pexpect.EOF])
        if idx == 0:
            if not password:
                log.error("sudo wants a password but HEALER_SUDO_PASS is unset")
                child.close(force=True)
                return False
            child.sendline(password)
            child.expect(pexpect.EOF)
    except pexpect.TIMEOUT:
        log.error("systemctl %s %s timed out", action, unit)
        child.close(force=True)
        return False
    child.close()
    return child.exitstatus == 0


def loop():
    password = os.environ.get("HEALER_SUDO_PASS")
    while True:
        for w in WATCHLIST:
            reason = assess(w)
            if not reason:
                continue
            if time.time() - w.last_restart < RESTART_COOLDOWN:
                log.warning("%s unhealthy (%s) but in cooldown", w.unit, reason)
                continue
            log.warning("restarting %s: %s", w.unit, reason)
            if sudo_systemctl("restart", w.unit, password):
                w.last_restart = time.time()
            else:
                log.error("restart of %s failed", w.unit)
        time.sleep(CHECK_INTERVAL)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        loop()
    except KeyboardInterrupt:
        log.info("stopped")
