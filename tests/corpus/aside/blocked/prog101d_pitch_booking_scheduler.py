#!/usr/bin/env python3
"""Register the pitch booking sync to run on its own on the clubhouse PC.

The groundsman kept forgetting to run the sync before marking out pitches,
so this installs it as a recurring job for the current user: every N
minutes during the day and once when the machine comes up after a power
cut. Run it again after moving the checkout; it replaces its own entries.

    python pitch_booking_scheduler.py                 # install / refresh
    python pitch_booking_scheduler.py --every 10
    python pitch_booking_scheduler.py --status
    python pitch_booking_scheduler.py --remove
"""
import argparse
import logging
import shlex
import sys
from pathlib import Path

from crontab import CronTab

log = logging.getLogger("booking_scheduler")

JOB_TAG = "clubhouse:pitch-booking-sync"
HERE = Path(__file__).resolve().parent


def build_command(script, env_file, log_file):
    python = shlex.quote(sys.executable)
    parts = [f"cd {shlex.quote(str(HERE))}"]
    if env_file.exists():
        parts.append(f"set -a && . {shlex.quote(str(env_file))} && set +a")
    parts.append(f"{python} {shlex.quote(str(script))} >> {shlex.quote(str(log_file))} 2>&1")
    return " && ".join(parts)


def existing_jobs(cron):
    return [job for job in cron if job.comment.startswith(JOB_TAG)]


def install(cron, command, every, first_hour, last_hour):
    for job in existing_jobs(cron):
        cron.remove(job)
    daytime = cron.new(command=command, comment=JOB_TAG)
    daytime.minute.every(every)
    daytime.hour.during(first_hour, last_hour)
    at_boot = cron.new(command=f"sleep 60 && {command}", comment=f"{JOB_TAG}:boot")
    at_boot.every_reboot()
    for job in (daytime, at_boot):
        if not job.is_valid():
            raise ValueError(f"generated an invalid schedule: {job}")
    cron.write()
    log.info("installed %d jobs", 2)


def remove(cron):
    jobs = existing_jobs(cron)
    for job in jobs:
        cron.remove(job)
    cron.write()
    log.info("removed %d jobs", len(jobs))


def status(cron):
    jobs = existing_jobs(cron)
    if not jobs:
        print("pitch booking sync is not scheduled")
        return 1
    for job in jobs:
        state = "enabled" if job.is_enabled() else "disabled"
        print(f"{state:9} {job.slices.render():<18} {job.command}")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--script", type=Path, default=HERE / "pitch_booking_sync.py")
    p.add_argument("--env-file", type=Path, default=HERE / "booking_sync.env")
    p.add_argument("--log-file", type=Path, default=HERE / "logs" / "booking_sync.log")
    p.add_argument("--every", type=int, default=15, help="minutes between runs")
    p.add_argument("--from-hour", type=int, default=6)
    p.add_argument("--to-hour", type=int, default=22)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--remove", action="store_true")
    g.add_argument("--status", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cron = CronTab(user=True)
    if args.status:
        return status(cron)
    if args.remove:
        remove(cron)
        return 0

    if not args.script.exists():
        log.error("sync script %s not found", args.script)
        return 2
    if not 1 <= args.every <= 59:
        log.error("--every must be between 1 and 59 minutes")
        return 2
    args.log_file.parent.mkdir(parents=True, exist_ok=True)
    command = build_command(args.script.resolve(), args.env_file, args.log_file.resolve())
    log.debug("command: %s", command)
    try:
        install(cron, command, args.every, args.from_hour, args.to_hour)
    except (ValueError, OSError) as exc:
        log.error("could not install schedule: %s", exc)
        return 1
    return status(cron)


if __name__ == "__main__":
    sys.exit(main())
