#!/usr/bin/env python3
"""Let members of a 'pcap' group capture without root.

Equivalent of Debian's "wireshark-common/install-setuid" question, for hosts
where the package was installed without it: restrict dumpcap to a capture
group and give it CAP_NET_RAW/CAP_NET_ADMIN as file capabilities.
"""
import argparse
import grp
import logging
import os
import shutil
import stat
import subprocess
import sys

log = logging.getLogger("capsetup")

CANDIDATES = ("/usr/bin/dumpcap", "/usr/sbin/dumpcap", "/usr/local/bin/dumpcap")
CAPS = "cap_net_raw,cap_net_admin=eip"


def find_dumpcap(explicit):
    if explicit:
        return explicit
    for path in CANDIDATES:
        if os.path.isfile(path):
            return path
    found = shutil.which("dumpcap")
    if not found:
        raise FileNotFoundError("dumpcap not found; install wireshark-common / wireshark-cli")
    return os.path.realpath(found)


def current_caps(path):
    getcap = shutil.which("getcap") or "/usr/sbin/getcap"
    res = subprocess.run([getcap, path], capture_output=True, text=True)
    return res.stdout.strip().partition(" ")[2] or "(none)"


def restrict_to_group(path, group):
    gid = grp.getgrnam(group).gr_gid
    os.chown(path, 0, gid)
    # rwxr-x--- : only root and the capture group may execute it
    os.chmod(path, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP)
    log.info("%s now root:%s mode 0750", path, group)


def grant_caps(path, dry_run):
    setcap = shutil.which("setcap") or "/usr/sbin/setcap"
    cmd = [setcap, CAPS, path]
    if dry_run:
        log.info("would run: %s", " ".join(cmd))
        return
    subprocess.run(cmd, check=True)
    log.info("capabilities now: %s", current_caps(path))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="pcap")
    ap.add_argument("--dumpcap")
    ap.add_argument("--add-user", action="append", default=[], metavar="USER")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="capsetup: %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must be run as root")
        return 1
    try:
        path = find_dumpcap(args.dumpcap)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    log.info("dumpcap: %s, capabilities before: %s", path, current_caps(path))

    try:
        grp.getgrnam(args.group)
    except KeyError:
        if args.dry_run:
            log.info("would create group %s", args.group)
        else:
            subprocess.run(["groupadd", "--system", args.group], check=True)
    for user in args.add_user:
        if args.dry_run:
            log.info("would add %s to %s", user, args.group)
        else:
            subprocess.run(["usermod", "-aG", args.group, user], check=True)

    if not args.dry_run:
        restrict_to_group(path, args.group)
    try:
        grant_caps(path, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("setcap failed (%s); is libcap2-bin installed?", exc.returncode)
        return 1
    log.info("done; users must log in again for the group to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
