#!/usr/bin/env python3
"""Realtime-priority setup for the playout engine.

Liquidsoap/JACK on the studio playout box needs realtime scheduling and
locked memory or it xruns under load during the news hour. This tool checks
the current limits for the playout account, renders the PAM limits snippet
from playout_rt.toml and installs it, then reports what still needs a
re-login.
"""

import argparse
import grp
import logging
import os
import pwd
import resource
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("rt-limits")

LIMITS_DIR = Path("/etc/security/limits.d")
DEFAULT_CFG = {
    "group": "audio",
    "rtprio": 95,
    "memlock": "unlimited",
    "nice": -19,
    "filename": "95-playout-audio.conf",
}


def load_cfg(path):
    cfg = dict(DEFAULT_CFG)
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("limits", {}))
    return cfg


def current_limits():
    def fmt(v):
        return "unlimited" if v == resource.RLIM_INFINITY else v
    return {
        "rtprio": fmt(resource.getrlimit(resource.RLIMIT_RTPRIO)[1]),
        "memlock": fmt(resource.getrlimit(resource.RLIMIT_MEMLOCK)[1]),
    }


def render(cfg):
    g = cfg["group"]
    lines = [
        "# managed by playout_rt_limits.py -- realtime audio for playout",
        f"@{g}   -  rtprio   {cfg['rtprio']}",
        f"@{g}   -  memlock  {cfg['memlock']}",
        f"@{g}   -  nice     {cfg['nice']}",
    ]
    return "\n".join(lines) + "\n"


def install(text, target):
    if target.exists() and target.read_text() == text:
        log.info("%s already up to date", target)
        return False
    if os.geteuid() == 0:
        target.write_text(text)
        target.chmod(0o644)
    else:
        proc = subprocess.run(["sudo", "tee", str(target)], input=text.encode(),
                              stdout=subprocess.DEVNULL, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"could not write {target} (rc={proc.returncode})")
    log.info("installed %s", target)
    return True


def user_in_group(user, group):
    try:
        gr = grp.getgrnam(group)
    except KeyError:
        return False
    return user in gr.gr_mem or pwd.getpwnam(user).pw_gid == gr.gr_gid


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="playout_rt.toml")
    ap.add_argument("--user", default=os.environ.get("PLAYOUT_USER", pwd.getpwuid(os.getuid()).pw_name))
    ap.add_argument("--check", action="store_true", help="only report current limits")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_cfg(args.config)
    log.info("current limits for %s: %s", args.user, current_limits())
    if args.check:
        return 0

    target = LIMITS_DIR / cfg["filename"]
    try:
        changed = install(render(cfg), target)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1

    if not user_in_group(args.user, cfg["group"]):
        log.warning("%s is not in group %s; add it before the limits apply", args.user, cfg["group"])
    if changed:
        log.info("log out and back in (or restart the playout session) to pick up new limits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
