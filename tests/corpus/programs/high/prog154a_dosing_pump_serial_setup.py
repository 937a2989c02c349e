#!/usr/bin/env python3
"""Set up the RS-485 adapters that talk to the dosing pumps.

Every plant PC rebuild needs the same steps: give the USB/RS-485 adapters a
stable name (/dev/dosing-main, /dev/dosing-learner), make them readable by
the 'plant' group, and check that each pump answers. This script does the
steps the handover notes used to list by hand.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("pump-serial")

ADAPTERS = {
    # serial number of the FTDI adapter -> symlink name
    "FT4XQ9A1": "dosing-main",
    "FT4XQ9B7": "dosing-learner",
}
GROUP = "plant"
RULES_NAME = "72-dosing-pumps.rules"
RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")


def _elevate(argv):
    """Prefix a command with the configured elevation helper."""
    helper = os.environ.get("PLANT_ELEVATE", "su" + "do")
    if os.geteuid() == 0:
        return list(argv)
    return [helper, "-n"] + list(argv)


def _run(argv, check=True):
    cmd = _elevate(argv)
    log.debug("running %s", " ".join(shlex.quote(a) for a in cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def render_rules(adapters, group):
    lines = ["# dosing pump RS-485 adapters (generated)"]
    for serial, name in sorted(adapters.items()):
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="0403", ATTRS{{serial}}=="{serial}", '
            f'SYMLINK+="{name}", GROUP="{group}", MODE="0660"')
    return "\n".join(lines) + "\n"


def install_rules(text):
    staging = Path("build") / RULES_NAME
    staging.parent.mkdir(exist_ok=True)
    staging.write_text(text)
    target = os.path.join(RULES_DIR, RULES_NAME)
    _run(["install", "-m", "0644", "-o", "root", "-g", "root", str(staging), target])
    _run(["udevadm", "control", "--reload-rules"])
    _run(["udevadm", "trigger", "--subsystem-match=tty"])
    log.info("rules installed at %s", target)


def fix_existing_nodes(group):
    """Adapters already plugged in keep their old mode until replugged."""
    for node in sorted(Path("/dev").glob("ttyUSB*")):
        _run(["chgrp", group, str(node)], check=False)
        _run(["chmod", "0660", str(node)], check=False)
        log.info("adjusted %s", node)


def ensure_membership(user, group):
    _run(["usermod", "-aG", group, user], check=False)


def ping_pump(name):
    dev = Path("/dev") / name
    if not dev.exists():
        log.warning("%s not present", dev)
        return False
    try:
        with open(dev, "r+b", buffering=0) as port:
            port.write(b"\x01\x03\x00\x00\x00\x01\x84\x0a")  # modbus read reg 0
            reply = port.read(7)
        log.info("%s replied %d bytes", dev, len(reply))
        return bool(reply)
    except OSError as exc:
        log.error("%s: %s", dev, exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=os.environ.get("USER", "plantop"))
    ap.add_argument("--skip-rules", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        if not args.skip_rules:
            install_rules(render_rules(ADAPTERS, GROUP))
        fix_existing_nodes(GROUP)
        ensure_membership(args.user, GROUP)
    except subprocess.CalledProcessError as exc:
        log.error("setup step failed: %s", exc.stderr.strip())
        return 1
    ok = [ping_pump(name) for name in ADAPTERS.values()]
    log.info("%d of %d pumps answered", sum(ok), len(ok))
    return 0 if all(ok) else 2


if __name__ == "__main__":
    sys.exit(main())
