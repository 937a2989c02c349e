#!/usr/bin/env python3
"""Push gate camera names and the terminal time source onto a gate PC.

The gate PCs resolve cameras by name and must keep their clocks aligned with
the terminal NTP server, otherwise number-plate reads cannot be matched to
bookings. This tool renders a managed block into the hosts file and the
chrony configuration and restarts the time service.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time

LOG = logging.getLogger("gate-host-config")

MARK_BEGIN = "# >>> ferry-gate managed >>>"
MARK_END = "# <<< ferry-gate managed <<<"

CAMERAS = {
    "cam-gate-a": "198.51.100.21",
    "cam-gate-b": "198.51.100.22",
    "cam-ramp-1": "198.51.100.31",
    "cam-ramp-2": "198.51.100.32",
}
NTP_SERVERS = ["198.51.100.5", "198.51.100.6"]

# system locations differ per distro; first existing one wins
TARGETS = {
    "hosts": [os.path.join(os.sep, "etc", "hosts")],
    "chrony": [os.path.join(os.sep, "etc", "chrony", "chrony.conf"),
               os.path.join(os.sep, "etc", "chrony.conf")],
}
TIME_UNITS = ["chrony", "chronyd"]


def first_existing(paths):
    for p in paths:
        if os.path.exists(p):
            return p
    return paths[0]


def replace_block(text, body):
    """Replace (or append) the managed block in a config file's text."""
    block = "%s\n%s\n%s\n" % (MARK_BEGIN, body.rstrip("\n"), MARK_END)
    if MARK_BEGIN in text and MARK_END in text:
        head, rest = text.split(MARK_BEGIN, 1)
        _, tail = rest.split(MARK_END, 1)
        return head + block + tail.lstrip("\n")
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def write_managed(path, body, dry_run):
    try:
        with open(path, encoding="utf-8") as fh:
            current = fh.read()
    except FileNotFoundError:
        current = ""
    updated = replace_block(current, body)
    if updated == current:
        LOG.info("%s already up to date", path)
        return False
    if dry_run:
        LOG.info("would update %s", path)
        return False
    if current:
        shutil.copy2(path, "%s.bak-%d" % (path, int(time.time())))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(updated)
    os.chmod(path, 0o644)
    LOG.info("updated %s", path)
    return True


def restart_time_service():
    ctl = shutil.which("systemctl") or "/bin/systemctl"
    for unit in TIME_UNITS:
        rc = subprocess.run([ctl, "restart", unit], capture_output=True).returncode
        if rc == 0:
            LOG.info("restarted %s", unit)
            return True
    LOG.warning("no time service restarted")
    return False


def main():
    ap = argparse.ArgumentParser(description="Configure a port gate PC")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    hosts_body = "\n".join("%s\t%s" % (ip, name) for name, ip in sorted(CAMERAS.items()))
    chrony_body = "\n".join("server %s iburst" % s for s in NTP_SERVERS)

    try:
        write_managed(first_existing(TARGETS["hosts"]), hosts_body, args.dry_run)
        changed = write_managed(first_existing(TARGETS["chrony"]), chrony_body, args.dry_run)
    except PermissionError as exc:
        LOG.error("insufficient rights: %s", exc)
        return 1
    if changed:
        restart_time_service()
    return 0


if __name__ == "__main__":
    sys.exit(main())
