#!/usr/bin/env python3
"""ccTalk coin acceptor poller for the laundromat change machine.

The coin acceptor (Money Controls SR5 style) hangs off a USB-serial adapter.
We locate the adapter by USB vendor/product id, make sure the kiosk user can
open it, then poll the acceptor's credit buffer and append accepted coins
to ./coin_events.csv for the till reconciliation job.
"""
import argparse
import csv
import glob
import logging
import os
import stat
import sys
import termios
import time
from pathlib import Path

log = logging.getLogger("coin_reader")

ADAPTER_IDS = {("0403", "6001"), ("067b", "2303"), ("10c4", "ea60")}
CCTALK_HOST = 1
CCTALK_COIN = 2
HDR_SIMPLE_POLL = 254
HDR_READ_BUFFERED_CREDIT = 229
HDR_MODIFY_INHIBIT = 231
COIN_VALUES = {1: 5, 2: 10, 3: 20, 4: 50, 5: 100, 6: 200}  # pence by coin slot
EVENTS = Path("coin_events.csv")


def usb_ids_for(tty):
    base = Path("/sys/class/tty") / tty / "device"
    for parent in (base.resolve(), *base.resolve().parents):
        vid, pid = parent / "idVendor", parent / "idProduct"
        if vid.exists() and pid.exists():
            return vid.read_text().strip(), pid.read_text().strip()
    return None


def find_adapter(explicit=None):
    if explicit:
        return explicit
    for dev in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        ids = usb_ids_for(os.path.basename(dev))
        if ids in ADAPTER_IDS:
            log.info("coin acceptor adapter %s:%s at %s", *ids, dev)
            return dev
    raise FileNotFoundError("no known USB-serial adapter found")


def ensure_access(dev):
    """Open the port up for the kiosk account if udev left it root-only."""
    if os.access(dev, os.R_OK | os.W_OK):
        return
    mode = stat.S_IMODE(os.stat(dev).st_mode)
    wanted = mode | stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    log.info("adjusting %s mode %o -> %o", dev, mode, wanted)
    os.chmod(dev, wanted)


def open_port(dev, baud=termios.B9600):
    fd = os.open(dev, os.O_RDWR | os.O_NOCTTY)
    attrs = termios.tcgetattr(fd)
    attrs[0] = 0
    attrs[1] = 0
    attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    attrs[3] = 0
    attrs[4] = attrs[5] = baud
    attrs[6][termios.VMIN] = 0
    attrs[6][termios.VTIME] = 2
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def cctalk(fd, header, data=b""):
    frame = bytes([CCTALK_COIN, len(data), CCTALK_HOST, header]) + data
    frame += bytes([(256 - sum(frame)) % 256])
    os.write(fd, frame)
    time.sleep(0.05)
    raw = os.read(fd, 64)
    # ccTalk echoes our own frame on the shared line; the reply follows it
    reply = raw[len(frame):]
    if len(reply) < 5 or sum(reply) % 256 != 0:
        raise IOError(f"bad reply to header {header}: {raw.hex()}")
    return reply[4:4 + reply[1]]


def poll_loop(fd, interval, writer, fh):
    last_counter = None
    while True:
        try:
            data = cctalk(fd, HDR_READ_BUFFERED_CREDIT)
        except IOError as exc:
            log.warning("%s", exc)
            time.sleep(interval)
            continue
        counter, events = data[0], data[1:]
        if last_counter is not None and counter != last_counter:
            fresh = (counter - last_counter) % 256
            for i in range(min(fresh, 5)):
                coin, sorter = events[2 * i], events[2 * i + 1]
                if coin in COIN_VALUES:
                    writer.writerow([int(time.time()), coin, COIN_VALUES[coin], sorter])
                    log.info("coin %d accepted (%dp)", coin, COIN_VALUES[coin])
                elif coin == 0:
                    log.warning("acceptor error code %d", sorter)
            fh.flush()
        last_counter = counter
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", help="serial device (default: autodetect)")
    ap.add_argument("--interval", type=float, default=0.2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        dev = find_adapter(args.device)
        ensure_access(dev)
        fd = open_port(dev)
    except (OSError, FileNotFoundError) as exc:
        log.error("cannot open coin acceptor: %s", exc)
        return 1

    try:
        cctalk(fd, HDR_SIMPLE_POLL)
        cctalk(fd, HDR_MODIFY_INHIBIT, b"\xff\xff")  # accept all coin slots
    except IOError as exc:
        log.error("acceptor not answering: %s", exc)
        return 1

    new_file = not EVENTS.exists()
    with open(EVENTS, "a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["ts", "coin", "pence", "sorter"])
        try:
            poll_loop(fd, args.interval, writer, fh)
        except KeyboardInterrupt:
            log.info("stopped")
        finally:
            os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
