#!/usr/bin/env python3
"""Poll SDI-12 soil moisture / temperature probes through a USB adapter.

The field boxes use an FTDI-based SDI-12 adapter.  On a freshly imaged
gateway the adapter node comes up owned by root with mode 0600 and the
ftdi_sio driver is sometimes not loaded at all, so the poller prepares the
port before it opens it.  Readings are appended to probes-YYYYMMDD.csv.
"""
import argparse
import csv
import grp
import logging
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import serial

LOG = logging.getLogger("sdi12")

DRIVER = "ftdi_sio"


class PortPreparer:
    def __init__(self, device, group="dialout", mode=0o660):
        self.device = device
        self.group = group
        self.mode = mode

    @staticmethod
    def _loaded(module):
        try:
            with open("/proc/modules") as fh:
                return any(line.split()[0] == module for line in fh)
        except OSError:
            return False

    def ensure_driver(self):
        if self._loaded(DRIVER):
            return
        LOG.info("loading %s", DRIVER)
        subprocess.run(["modprobe", DRIVER], check=True)
        for _ in range(30):
            if os.path.exists(self.device):
                return
            time.sleep(0.2)
        raise FileNotFoundError(self.device)

    def ensure_access(self):
        gid = grp.getgrnam(self.group).gr_gid
        st = os.stat(self.device)
        if st.st_gid != gid:
            os.chown(self.device, -1, gid)
        if (st.st_mode & 0o777) != self.mode:
            os.chmod(self.device, self.mode)
        LOG.info("%s ready (group %s, mode %o)", self.device, self.group, self.mode)

    def prepare(self):
        self.ensure_driver()
        self.ensure_access()


class Sdi12Bus:
    def __init__(self, device):
        self.port = serial.Serial(device, 1200, bytesize=7, parity="E",
                                  stopbits=1, timeout=1.5)

    def command(self, cmd):
        self.port.break_condition = True
        time.sleep(0.015)
        self.port.break_condition = False
        time.sleep(0.01)
        self.port.reset_input_buffer()
        self.port.write(cmd.encode("ascii"))
        return self.port.read_until(b"\r\n").decode("ascii", "replace").strip()

    def measure(self, addr):
        reply = self.command("%sM!" % addr)
        if len(reply) < 5:
            raise IOError("no reply from probe %s" % addr)
        wait_s, count = int(reply[1:4]), int(reply[4])
        time.sleep(wait_s)
        values = []
        d = 0
        while len(values) < count and d < 10:
            data = self.command("%sD%d!" % (addr, d))
            parts = data[1:].replace("-", " -").replace("+", " +").split()
            values.extend(float(p) for p in parts)
            d += 1
        return values[:count]

    def close(self):
        self.port.close()


def append_rows(rows, out_dir):
    out_dir.mkdir(exist_ok=True)
    path = out_dir / datetime.now().strftime("probes-%Y%m%d.csv")
    new = not path.exists()
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["ts", "probe", "values"])
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--probes", default="0,1,2", help="comma separated SDI-12 addresses")
    ap.add_argument("--interval", type=int, default=600)
    ap.add_argument("--out", type=Path, default=Path("readings"))
    ap.add_argument("--no-prepare", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_prepare:
        try:
            PortPreparer(args.device).prepare()
        except (OSError, subprocess.CalledProcessError, KeyError) as exc:
            LOG.error("could not prepare %s: %s", args.device, exc)
            return 1

    bus = Sdi12Bus(args.device)
    addrs = [a.strip() for a in args.probes.split(",") if a.strip()]
    try:
        while True:
            rows = []
            for addr in addrs:
                try:
                    vals = bus.measure(addr)
                    rows.append([datetime.now().isoformat(timespec="seconds"), addr,
                                 ";".join("%g" % v for v in vals)])
                except (IOError, ValueError) as exc:
                    LOG.warning("probe %s: %s", addr, exc)
            append_rows(rows, args.out)
            LOG.info("logged %d probe readings", len(rows))
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        bus.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
