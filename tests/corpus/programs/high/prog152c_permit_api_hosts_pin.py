#!/usr/bin/env python3
"""Pin the import permit API to the airport-side mirror.

During the customs network migration the permit API must be reached via
the airport DMZ mirror instead of public DNS. This tool adds (or removes)
the pinned entries in the hosts file and restarts the local resolver so
the kennel workstations pick the change up immediately.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime

log = logging.getLogger("permit-pin")

HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")
BEGIN = "# >>> permit-api pin >>>"
END = "# <<< permit-api pin <<<"

PINS = {
    "permits.example.com": "198.51.100.40",
    "permits-auth.example.com": "198.51.100.41",
}

RESOLVER_UNITS = ["systemd-resolved", "nscd", "dnsmasq"]


def elevate(argv):
    """Prefix a command so it can touch system files when we are not root."""
    if os.geteuid() == 0:
        return argv
    for helper in ("sudo", "doas"):
        if shutil.which(helper):
            return [helper, "-n"] + argv
    return argv


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


def write_hosts(new_text):
    backup = f"{HOSTS_PATH}.bak-{datetime.now():%Y%m%d%H%M%S}"
    if os.geteuid() == 0:
        shutil.copy2(HOSTS_PATH, backup)
        with open(HOSTS_PATH, "w") as fh:
            fh.write(new_text)
        return
    # non-root: stream the new content through tee under the helper
    subprocess.run(elevate(["cp", HOSTS_PATH, backup]), check=True)
    subprocess.run(elevate(["tee", HOSTS_PATH]), input=new_text.encode(),
                   stdout=subprocess.DEVNULL, check=True)


def restart_resolver():
    ctl = "system" + "ctl"
    for unit in RESOLVER_UNITS:
        probe = subprocess.run([ctl, "is-active", "--quiet", unit])
        if probe.returncode == 0:
            log.info("restarting %s", unit)
            subprocess.run(elevate([ctl, "restart", unit]), check=False)
            return unit
    log.info("no caching resolver running")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--apply", action="store_true")
    group.add_argument("--remove", action="store_true")
    group.add_argument("--show", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(HOSTS_PATH) as fh:
        current = fh.read()

    if args.show:
        print(render_block(PINS))
        print("currently pinned:", BEGIN in current)
        return 0

    base = strip_block(current)
    new_text = base if args.remove else base.rstrip("\n") + "\n" + render_block(PINS)
    if new_text == current:
        log.info("hosts file already up to date")
        return 0
    try:
        write_hosts(new_text)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not update %s: %s", HOSTS_PATH, exc)
        return 1
    restart_resolver()
    log.info("permit API pin %s", "removed" if args.remove else "applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
