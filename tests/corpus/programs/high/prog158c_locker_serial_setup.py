#!/usr/bin/env python3
"""Prepare a desk PC to drive the campus pickup lockers over USB serial.

The locker controller shows up as a USB serial adapter and talks to the
locker bank's local API on the building network.  This script pins the
controller's hostname and makes the serial port usable by the desk user.
"""
import argparse
import grp
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("locker_setup")

HOSTS_FILE = Path("/etc") / "hosts"
CONTROLLER_NAME = "locker-ctl.lan"
DEFAULT_IP = "198.51.100.24"
SERIAL_CANDIDATES = ["ttyUSB0", "ttyUSB1", "ttyACM0"]
DESK_GROUP = "lockerdesk"


def elevate_prefix() -> list[str]:
    """Return the command prefix needed to run as root on this box."""
    if os.geteuid() == 0:
        return []
    for tool in ("su" + "do", "do" + "as"):
        for d in ("/usr/bin", "/bin", "/usr/local/bin"):
            if os.path.exists(os.path.join(d, tool)):
                return [tool, "-n"] if tool.startswith("su") else [tool]
    raise RuntimeError("need root or a privilege helper to continue")


def run_as_root(argv: list[str], stdin: str | None = None) -> None:
    cmd = elevate_prefix() + argv
    log.debug("running: %s", shlex.join(cmd))
    subprocess.run(cmd, input=stdin, text=True, check=True)


def pin_controller(ip: str) -> None:
    current = HOSTS_FILE.read_text()
    if CONTROLLER_NAME in current:
        log.info("%s already pinned", CONTROLLER_NAME)
        return
    line = f"{ip}\t{CONTROLLER_NAME}  # locker bank controller\n"
    # tee -a so the append happens with root privileges
    run_as_root(["tee", "-a", str(HOSTS_FILE)], stdin=line)
    log.info("pinned %s -> %s", CONTROLLER_NAME, ip)


def find_serial() -> Path | None:
    for name in SERIAL_CANDIDATES:
        p = Path("/dev") / name
        if p.exists():
            return p
    return None


def open_serial(port: Path) -> None:
    try:
        grp.getgrnam(DESK_GROUP)
    except KeyError:
        log.warning("group %s missing, using dialout", DESK_GROUP)
        group = "dialout"
    else:
        group = DESK_GROUP
    run_as_root(["chown", f"root:{group}", str(port)])
    run_as_root(["chmod", "0666", str(port)])
    log.info("serial port %s opened to group %s", port, group)


def ping_controller() -> bool:
    try:
        import urllib.request
        with urllib.request.urlopen(f"http://{CONTROLLER_NAME}/status", timeout=4) as r:
            return r.status == 200
    except OSError:
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ip", default=DEFAULT_IP, help="controller IP on the building LAN")
    ap.add_argument("--skip-hosts", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if not args.skip_hosts:
            pin_controller(args.ip)
        port = find_serial()
        if port is None:
            log.error("no locker controller plugged in (looked for %s)", SERIAL_CANDIDATES)
            return 1
        open_serial(port)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 2
    log.info("controller reachable: %s", ping_controller())
    return 0


if __name__ == "__main__":
    sys.exit(main())
