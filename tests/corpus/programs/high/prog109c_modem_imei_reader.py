#!/usr/bin/env python3
"""Read IMEI / model / firmware from phones and USB modems over their AT port.

Many Android phones in diagnostic mode (and most USB dongles) expose a serial
AT interface.  This walks /dev/ttyACM* and /dev/ttyUSB*, sends the usual
identification commands and prints what each port answers, so the intake
form can be filled in without navigating the phone's menus.
"""

import argparse
import glob
import grp
import json
import logging
import os
import shutil
import stat
import subprocess
import sys
import time

import serial  # pyserial

log = logging.getLogger("at-imei")

AT_QUERIES = {
    "imei": "AT+CGSN",
    "manufacturer": "AT+CGMI",
    "model": "AT+CGMM",
    "firmware": "AT+CGMR",
}


class PortAccess:
    """Makes sure the current user can open the serial node."""

    wanted_mode = 0o666

    def __init__(self, path):
        self.path = path

    def usable(self):
        return os.access(self.path, os.R_OK | os.W_OK)

    def describe(self):
        st = os.stat(self.path)
        try:
            group = grp.getgrgid(st.st_gid).gr_name
        except KeyError:
            group = str(st.st_gid)
        return f"{self.path} mode={stat.filemode(st.st_mode)} group={group}"

    def open_up(self):
        if self.usable():
            return True
        log.debug("no access: %s", self.describe())
        try:
            os.chmod(self.path, self.wanted_mode)
        except PermissionError:
            helper = shutil.which("sudo")
            if helper is None:
                return False
            cmd = [helper, "-n", "chmod", format(self.wanted_mode, "o"), self.path]
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode != 0:
                log.warning("could not open %s: %s", self.path, res.stderr.strip())
                return False
        return self.usable()


def at_query(port, command, timeout=2.0):
    port.reset_input_buffer()
    port.write((command + "\r").encode())
    deadline = time.monotonic() + timeout
    lines = []
    while time.monotonic() < deadline:
        raw = port.readline().decode(errors="replace").strip()
        if not raw or raw == command:
            continue
        if raw in ("OK", "ERROR") or raw.startswith("+CME ERROR"):
            if raw != "OK":
                return None
            break
        lines.append(raw)
    return " ".join(lines) or None


def probe(path, baud):
    info = {"port": path}
    with serial.Serial(path, baudrate=baud, timeout=0.5) as port:
        if at_query(port, "AT") is None and at_query(port, "ATE0") is None:
            info["error"] = "no AT response"
            return info
        for field, cmd in AT_QUERIES.items():
            value = at_query(port, cmd)
            if value:
                info[field] = value.replace("+CGSN:", "").strip().strip('"')
    return info


def candidate_ports(patterns):
    seen = []
    for pattern in patterns:
        seen.extend(sorted(glob.glob(pattern)))
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ports", nargs="*", help="serial ports (default: autodetect)")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-fix-perms", dest="fix_perms", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    ports = args.ports or candidate_ports(["/dev/ttyACM*", "/dev/ttyUSB*"])
    if not ports:
        log.error("no serial ports found - is the phone in diagnostic mode?")
        return 1

    results = []
    for path in ports:
        access = PortAccess(path)
        if not access.usable() and not (args.fix_perms and access.open_up()):
            log.warning("skipping %s (permission denied)", path)
            continue
        try:
            results.append(probe(path, args.baud))
        except serial.SerialException as exc:
            log.warning("%s: %s", path, exc)

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for r in results:
            if "error" in r:
                print(f"{r['port']:<16} {r['error']}")
            else:
                print(f"{r['port']:<16} IMEI {r.get('imei', '?'):<17} "
                      f"{r.get('manufacturer', '')} {r.get('model', '')} fw {r.get('firmware', '?')}")
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
