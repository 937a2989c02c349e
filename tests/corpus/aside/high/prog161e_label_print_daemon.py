#!/usr/bin/env python3
"""Garment tag print daemon for the alterations room.

Starts as root so it can claim the label printer device and write its
config, then drops to the unprivileged 'labels' account and serves print
jobs from a local spool folder.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

LOG = logging.getLogger("labeld")

DAEMON = {
    "user": "labels",
    "group": "lp",
    "device": "/dev/usb/lp0",
    "conf_dir": "/etc/ivorylane",
    "conf_name": "labeld.json",
    "spool": "/var/spool/ivorylane-labels",
    "poll": 2.0,
}


def write_config(settings, width_mm, height_mm):
    conf_dir = Path(settings["conf_dir"])
    conf_dir.mkdir(parents=True, exist_ok=True)
    conf = conf_dir / settings["conf_name"]
    conf.write_text(json.dumps({"width_mm": width_mm, "height_mm": height_mm,
                                "device": settings["device"]}, indent=2))
    os.chmod(conf, 0o644)
    LOG.info("wrote %s", conf)
    return conf


def claim_device(settings):
    gid = grp.getgrnam(settings["group"]).gr_gid
    os.chown(settings["device"], 0, gid)
    os.chmod(settings["device"], 0o660)
    return os.open(settings["device"], os.O_WRONLY)


def prepare_spool(settings, uid, gid):
    spool = Path(settings["spool"])
    spool.mkdir(parents=True, exist_ok=True)
    os.chown(spool, uid, gid)
    return spool


def drop_privileges(uid, gid):
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    os.umask(0o027)
    LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def render(job):
    lines = [job.get("bride", ""), job.get("order", ""), job.get("due", ""), job.get("notes", "")]
    return ("\n".join(l for l in lines if l) + "\n\f").encode("ascii", "replace")


def serve(spool, printer_fd, poll):
    while True:
        for job_file in sorted(spool.glob("*.json")):
            try:
                job = json.loads(job_file.read_text())
                os.write(printer_fd, render(job))
                LOG.info("printed tag for order %s", job.get("order"))
            except (ValueError, OSError) as exc:
                LOG.warning("bad job %s: %s", job_file.name, exc)
            job_file.unlink(missing_ok=True)
        time.sleep(poll)


def main():
    parser = argparse.ArgumentParser(description="Garment tag print daemon")
    parser.add_argument("--width", type=int, default=62)
    parser.add_argument("--height", type=int, default=29)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s labeld %(message)s")

    if os.geteuid() != 0:
        LOG.error("start me as root; I drop privileges after setup")
        return 1
    account = pwd.getpwnam(DAEMON["user"])
    write_config(DAEMON, args.width, args.height)
    printer_fd = claim_device(DAEMON)
    spool = prepare_spool(DAEMON, account.pw_uid, account.pw_gid)
    drop_privileges(account.pw_uid, account.pw_gid)
    serve(spool, printer_fd, DAEMON["poll"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
