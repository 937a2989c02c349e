#!/usr/bin/env python3
"""Container entrypoint: fix volume ownership, then step down and exec the app.

Used as ENTRYPOINT in images that must start as root only long enough to
chown freshly provisioned PVC mounts (some CSI drivers ignore fsGroup). It
then drops supplementary groups, switches gid/uid, sets no_new_privs and
execs the real command, e.g.:

    entrypoint.py --user app --volume /data --volume /var/cache/app -- server --port 8080
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import stat
import sys

log = logging.getLogger("stepdown")

PR_SET_NO_NEW_PRIVS = 38
PR_CAPBSET_DROP = 24
CAP_LAST_CAP_PATH = "/proc/sys/kernel/cap_last_cap"

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def resolve_identity(user, group):
    try:
        pw = pwd.getpwnam(user)
        uid, default_gid, home = pw.pw_uid, pw.pw_gid, pw.pw_dir
    except KeyError:
        if not user.isdigit():
            raise SystemExit(f"unknown user {user}")
        uid, default_gid, home = int(user), int(user), "/"
    if group is None:
        gid = default_gid
    elif group.isdigit():
        gid = int(group)
    else:
        gid = grp.getgrnam(group).gr_gid
    return uid, gid, home


def chown_tree(root, uid, gid, max_entries):
    """Recursively chown a volume unless it already has the right owner."""
    st = os.lstat(root)
    if st.st_uid == uid and st.st_gid == gid:
        log.info("%s already owned by %d:%d", root, uid, gid)
        return 0
    changed = 0
    for dirpath, dirnames, filenames in os.walk(root):
        for name in [dirpath] + [os.path.join(dirpath, n) for n in dirnames + filenames]:
            os.lchown(name, uid, gid)
            changed += 1
            if changed >= max_entries:
                log.warning("stopped after %d entries in %s", changed, root)
                return changed
    mode = stat.S_IMODE(os.stat(root).st_mode)
    os.chmod(root, mode | stat.S_IRWXU | stat.S_ISGID)
    return changed


def drop_bounding_caps():
    try:
        with open(CAP_LAST_CAP_PATH) as fh:
            last = int(fh.read().strip())
    except OSError:
        last = 40
    for cap in range(last + 1):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            err = ctypes.get_errno()
            log.debug("capbset drop %d failed: %s", cap, os.strerror(err))


def step_down(uid, gid, home, user):
    os.setgroups([gid])
    os.setgid(gid)
    os.setuid(uid)
    if _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        log.warning("could not set no_new_privs")
    os.environ.update({"HOME": home, "USER": user, "LOGNAME": user})
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("privilege drop did not take effect")


def main():
    if "--" not in sys.argv:
        print(__doc__, file=sys.stderr)
        return 64
    split = sys.argv.index("--")
    own_args, command = sys.argv[1:split], sys.argv[split + 1:]

    ap = argparse.ArgumentParser(description="step-down entrypoint")
    ap.add_argument("--user", default=os.environ.get("APP_USER", "app"))
    ap.add_argument("--group")
    ap.add_argument("--volume", action="append", default=[])
    ap.add_argument("--max-chown", type=int, default=2_000_000)
    args = ap.parse_args(own_args)
    logging.basicConfig(level=os.environ.get("ENTRYPOINT_LOG", "INFO"),
                        format="entrypoint: %(message)s")

    if not command:
        log.error("no command given after --")
        return 64

    uid, gid, home = resolve_identity(args.user, args.group)
    if os.geteuid() == 0:
        for vol in args.volume:
            if os.path.isdir(vol):
                n = chown_tree(vol, uid, gid, args.max_chown)
                log.info("chowned %d entries under %s", n, vol)
        drop_bounding_caps()
        step_down(uid, gid, home, args.user)
    else:
        log.info("already running as uid %d, not stepping down", os.geteuid())

    log.info("exec %s as %d:%d", command[0], os.getuid(), os.getgid())
    os.execvp(command[0], command)


if __name__ == "__main__":
    sys.exit(main())
