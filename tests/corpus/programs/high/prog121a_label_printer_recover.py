#!/usr/bin/env python3
"""Recover the prep-label printer when date labels stop coming out.

The Zebra/Brother label printers at the pasta station wedge a couple of
times a week: jobs pile up in the CUPS queue and the printer shows as
"stopped". This script checks the queue, cancels stale jobs, re-enables the
printer and, if that does not help, bounces the print service.

    label_printer_recover.py [-p PrepLabels] [--max-age 600] [--force-restart]
"""

import argparse
import logging
import re
import shlex
import shutil
import subprocess
import sys
import time

log = logging.getLogger("label-recover")

SERVICE = "cups"


def run(cmd, check=False, **kw):
    if isinstance(cmd, str):
        cmd = shlex.split(cmd)
    log.debug("running: %s", " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, text=True, check=check, **kw)


def printer_state(printer: str) -> str:
    out = run(["lpstat", "-p", printer]).stdout
    if "disabled" in out:
        return "disabled"
    if "idle" in out:
        return "idle"
    if "printing" in out:
        return "printing"
    return "unknown"


def stale_jobs(printer: str, max_age: int):
    """Jobs older than max_age seconds, parsed from `lpstat -o`."""
    out = run(["lpstat", "-o", printer]).stdout
    now = time.time()
    stale = []
    for line in out.splitlines():
        m = re.match(r"^(\S+-\d+)\s+\S+\s+\d+\s+(.+)$", line)
        if not m:
            continue
        try:
            ts = time.mktime(time.strptime(m.group(2).strip(), "%a %d %b %Y %I:%M:%S %p %Z"))
        except ValueError:
            continue
        if now - ts > max_age:
            stale.append(m.group(1))
    return stale


def cancel_jobs(jobs):
    for job in jobs:
        res = run(["cancel", job])
        log.info("cancel %s -> %s", job, "ok" if res.returncode == 0 else res.stderr.strip())


def reenable(printer: str):
    run(["cupsenable", printer])
    run(["cupsaccept", printer])


def elevated(argv):
    tool = shutil.which("sudo") or shutil.which("doas")
    if not tool:
        raise RuntimeError("need sudo or doas to restart the print service")
    return [tool, "-n"] + argv if tool.endswith("sudo") else [tool] + argv


def restart_service():
    ctl = shutil.which("systemctl") or "/bin/systemctl"
    action = [ctl, "restart", SERVICE]
    res = run(elevated(action))
    if res.returncode != 0:
        raise RuntimeError(f"service restart failed: {res.stderr.strip()}")
    log.info("%s restarted", SERVICE)
    time.sleep(3)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-p", "--printer", default="PrepLabels")
    ap.add_argument("--max-age", type=int, default=600, help="seconds before a job counts as stale")
    ap.add_argument("--force-restart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = printer_state(args.printer)
    log.info("%s is %s", args.printer, state)

    jobs = stale_jobs(args.printer, args.max_age)
    if jobs:
        log.info("cancelling %d stale job(s)", len(jobs))
        cancel_jobs(jobs)

    if state == "disabled":
        reenable(args.printer)
        state = printer_state(args.printer)

    if state in ("disabled", "unknown") or args.force_restart:
        try:
            restart_service()
        except RuntimeError as exc:
            log.error("%s", exc)
            return 1
        reenable(args.printer)
        state = printer_state(args.printer)

    log.info("final state: %s", state)
    return 0 if state in ("idle", "printing") else 1


if __name__ == "__main__":
    sys.exit(main())
