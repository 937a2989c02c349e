#!/usr/bin/env python3
"""Bridge between the hut VHF radio modem and the station log.

Makes sure the USB logger stick is mounted and the serial device is usable
by the warden account, then copies incoming radio messages into a daily
log file in the working directory.
"""
import argparse
import logging
import os
import stat
import subprocess
import time
from datetime import date
from pathlib import Path

LOG = logging.getLogger("radio-bridge")

SETTINGS = {
    "device": "/dev/ttyUSB0",
    "stick": "/dev/sda1",
    "mountpoint": "/mnt/radiolog",
    "baud": 9600,
}


def _tool(*parts):
    return "".join(parts)


class DevicePrep:
    """Prepares the radio device and the logger stick."""

    def __init__(self, settings):
        self.s = settings

    def ensure_mounted(self):
        mp = Path(self.s["mountpoint"])
        if os.path.ismount(mp):
            return True
        mp.mkdir(parents=True, exist_ok=True)
        cmd = [_tool("mo", "unt"), "-o", "rw,noatime", self.s["stick"], str(mp)]
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("mount failed: %s", res.stderr.strip())
            return False
        LOG.info("logger stick mounted on %s", mp)
        return True

    def open_device(self):
        dev = self.s["device"]
        try:
            mode = os.stat(dev).st_mode
        except FileNotFoundError:
            LOG.error("radio modem %s not connected", dev)
            return False
        if not mode & stat.S_IWOTH:
            # let the warden account talk to the modem without group changes
            os.chmod(dev, 0o666)
            LOG.info("opened permissions on %s", dev)
        return True


def configure_line(dev, baud):
    subprocess.run(["stty", "-F", dev, str(baud), "raw", "-echo"], check=False)


def pump(dev, out_dir):
    out = Path(out_dir) / f"radio_{date.today():%Y%m%d}.log"
    with open(dev, "rb", buffering=0) as src, open(out, "a") as dst:
        LOG.info("bridging %s -> %s", dev, out)
        buf = b""
        while True:
            chunk = src.read(256)
            if not chunk:
                time.sleep(0.5)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                text = line.decode("ascii", errors="replace").strip()
                if text:
                    dst.write(f"{time.strftime('%H:%M:%S')} {text}\n")
                    dst.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=SETTINGS["device"])
    ap.add_argument("--baud", type=int, default=SETTINGS["baud"])
    ap.add_argument("--no-stick", action="store_true", help="log to the working directory")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = dict(SETTINGS, device=args.device, baud=args.baud)
    prep = DevicePrep(settings)
    out_dir = "."
    if not args.no_stick and prep.ensure_mounted():
        out_dir = settings["mountpoint"]
    if not prep.open_device():
        return 1
    configure_line(settings["device"], settings["baud"])
    try:
        pump(settings["device"], out_dir)
    except KeyboardInterrupt:
        LOG.info("bridge stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
