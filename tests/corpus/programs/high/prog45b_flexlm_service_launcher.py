#!/usr/bin/env python3
"""Start the FlexNet licence manager for the CFD and FEA vendor daemons.

The init system starts this launcher as root so that it can read the
licence files and create the lock directory; it then drops to the
unprivileged ``flexlm`` account (supplementary groups cleared) before
exec'ing lmgrd, which vendors insist must never run as root.
"""
import argparse
import grp
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("lmlaunch")

LICENSE_DIR = Path("/opt/flexlm/licenses")
LMGRD = "/opt/flexlm/bin/lmgrd"
LOCK_DIR = Path("/var/tmp/lm_TMW")


def licence_path(directory: Path) -> str:
    files = sorted(str(p) for p in directory.glob("*.lic"))
    if not files:
        raise FileNotFoundError(f"no *.lic files in {directory}")
    for f in files:
        with open(f) as fh:
            head = fh.read(4096)
        if "SERVER" not in head:
            log.warning("%s has no SERVER line, is it a node-locked file?", f)
    return ":".join(files)


def prepare_lockdir(uid: int, gid: int):
    LOCK_DIR.mkdir(mode=0o755, exist_ok=True)
    os.chown(LOCK_DIR, uid, gid)


def drop_privileges(user: str, group: str):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    prepare_lockdir(pw.pw_uid, gid)
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    if os.getuid() == 0 or os.geteuid() == 0:
        raise RuntimeError("privilege drop failed, refusing to start lmgrd")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    os.umask(0o022)
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, gid)


def build_argv(licences: str, logfile: str, foreground: bool) -> list:
    argv = [LMGRD, "-c", licences, "-l", "+" + logfile, "-local"]
    if foreground:
        argv.append("-z")
    return argv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="flexlm")
    ap.add_argument("--group", default="flexlm")
    ap.add_argument("--licence-dir", type=Path, default=LICENSE_DIR)
    ap.add_argument("--log", default="/var/log/flexlm/lmgrd.log")
    ap.add_argument("--foreground", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="lmlaunch: %(message)s")

    try:
        licences = licence_path(args.licence_dir)
    except (FileNotFoundError, PermissionError) as exc:
        log.error("%s", exc)
        return 1

    if os.geteuid() == 0:
        try:
            drop_privileges(args.user, args.group)
        except (KeyError, PermissionError, RuntimeError) as exc:
            log.error("cannot drop privileges: %s", exc)
            return 2
    else:
        log.info("not root, starting lmgrd as %s", pwd.getpwuid(os.getuid()).pw_name)

    argv = build_argv(licences, args.log, args.foreground)
    log.info("exec %s", " ".join(argv))
    os.execv(LMGRD, argv)


if __name__ == "__main__":
    sys.exit(main())
