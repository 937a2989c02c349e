#!/usr/bin/env python3
"""Serial bridge for the wheel-alignment rig's USB head sensors.

The rig's measuring heads talk over a CH340 USB-serial adapter.  This
reads the sensor frames (``$ALN,<wheel>,<toe>,<camber>,<caster>*CS``),
averages them over a settle window and writes one .ali result file per
vehicle into ``rig_share/`` for the export script to pick up.

On first run it installs a udev rule so the adapter always appears as
/dev/alignment-rig and is usable without root.
"""
import argparse
import glob
import logging
import os
import stat
import subprocess
import time
from collections import defaultdict
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("rig-bridge")

UDEV_RULE = Path("/etc/udev/rules.d/71-alignment-rig.rules")
RULE_TEXT = ('SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523", '
             'SYMLINK+="alignment-rig", MODE="0666", GROUP="dialout"\n')
WHEELS = ("FL", "FR", "RL", "RR")


def prepare_device(preferred="/dev/alignment-rig"):
    """Make sure the adapter node exists and the workshop user can open it."""
    if not UDEV_RULE.exists():
        try:
            UDEV_RULE.write_text(RULE_TEXT)
            subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
            subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=False)
            time.sleep(1.5)
            log.info("installed %s", UDEV_RULE)
        except PermissionError:
            log.warning("cannot write %s; falling back to raw ttyUSB node", UDEV_RULE)
    if os.path.exists(preferred):
        return preferred
    candidates = sorted(glob.glob("/dev/ttyUSB*"))
    if not candidates:
        raise SystemExit("alignment rig adapter not found")
    dev = candidates[0]
    mode = stat.S_IMODE(os.stat(dev).st_mode)
    if mode & 0o006 != 0o006:
        os.chmod(dev, 0o666)
    return dev


def parse_frame(line):
    if not line.startswith("$ALN,") or "*" not in line:
        return None
    body, _, cs = line[1:].partition("*")
    calc = 0
    for ch in body:
        calc ^= ord(ch)
    if f"{calc:02X}" != cs.strip().upper():
        return None
    _, wheel, toe, camber, caster = body.split(",")
    return wheel, float(toe), float(camber), float(caster)


def capture(port, settle):
    readings = defaultdict(list)
    deadline = time.monotonic() + settle
    while time.monotonic() < deadline:
        raw = port.readline().decode("ascii", "ignore").strip()
        frame = parse_frame(raw)
        if frame and frame[0] in WHEELS:
            readings[frame[0]].append(frame[1:])
    return {w: tuple(round(sum(v[i] for v in vals) / len(vals), 2) for i in range(3))
            for w, vals in readings.items() if vals}


def write_result(reg, result, outdir):
    out = Path(outdir)
    out.mkdir(exist_ok=True)
    fields = [f"REG={reg.upper()}", f"DATE={time.strftime('%Y-%m-%d %H:%M')}"]
    for w in WHEELS:
        if w in result:
            toe, camber, caster = result[w]
            fields.append(f"{w}_TOE={toe}  {w}_CAMBER={camber}  {w}_CASTER={caster}")
    path = out / f"{reg.upper()}_{int(time.time())}.ali"
    path.write_text("\n".join(fields) + "\n")
    return path


def main():
    ap = argparse.ArgumentParser(description="alignment rig serial bridge")
    ap.add_argument("reg", help="vehicle registration on the rig")
    ap.add_argument("--baud", type=int, default=38400)
    ap.add_argument("--settle", type=float, default=8.0, help="seconds to average")
    ap.add_argument("--outdir", default="rig_share")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dev = prepare_device()
    log.info("reading heads on %s", dev)
    with serial.Serial(dev, args.baud, timeout=1) as port:
        port.reset_input_buffer()
        result = capture(port, args.settle)
    missing = [w for w in WHEELS if w not in result]
    if missing:
        log.warning("no readings from %s", ", ".join(missing))
    if result:
        log.info("wrote %s", write_result(args.reg, result, args.outdir))
    else:
        raise SystemExit("no sensor data captured")


if __name__ == "__main__":
    main()
