#!/usr/bin/env python3
"""Enforce an account lockout policy with pam_faillock.

Writes /etc/security/faillock.conf from the values below and makes sure
the faillock lines are present in the PAM auth stack, keeping a dated
backup of every file it changes.
"""
import argparse
import datetime
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("faillock-policy")

FAILLOCK_CONF = Path("/etc/security/faillock.conf")
PAM_STACKS = [Path("/etc/pam.d/common-auth"), Path("/etc/pam.d/system-auth")]
PREAUTH = "auth    required    pam_faillock.so preauth"
AUTHFAIL = "auth    [default=die] pam_faillock.so authfail"
AUTHSUCC = "auth    sufficient  pam_faillock.so authsucc"
POLICY = {"deny": 5, "unlock_time": 900, "fail_interval": 900, "audit": None, "silent": None}


def render_conf(policy):
    lines = ["# managed by faillock-policy; local edits will be overwritten"]
    for key, value in policy.items():
        lines.append(key if value is None else f"{key} = {value}")
    return "\n".join(lines) + "\n"


def backup(path):
    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
    dest = path.with_name(f"{path.name}.bak-{stamp}")
    shutil.copy2(path, dest)
    log.info("backup %s -> %s", path, dest.name)


def patch_stack(text):
    """Insert faillock around the first pam_unix auth line."""
    if "pam_faillock.so" in text:
        return None
    out, done = [], False
    for line in text.splitlines():
        if not done and line.split()[:1] == ["auth"] and "pam_unix.so" in line:
            out += [PREAUTH, line, AUTHFAIL, AUTHSUCC]
            done = True
        else:
            out.append(line)
    if not done:
        raise RuntimeError("no pam_unix auth line found")
    return "\n".join(out) + "\n"


def apply(dry_run):
    wanted = render_conf(POLICY)
    if not FAILLOCK_CONF.exists() or FAILLOCK_CONF.read_text() != wanted:
        log.info("updating %s", FAILLOCK_CONF)
        if not dry_run:
            if FAILLOCK_CONF.exists():
                backup(FAILLOCK_CONF)
            FAILLOCK_CONF.write_text(wanted)
    for stack in PAM_STACKS:
        if not stack.exists():
            continue
        new = patch_stack(stack.read_text())
        if new is None:
            log.info("%s already uses pam_faillock", stack)
            continue
        log.info("adding pam_faillock to %s", stack)
        if not dry_run:
            backup(stack)
            stack.write_text(new)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deny", type=int, default=POLICY["deny"])
    p.add_argument("--unlock-time", type=int, default=POLICY["unlock_time"])
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    POLICY.update(deny=args.deny, unlock_time=args.unlock_time)
    try:
        apply(args.dry_run)
    except PermissionError as exc:
        log.error("%s (run as root)", exc)
        return 1
    except RuntimeError as exc:
        log.error("refusing to edit PAM: %s", exc)
        return 1
    log.info("keep a root shell open and test a login before logging out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
