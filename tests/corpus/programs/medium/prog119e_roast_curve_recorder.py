#!/usr/bin/env python3
"""Record bean-temperature / environment-temperature curves from the
thermocouple bridge (dual MAX31855 on a USB-serial adapter) during a roast.

The bridge prints one line per sample, either ``ET:201.4,BT:188.0`` or the
bare ``201.4,188.0`` form older firmware uses.

Each roast is kept as a RoastSession and checkpointed every few seconds so a
crashed laptop doesn't lose the batch; ``--resume`` picks a checkpoint back up.
At the end an Artisan-style CSV is written next to the checkpoint.
"""
import argparse
import csv
import logging
import os
import pickle
import select
import sys
import termios
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("roast-recorder")

SPEEDS = {
    9600: termios.B9600,
    19200: termios.B19200,
    57600: termios.B57600,
    115200: termios.B115200,
}


@dataclass
class RoastSession:
    batch_id: str
    green_weight_g: float
    started: float = field(default_factory=time.time)
    samples: list = field(default_factory=list)   # (t, et, bt)
    events: dict = field(default_factory=dict)    # name -> t

    def add(self, et, bt):
        t = round(time.time() - self.started, 1)
        self.samples.append((t, et, bt))
        return t

    def ror(self, window=30.0):
        """BT rate of rise in degrees per minute over the last ``window`` seconds."""
        if len(self.samples) < 2:
            return 0.0
        t_now, _, bt_now = self.samples[-1]
        for t, _, bt in reversed(self.samples):
            if t_now - t >= window:
                return (bt_now - bt) * 60.0 / (t_now - t)
        t0, _, bt0 = self.samples[0]
        return (bt_now - bt0) * 60.0 / max(t_now - t0, 1.0)

    def mark_turning_point(self):
        if "TP" in self.events or len(self.samples) < 20:
            return
        bts = [s[2] for s in self.samples]
        low = min(range(len(bts)), key=bts.__getitem__)
        if low < len(bts) - 10 and bts[-1] > bts[low] + 2:
            self.events["TP"] = self.samples[low][0]
            log.info("turning point at %.0fs, BT %.1f", self.samples[low][0], bts[low])


def open_probe(device, baud):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(fd)
    attrs[2] |= termios.CREAD | termios.CLOCAL
    attrs[3] &= ~termios.ECHO
    attrs[4] = attrs[5] = SPEEDS[baud]
    termios.tcsetattr(fd, termios.TCSANOW, attrs)
    return fd


def parse(line):
    line = line.strip()
    if not line:
        return None
    try:
        if ":" in line:
            parts = dict(p.split(":", 1) for p in line.split(","))
            return float(parts["ET"]), float(parts["BT"])
        et, bt = line.split(",")[:2]
        return float(et), float(bt)
    except (KeyError, ValueError):
        log.debug("unparsed line %r", line)
        return None


def readings(fd, idle_timeout=15.0):
    buf = b""
    while True:
        ready, _, _ = select.select([fd], [], [], idle_timeout)
        if not ready:
            raise TimeoutError("probe silent for %.0fs" % idle_timeout)
        chunk = os.read(fd, 256)
        if not chunk:
            continue
        buf += chunk
        while b"\n" in buf:
            raw, buf = buf.split(b"\n", 1)
            value = parse(raw.decode("ascii", "ignore"))
            if value:
                yield value


def checkpoint(session, path):
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as fh:
        pickle.dump(session, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


def resume(path):
    with open(path, "rb") as fh:
        session = pickle.load(fh)
    log.info("resumed %s with %d samples", session.batch_id, len(session.samples))
    return session


def export_csv(session, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time", "ET", "BT", "event"])
        marks = {t: name for name, t in session.events.items()}
        for t, et, bt in session.samples:
            w.writerow([f"{t:.1f}", f"{et:.1f}", f"{bt:.1f}", marks.get(t, "")])
    log.info("wrote %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=os.environ.get("ROAST_PROBE", "/dev/ttyUSB0"))
    ap.add_argument("--baud", type=int, choices=sorted(SPEEDS), default=115200)
    ap.add_argument("--batch", default=datetime.now().strftime("B%Y%m%d-%H%M"))
    ap.add_argument("--green-weight", type=float, default=0.0, help="grams in the hopper")
    ap.add_argument("--resume", type=Path, help="checkpoint file to continue")
    ap.add_argument("--out", type=Path, default=Path("sessions"))
    ap.add_argument("--checkpoint-every", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args.out.mkdir(parents=True, exist_ok=True)
    session = resume(args.resume) if args.resume else RoastSession(args.batch, args.green_weight)
    ckpt = args.out / f"{session.batch_id}.pkl"

    try:
        fd = open_probe(args.device, args.baud)
    except PermissionError:
        log.error("no access to %s - add your user to the 'dialout' group and log in again",
                  args.device)
        return 2
    except FileNotFoundError:
        log.error("probe %s not plugged in", args.device)
        return 2

    last_ckpt = time.monotonic()
    try:
        for et, bt in readings(fd):
            t = session.add(et, bt)
            session.mark_turning_point()
            print(f"\r{t:7.1f}s  ET {et:6.1f}  BT {bt:6.1f}  RoR {session.ror():5.1f}", end="", flush=True)
            if time.monotonic() - last_ckpt >= args.checkpoint_every:
                checkpoint(session, ckpt)
                last_ckpt = time.monotonic()
    except KeyboardInterrupt:
        print()
        session.events.setdefault("DROP", session.samples[-1][0] if session.samples else 0.0)
    except TimeoutError as exc:
        print()
        log.warning("%s; closing session", exc)
    finally:
        os.close(fd)
        checkpoint(session, ckpt)

    export_csv(session, args.out / f"{session.batch_id}.csv")
    return 0


if __name__ == "__main__":
    sys.exit(main())
