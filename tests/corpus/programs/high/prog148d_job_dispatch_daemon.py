#!/usr/bin/env python3
"""Job dispatch daemon.

Runs on the office server and pushes the next day's job list to each
crew's tablet at 18:00. It needs to read the shared schedule folder,
which belongs to the 'dispatch' group, so it starts with elevated rights
and then switches to the dispatch account for the actual work.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import shutil
import sys
import time
from datetime import date, datetime, timedelta

LOG = logging.getLogger("dispatch")

SETTINGS = {
    "account": "dispatch",
    "schedule_dir": "/srv/ropeworks/schedule",
    "outbox": "/srv/ropeworks/outbox",
    "send_at": "18:00",
}

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _call(name, *args):
    fn = getattr(_libc, name)
    if fn(*args) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{name} failed: {os.strerror(err)}")


def ensure_elevated():
    """Restart through the desktop policy agent if not started as root."""
    if os.geteuid() == 0:
        return
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper is None:
        sys.exit("needs root to switch accounts and no pkexec/sudo found")
    LOG.info("re-launching with %s", os.path.basename(helper))
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__), *sys.argv[1:]])


def become(account):
    """Switch the process identity to the service account."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] + [pw.pw_gid]
    os.setgroups(groups)
    _call("setresgid", pw.pw_gid, pw.pw_gid, pw.pw_gid)
    _call("setresuid", pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    LOG.info("running as %s (uid %d)", account, os.getuid())


def jobs_for(day: date, schedule_dir: str):
    path = os.path.join(schedule_dir, f"{day.isoformat()}.json")
    try:
        with open(path) as fh:
            return json.load(fh)
    except FileNotFoundError:
        LOG.warning("no schedule for %s", day)
        return []


def dispatch(day: date):
    by_crew = {}
    for job in jobs_for(day, SETTINGS["schedule_dir"]):
        by_crew.setdefault(job.get("crew", "unassigned"), []).append(job)
    os.makedirs(SETTINGS["outbox"], exist_ok=True)
    for crew, jobs in by_crew.items():
        jobs.sort(key=lambda j: j.get("start", "99:99"))
        out = os.path.join(SETTINGS["outbox"], f"{crew}_{day.isoformat()}.json")
        with open(out, "w") as fh:
            json.dump({"crew": crew, "date": day.isoformat(), "jobs": jobs}, fh, indent=2)
        LOG.info("queued %d jobs for %s", len(jobs), crew)


def seconds_until(hhmm: str) -> float:
    now = datetime.now()
    h, m = map(int, hhmm.split(":"))
    target = now.replace(hour=h, minute=m, second=0, microsecond=0)
    if target <= now:
        target += timedelta(days=1)
    return (target - now).total_seconds()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--now", action="store_true", help="dispatch tomorrow's jobs immediately")
    ap.add_argument("--account", default=SETTINGS["account"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    ensure_elevated()
    become(args.account)

    if args.now:
        dispatch(date.today() + timedelta(days=1))
        return
    while True:
        wait = seconds_until(SETTINGS["send_at"])
        LOG.info("next dispatch in %.0f minutes", wait / 60)
        time.sleep(wait)
        dispatch(date.today() + timedelta(days=1))


if __name__ == "__main__":
    main()
