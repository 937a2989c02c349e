#!/usr/bin/env python3
"""Start the playout engine as the unprivileged ``radio`` user.

Run from the station's rc.local / init script (i.e. as root). Before handing
over it makes sure the audio group may use realtime scheduling, so the
engine does not drop out when someone opens a browser on the air PC.

    playout_daemon_launcher.py --user radio -- /opt/playout/bin/engine --config /opt/playout/air.ini
"""

import argparse
import grp
import logging
import logging.handlers
import os
import pwd
import resource
import sys

LIMITS_FILE = "/etc/security/limits.d/95-playout-audio.conf"
LIMITS_BODY = """# managed by playout_daemon_launcher.py
@{group}   -  rtprio     95
@{group}   -  memlock    unlimited
@{group}   -  nice       -10
"""

log = logging.getLogger("playout-launcher")


def setup_logging():
    log.setLevel(logging.INFO)
    try:
        handler = logging.handlers.SysLogHandler(address="/dev/log")
        handler.setFormatter(logging.Formatter("playout-launcher: %(message)s"))
    except OSError:
        handler = logging.StreamHandler()
    log.addHandler(handler)


def ensure_rt_limits(group):
    wanted = LIMITS_BODY.format(group=group)
    try:
        with open(LIMITS_FILE, encoding="utf-8") as fh:
            if fh.read() == wanted:
                return False
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(LIMITS_FILE), exist_ok=True)
    with open(LIMITS_FILE, "w", encoding="utf-8") as fh:
        fh.write(wanted)
    os.chmod(LIMITS_FILE, 0o644)
    log.info("wrote %s", LIMITS_FILE)
    return True


def raise_limits_for_child():
    # limits.d only applies to PAM sessions, so set them for our own child too
    for res, value in ((resource.RLIMIT_RTPRIO, 95),
                       (resource.RLIMIT_MEMLOCK, resource.RLIM_INFINITY)):
        try:
            resource.setrlimit(res, (value, value))
        except (ValueError, OSError) as exc:
            log.warning("setrlimit %s failed: %s", res, exc)


def become(user, extra_groups):
    pw = pwd.getpwnam(user)
    gids = {pw.pw_gid}
    for name in extra_groups:
        try:
            gids.add(grp.getgrnam(name).gr_gid)
        except KeyError:
            log.warning("group %s does not exist, skipping", name)
    os.setgroups(sorted(gids))
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    os.chdir(pw.pw_dir)
    log.info("running as %s (uid %d) with groups %s", user, pw.pw_uid, sorted(gids))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default="radio")
    ap.add_argument("--audio-group", default="audio")
    ap.add_argument("--groups", default="audio,plugdev", help="comma list of extra groups")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    setup_logging()

    cmd = [c for c in args.command if c != "--"]
    if not cmd:
        ap.error("no engine command given")
    if os.geteuid() != 0:
        log.error("must be started as root (from init), not uid %d", os.geteuid())
        return 1

    try:
        ensure_rt_limits(args.audio_group)
    except OSError as exc:
        log.error("could not write realtime limits: %s", exc)
    raise_limits_for_child()
    try:
        become(args.user, [g for g in args.groups.split(",") if g])
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1

    log.info("exec %s", " ".join(cmd))
    os.execvp(cmd[0], cmd)


if __name__ == "__main__":
    sys.exit(main())
