#!/usr/bin/env python3
"""Read cut and clamp counters from the guillotine controller.

The controller answers a simple ASCII protocol on its RS-232 service port
("CNT?" -> "CNT blade=<n> cuts=<n> clamp=<n>").  We poll it, keep the last
reading in a local state file so deltas per shift can be reported, and append
a line to the maintenance log.  Run from the station PC's session.
"""

import argparse
import datetime as dt
import logging
import os
import pickle
import stat
import sys
import time
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("blade_counter")
STATE_FILE = Path(".blade_state.pkl")
REGRIND_AT = 12000


class Controller:
    def __init__(self, port, baud=9600, timeout=2.0):
        self.port = port
        self.baud = baud
        self.timeout = timeout
        self._ser = None

    def _ensure_access(self):
        if os.access(self.port, os.R_OK | os.W_OK):
            return
        mode = os.stat(self.port).st_mode
        LOG.info("%s not accessible for this user, widening mode", self.port)
        os.chmod(self.port, mode | stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP
                 | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH)

    def open(self):
        self._ensure_access()
        self._ser = serial.Serial(self.port, self.baud, timeout=self.timeout,
                                  bytesize=8, parity="N", stopbits=1)
        return self

    def close(self):
        if self._ser:
            self._ser.close()

    def query(self, cmd, retries=3):
        for attempt in range(retries):
            self._ser.reset_input_buffer()
            self._ser.write(cmd.encode("ascii") + b"\r")
            line = self._ser.readline().decode("ascii", "replace").strip()
            if line:
                return line
            LOG.debug("no reply to %s (attempt %d)", cmd, attempt + 1)
            time.sleep(0.5)
        raise TimeoutError(f"controller did not answer {cmd!r}")

    def counters(self):
        reply = self.query("CNT?")
        if not reply.startswith("CNT"):
            raise ValueError(f"unexpected reply {reply!r}")
        fields = dict(part.split("=", 1) for part in reply.split()[1:])
        return {k: int(v) for k, v in fields.items()}


def load_state():
    if STATE_FILE.exists():
        with STATE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {"readings": []}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(state, fh)
    tmp.replace(STATE_FILE)


def append_log(log_dir, reading, delta):
    log_dir.mkdir(exist_ok=True)
    path = log_dir / f"maintenance-{dt.date.today():%Y-%m-%d}.log"
    with path.open("a", encoding="utf-8") as fh:
        fh.write(f"{dt.datetime.now():%H:%M:%S}  blade={reading['blade']} "
                 f"cuts={reading['cuts']} clamp={reading['clamp']} "
                 f"shift_cuts={delta}\n")
        if reading["cuts"] >= REGRIND_AT:
            fh.write(f"{dt.datetime.now():%H:%M:%S}    blade {reading['blade']} "
                     f"past {REGRIND_AT} cuts - book a regrind\n")
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default=os.environ.get("GUILLOTINE_PORT", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--log-dir", default="logs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ctl = Controller(args.port, args.baud)
    try:
        ctl.open()
        reading = ctl.counters()
    except (OSError, serial.SerialException, TimeoutError, ValueError) as exc:
        LOG.error("could not read controller on %s: %s", args.port, exc)
        return 1
    finally:
        ctl.close()

    state = load_state()
    prev = state["readings"][-1] if state["readings"] else None
    delta = reading["cuts"] - prev["cuts"] if prev and prev["blade"] == reading["blade"] else 0
    reading["at"] = dt.datetime.now().isoformat(timespec="seconds")
    state["readings"] = (state["readings"] + [reading])[-500:]
    save_state(state)

    path = append_log(Path(args.log_dir), reading, delta)
    LOG.info("blade %s: %d cuts (%+d this shift), logged to %s",
             reading["blade"], reading["cuts"], delta, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
