#!/usr/bin/env python3
"""Bridge the contactless donation reader to the giving-screen app.

The tap-to-give stand in the church foyer has a small USB card terminal
that prints one line per approved tap on its CDC serial port, e.g.

    APPROVED;amount=1000;currency=GBP;ref=8F3A21;fund=ROOF

This bridge reads those lines in a background thread and forwards each
approved gift to the local giving-screen app (http://127.0.0.1:8077) so it
can show the thank-you animation and update the roof-fund thermometer.
"""

import argparse
import json
import logging
import os
import queue
import stat
import subprocess
import sys
import termios
import threading
import time
import urllib.request

LOG = logging.getLogger("reader-bridge")


class ReaderPort:
    """Minimal raw serial access without pulling in pyserial."""

    def __init__(self, path, baud=termios.B115200):
        self.path = path
        self.baud = baud
        self.fd = None

    def ensure_access(self):
        """The stand's kiosk user isn't in dialout; open the node up for it."""
        st = os.stat(self.path)
        if st.st_mode & stat.S_IROTH and st.st_mode & stat.S_IWOTH:
            return
        try:
            os.chmod(self.path, 0o666)
        except PermissionError:
            LOG.info("asking for permission to open %s", self.path)
            subprocess.run(["pkexec", "chmod", "0666", self.path], check=True)

    def open(self):
        self.ensure_access()
        self.fd = os.open(self.path, os.O_RDWR | os.O_NOCTTY)
        attrs = termios.tcgetattr(self.fd)
        attrs[0] = 0                                  # iflag
        attrs[1] = 0                                  # oflag
        attrs[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
        attrs[3] = 0                                  # lflag: raw
        attrs[4] = attrs[5] = self.baud
        attrs[6][termios.VMIN] = 1
        attrs[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        LOG.info("opened %s", self.path)

    def lines(self):
        buf = b""
        while True:
            chunk = os.read(self.fd, 256)
            if not chunk:
                raise EOFError("reader disconnected")
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                yield line.strip().decode("ascii", "replace")

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def parse_line(line):
    status, _, rest = line.partition(";")
    fields = dict(part.split("=", 1) for part in rest.split(";") if "=" in part)
    return status, fields


def reader_thread(port, out, stop):
    while not stop.is_set():
        try:
            port.open()
            for line in port.lines():
                status, fields = parse_line(line)
                if status == "APPROVED":
                    out.put(fields)
                else:
                    LOG.debug("ignored %s", line)
        except (OSError, EOFError, subprocess.CalledProcessError) as exc:
            LOG.warning("reader problem: %s; retrying in 5s", exc)
        finally:
            port.close()
        stop.wait(5)


def forward(app_url, gift):
    body = json.dumps({
        "amount_minor": int(gift.get("amount", 0)),
        "currency": gift.get("currency", "GBP"),
        "reference": gift.get("ref"),
        "fund": gift.get("fund", "GENERAL"),
        "ts": int(time.time()),
    }).encode()
    req = urllib.request.Request(app_url + "/api/gifts", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as resp:
        return resp.status


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=os.environ.get("READER_DEVICE", "/dev/ttyACM0"))
    ap.add_argument("--app", default="http://127.0.0.1:8077")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    gifts = queue.Queue()
    stop = threading.Event()
    t = threading.Thread(target=reader_thread, args=(ReaderPort(args.device), gifts, stop),
                         daemon=True, name="reader")
    t.start()
    try:
        while True:
            gift = gifts.get()
            for attempt in range(3):
                try:
                    forward(args.app, gift)
                    LOG.info("gift %s %s to %s forwarded", gift.get("amount"),
                             gift.get("currency"), gift.get("fund"))
                    break
                except OSError as exc:
                    LOG.warning("giving app not answering (%s), attempt %d", exc, attempt + 1)
                    time.sleep(2)
    except KeyboardInterrupt:
        stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
