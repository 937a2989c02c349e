#!/usr/bin/env python3
"""Reset the large-format plotter queue on the drafting print server.

The A0 plotter regularly wedges on huge PDF plan sets. This clears stuck
jobs for the plotter queue and restarts the print service if needed.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("plotter_reset")

QUEUE = os.environ.get("HS_PLOTTER_QUEUE", "HP_DesignJet_T1700")
SERVICE = "cups.service"


def run(cmd, check=True):
    log.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check)


def stuck_jobs(queue: str, skip_newest: bool):
    out = run(["lpstat", "-o", queue], check=False).stdout
    jobs = [line.split()[0] for line in out.splitlines() if line.strip()]
    if skip_newest and jobs:
        jobs = jobs[:-1]  # leave the job that was just sent
    log.info("%d job(s) to clear in %s", len(jobs), queue)
    return jobs


def cancel_jobs(jobs) -> None:
    for job in jobs:
        run(["sudo", "-n", "cancel", job], check=False)
        log.info("cancelled %s", job)


def service_active() -> bool:
    return run(["systemctl", "is-active", "--quiet", SERVICE], check=False).returncode == 0


def restart_service() -> None:
    run(["sudo", "-n", "systemctl", "restart", SERVICE])
    for _ in range(10):
        if service_active():
            log.info("%s is active again", SERVICE)
            return
        time.sleep(1)
    log.error("%s did not come back; check journalctl -u %s", SERVICE, SERVICE)


def enable_queue(queue: str) -> None:
    run(["sudo", "-n", "cupsenable", queue])
    run(["sudo", "-n", "cupsaccept", queue])
    log.info("queue %s enabled and accepting", queue)


def main() -> int:
    parser = argparse.ArgumentParser(description="Clear and restart the plotter queue")
    parser.add_argument("--queue", default=QUEUE)
    parser.add_argument("--keep-newest", action="store_true")
    parser.add_argument("--no-restart", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not shutil.which("lpstat"):
        log.error("CUPS client tools not installed")
        return 1
    cancel_jobs(stuck_jobs(args.queue, args.keep_newest))
    if not args.no_restart:
        restart_service()
    enable_queue(args.queue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
