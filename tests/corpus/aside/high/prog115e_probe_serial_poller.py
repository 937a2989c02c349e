#!/usr/bin/env python3
"""Poll the multiparameter sonde on the pen ring and log water quality.

The sonde (DO, temperature, salinity, pH, turbidity) answers an ASCII
command set on RS-232.  The poller is started by the node's init script,
opens the serial port, then continues as the unprivileged service account
named in poller.ini before writing readings to ./readings/.
"""
import argparse
import configparser
import csv
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("sonde-poller")
FIELDS = ["ts", "pen", "do_mg_l", "do_sat_pct", "temp_c", "sal_psu", "ph", "turb_ntu"]


class Identity:
    """Switches the process to the configured service account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user):
        self.entry = pwd.getpwnam(user)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def assume(self):
        uid, gid = self.entry.pw_uid, self.entry.pw_gid
        groups = [g.gr_gid for g in grp.getgrall() if self.entry.pw_name in g.gr_mem]
        arr = (ctypes.c_uint * len(groups))(*groups)
        self._check(self._libc.setgroups(len(groups), arr), "setgroups")
        self._check(self._libc.setresgid(gid, gid, gid), "setresgid")
        self._check(self._libc.setresuid(uid, uid, uid), "setresuid")
        os.environ["HOME"] = self.entry.pw_dir
        LOG.info("running as %s (%d:%d)", self.entry.pw_name, uid, gid)


def parse_reply(line):
    """'DO=7.82,SAT=94.1,T=9.35,SAL=33.8,PH=7.95,TURB=1.2' -> dict"""
    out = {}
    for part in line.strip().split(","):
        if "=" in part:
            k, v = part.split("=", 1)
            try:
                out[k.strip().upper()] = float(v)
            except ValueError:
                pass
    return out


def read_sonde(port, retries=3):
    for attempt in range(retries):
        port.reset_input_buffer()
        port.write(b"MEAS\r\n")
        reply = port.readline().decode("ascii", "replace")
        values = parse_reply(reply)
        if "DO" in values:
            return values
        LOG.debug("bad reply %r (attempt %d)", reply, attempt + 1)
        time.sleep(1)
    return None


def write_reading(outdir, pen, v):
    row = {"ts": datetime.now(timezone.utc).isoformat(timespec="seconds"), "pen": pen,
           "do_mg_l": v.get("DO"), "do_sat_pct": v.get("SAT"), "temp_c": v.get("T"),
           "sal_psu": v.get("SAL"), "ph": v.get("PH"), "turb_ntu": v.get("TURB")}
    outdir.mkdir(parents=True, exist_ok=True)
    daily = outdir / f"{pen}_{row['ts'][:10]}.csv"
    new = not daily.exists()
    with daily.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerow(row)
    (outdir / "latest.json").write_text(json.dumps({"readings": [row]}))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="poller.ini")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    section = cfg["sonde"] if cfg.has_section("sonde") else {}
    device = section.get("device", "/dev/ttyS1")
    pen = section.get("pen", "01")
    interval = int(section.get("interval", 60))
    run_as = section.get("user", "aquapoll")
    outdir = Path(section.get("output", "readings")).resolve()

    try:
        port = serial.Serial(device, baudrate=int(section.get("baud", 9600)), timeout=3)
    except serial.SerialException as exc:
        LOG.error("cannot open %s: %s", device, exc)
        return 1
    try:
        Identity(run_as).assume()
    except (KeyError, OSError) as exc:
        LOG.error("cannot switch to %s: %s", run_as, exc)
        return 1

    while True:
        values = read_sonde(port)
        if values:
            write_reading(outdir, pen, values)
            LOG.info("pen %s DO=%.2f mg/l T=%.2f C", pen, values["DO"], values.get("T", float("nan")))
        else:
            LOG.warning("no valid reply from sonde on %s", device)
        if args.once:
            return 0
        time.sleep(interval)


if __name__ == "__main__":
    sys.exit(main())
