#!/usr/bin/env python3
"""Flash flight-controller / motor-board firmware over USB DFU or serial.

Supports two paths:
  * STM32 boards in DFU mode via dfu-util (0483:df11)
  * boards with a serial bootloader via stm32flash on /dev/ttyACM*/ttyUSB*

The board is put into its bootloader by sending the 1200-baud touch on the
CDC port, then the image is written and verified.  The user must be in the
dialout/plugdev groups.
"""
import argparse
import glob
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import time

import serial

LOG = logging.getLogger("fw_loader")
DFU_ID = "0483:df11"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def find_port(preferred=None):
    if preferred:
        return preferred
    for pattern in ("/dev/serial/by-id/*STM*", "/dev/ttyACM*", "/dev/ttyUSB*"):
        hits = sorted(glob.glob(pattern))
        if hits:
            return os.path.realpath(hits[0])
    return None


def check_port_access(port):
    if not os.access(port, os.R_OK | os.W_OK):
        LOG.error("no read/write access to %s; add yourself to the dialout group "
                  "(and log in again)", port)
        return False
    return True


def touch_1200(port):
    """Classic 1200 baud open/close that drops CDC bootloaders into DFU."""
    try:
        with serial.Serial(port, 1200) as s:
            s.dtr = False
            time.sleep(0.2)
    except serial.SerialException as exc:
        LOG.warning("1200 touch on %s failed: %s", port, exc)


def wait_for_dfu(timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        out = subprocess.run(["dfu-util", "-l"], capture_output=True, text=True).stdout
        if DFU_ID in out:
            return True
        time.sleep(0.5)
    return False


def flash_dfu(image, address, leave=True):
    cmd = ["dfu-util", "-a", "0", "-d", DFU_ID, "-s", f"{address}" + (":leave" if leave else ""),
           "-D", image]
    LOG.info("running %s", " ".join(cmd))
    return subprocess.run(cmd).returncode


def flash_serial(image, port, baud):
    cmd = ["stm32flash", "-b", str(baud), "-w", image, "-v", "-g", "0x0", port]
    LOG.info("running %s", " ".join(cmd))
    return subprocess.run(cmd).returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("image", help=".bin firmware image")
    ap.add_argument("--mode", choices=("dfu", "serial"), default="dfu")
    ap.add_argument("--port")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--address", default="0x08000000")
    ap.add_argument("--expect-sha256")
    ap.add_argument("--no-touch", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    if not os.path.isfile(args.image):
        LOG.error("image %s not found", args.image)
        return 1
    digest = sha256(args.image)
    LOG.info("image sha256 %s", digest)
    if args.expect_sha256 and digest != args.expect_sha256.lower():
        LOG.error("checksum mismatch")
        return 1

    tool = "dfu-util" if args.mode == "dfu" else "stm32flash"
    if not shutil.which(tool):
        LOG.error("%s not installed", tool)
        return 1

    port = find_port(args.port)
    if args.mode == "dfu":
        if port and not args.no_touch and check_port_access(port):
            touch_1200(port)
        if not wait_for_dfu():
            LOG.error("no DFU device %s appeared", DFU_ID)
            return 1
        rc = flash_dfu(args.image, args.address)
    else:
        if not port or not check_port_access(port):
            return 1
        rc = flash_serial(args.image, port, args.baud)

    LOG.info("flash %s", "OK" if rc == 0 else f"failed (rc={rc})")
    return rc


if __name__ == "__main__":
    sys.exit(main())
