#!/usr/bin/env python3
"""Tank probe station setup.

Prepares a new cellar workstation for the fermentation probe reader:
registers the tank controller hostnames and makes the USB-serial probe
adapters readable by the cellar operator account.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("probe-setup")

CONTROLLERS = {
    "tankctl-a.cellar": "198.51.100.21",
    "tankctl-b.cellar": "198.51.100.22",
    "tankctl-c.cellar": "198.51.100.23",
}
MARKER = "# cellar tank controllers"

# system locations are kept as parts so the same script works on the test rig
ROOTS = {"cfg": os.sep + "etc", "dev": os.sep + "dev"}


def hosts_file():
    return os.path.join(ROOTS["cfg"], "ho" + "sts")


def elevate(cmd):
    """Run a command with elevation if we are not already root."""
    if os.geteuid() == 0:
        return subprocess.run(cmd, check=False).returncode
    helper = next((h for h in ("sudo", "doas") if shutil.which(h)), None)
    if helper is None:
        LOG.error("need root for: %s", " ".join(cmd))
        return 1
    return subprocess.run([helper, "-n"] + cmd, check=False).returncode


def register_controllers(dry_run):
    path = hosts_file()
    with open(path) as fh:
        current = fh.read()
    if MARKER in current:
        LOG.info("controllers already registered in %s", path)
        return
    block = "\n%s\n" % MARKER + "".join("%s\t%s\n" % (ip, name) for name, ip in CONTROLLERS.items())
    if dry_run:
        LOG.info("would append to %s:%s", path, block)
        return
    try:
        with open(path, "a") as fh:
            fh.write(block)
    except PermissionError:
        # fall back to tee with elevation
        proc = subprocess.run(["sudo", "tee", "-a", path], input=block.encode(),
                              stdout=subprocess.DEVNULL, check=False)
        if proc.returncode != 0:
            LOG.error("could not update %s", path)
            return
    LOG.info("registered %d controllers", len(CONTROLLERS))


def open_serial_adapters(dry_run):
    pattern = os.path.join(ROOTS["dev"], "tty" + "USB*")
    ports = sorted(glob.glob(pattern))
    if not ports:
        LOG.warning("no probe adapters plugged in (%s)", pattern)
        return
    for port in ports:
        if dry_run:
            LOG.info("would open up %s", port)
            continue
        try:
            os.chmod(port, 0o666)
        except PermissionError:
            elevate(["chmod", "a+rw", port])
        LOG.info("adapter %s ready", port)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-hosts", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        if not args.skip_hosts:
            register_controllers(args.dry_run)
        open_serial_adapters(args.dry_run)
    except OSError as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
