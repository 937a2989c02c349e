#!/usr/bin/env python3
"""Print worker for arrangement documents.

Watches the spool folder that the arrangement software writes finished
documents into (contracts, general price lists, memorial folders) and sends
each one to the office printer named in its sidecar ``.json``.  The worker
is started by the office launcher, which runs as root on the front-desk
machine, so it switches to the printing account before touching any file.
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
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("print-worker")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def become(account):
    """Switch the process to ``account`` (and its supplementary groups)."""
    pw = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem] + [pw.pw_gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    for fn, fargs in (("setgroups", (len(groups), arr)),
                      ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
                      ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid))):
        if getattr(_libc, fn)(*fargs) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn}: {os.strerror(err)}")
    os.environ.update(HOME=pw.pw_dir, USER=account, LOGNAME=account)
    log.info("running as %s (uid %d)", account, pw.pw_uid)


def job_settings(doc):
    sidecar = doc.with_suffix(".json")
    defaults = {"printer": "frontdesk", "copies": 1, "duplex": True}
    if sidecar.exists():
        try:
            defaults.update(json.loads(sidecar.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("%s: bad sidecar (%s), using defaults", sidecar.name, exc)
    return defaults


def submit(doc, opts):
    cmd = ["lp", "-d", opts["printer"], "-n", str(int(opts["copies"])),
           "-t", doc.stem]
    if opts.get("duplex"):
        cmd += ["-o", "sides=two-sided-long-edge"]
    cmd.append(str(doc))
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or f"lp exited {res.returncode}")
    return res.stdout.strip()


def process(spool, done, failed):
    for doc in sorted(spool.glob("*.pdf")):
        opts = job_settings(doc)
        try:
            job = submit(doc, opts)
            log.info("%s -> %s (%s)", doc.name, opts["printer"], job)
            dest = done
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("%s failed: %s", doc.name, exc)
            dest = failed
        for f in (doc, doc.with_suffix(".json")):
            if f.exists():
                shutil.move(str(f), dest / f.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--account", default="lp")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    spool = Path(args.spool).resolve()
    done, failed = spool / "printed", spool / "failed"
    for d in (spool, done, failed):
        d.mkdir(parents=True, exist_ok=True)

    if os.geteuid() == 0:
        try:
            become(args.account)
        except (KeyError, OSError) as exc:
            log.error("cannot switch to %s: %s", args.account, exc)
            return 1

    log.info("watching %s", spool)
    while True:
        process(spool, done, failed)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
