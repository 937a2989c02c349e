#!/usr/bin/env python3
"""Tune a capture station for tethered shooting with large RAW files.

Medium-format backs push 100+ MB frames over USB; the default usbfs buffer
and writeback settings make the tether app stall. This tool raises the
usbfs memory limit, adjusts dirty-page writeback so the hot folder flushes
smoothly, then drops back to the photographer's account and starts the
tether application with those settings in place.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
import sys

log = logging.getLogger("tether-tuning")

TUNABLES = {
    "/sys/module/usbcore/parameters/usbfs_memory_mb": "1024",
    "/proc/sys/vm/dirty_background_bytes": str(64 * 1024 * 1024),
    "/proc/sys/vm/dirty_bytes": str(256 * 1024 * 1024),
}


def ensure_root(argv):
    """Re-launch through the elevation helper when started as a normal user."""
    if os.geteuid() == 0:
        return
    helper = os.environ.get("TT_ELEVATE", "sudo")
    log.info("re-launching through %s", helper)
    keep = "--preserve-env=TT_USER,DISPLAY,XAUTHORITY"
    os.execvp(helper, [helper, keep, sys.executable, os.path.abspath(__file__)] + argv)


def read_value(path):
    try:
        with open(path) as fh:
            return fh.read().strip()
    except OSError:
        return None


def apply_tunables(dry_run):
    changed = 0
    for path, wanted in TUNABLES.items():
        current = read_value(path)
        if current is None:
            log.warning("%s not present on this kernel", path)
            continue
        if current == wanted:
            log.info("%s already %s", path, wanted)
            continue
        log.info("%s: %s -> %s", path, current, wanted)
        if not dry_run:
            with open(path, "w") as fh:
                fh.write(wanted)
            changed += 1
    return changed


class Libc:
    """Thin ctypes wrapper; the os module version of setgroups needs a list of
    ints, but we also want the errno on failure."""

    def __init__(self):
        self.lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    def drop_to(self, user):
        entry = pwd.getpwnam(user)
        groups = (ctypes.c_uint * 1)(entry.pw_gid)
        self._check(self.lib.setgroups(1, groups), "setgroups")
        self._check(self.lib.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid), "setresgid")
        self._check(self.lib.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid), "setresuid")
        os.environ["HOME"] = entry.pw_dir
        os.environ["USER"] = entry.pw_name


def main():
    parser = argparse.ArgumentParser(description="Tune station for tethering")
    parser.add_argument("--user", default=os.environ.get("TT_USER") or os.environ.get("SUDO_USER"))
    parser.add_argument("--app", default="/opt/tether/bin/tether-app")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-launch", action="store_true")
    args, rest = parser.parse_known_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root(sys.argv[1:])
    changed = apply_tunables(args.dry_run)
    log.info("%d setting(s) changed", changed)
    if args.no_launch or args.dry_run:
        return 0
    if not args.user:
        log.error("no user to hand the session back to (use --user)")
        return 1
    try:
        Libc().drop_to(args.user)
    except (OSError, KeyError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    os.execv(args.app, [args.app] + rest)


if __name__ == "__main__":
    sys.exit(main())
