#!/usr/bin/env python3
"""Collect catalytic converter assays from the handheld XRF analyser dock.

The dock exposes the analyser as a CDC serial device and prints one result
block per shot:

    #SHOT 00412 2024-05-03T10:14:22
    Pt 1423.5 ppm
    Pd  987.1 ppm
    Rh  201.9 ppm
    #END

Results are matched to the cat register lot number typed on the analyser and
written to ./assays/assays.csv.  Shots already seen are remembered in a small
state file so restarting the reader does not duplicate rows.

The daemon is launched by the yard PC's boot script so it can open the dock
device before udev permissions settle; it then switches to the service
account given with --run-as.
"""
import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pickle
import pwd
import re
import sys
import time
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("xrf-daemon")
SHOT_RE = re.compile(r"#SHOT\s+(\d+)\s+(\S+)(?:\s+LOT=(\S+))?")
ELEM_RE = re.compile(r"(Pt|Pd|Rh)\s+([\d.]+)\s*ppm")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def become(account: str) -> None:
    """Switch the process to the given account's uid/gid."""
    pw = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    for fn, args in (("setgroups", (1, groups)),
                     ("setgid", (pw.pw_gid,)),
                     ("setuid", (pw.pw_uid,))):
        if getattr(_libc, fn)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn}: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    LOG.info("running as %s (%d:%d)", account, pw.pw_uid, pw.pw_gid)


class SeenShots:
    """Persisted set of shot numbers already written."""

    def __init__(self, path: Path):
        self.path = path
        self.ids = set()
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.ids = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                LOG.warning("state file unreadable (%s), starting fresh", exc)

    def add(self, shot: str) -> None:
        self.ids.add(shot)
        with self.path.open("wb") as fh:
            pickle.dump(self.ids, fh)

    def __contains__(self, shot: str) -> bool:
        return shot in self.ids


def read_blocks(port: serial.Serial):
    block = []
    while True:
        raw = port.readline()
        if not raw:
            continue
        line = raw.decode("ascii", errors="replace").strip()
        if line.startswith("#SHOT"):
            block = [line]
        elif line == "#END" and block:
            yield block
            block = []
        elif block:
            block.append(line)


def parse_block(block: list) -> dict:
    m = SHOT_RE.match(block[0])
    if not m:
        raise ValueError(f"bad header {block[0]!r}")
    rec = {"shot": m.group(1), "taken_at": m.group(2), "lot": m.group(3) or "", "Pt": "", "Pd": "", "Rh": ""}
    for line in block[1:]:
        e = ELEM_RE.match(line)
        if e:
            rec[e.group(1)] = e.group(2)
    return rec


def append_row(out: Path, rec: dict) -> None:
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["shot", "taken_at", "lot", "Pt", "Pd", "Rh"])
        if new:
            w.writeheader()
        w.writerow(rec)


def open_port(device: str, baud: int) -> serial.Serial:
    for attempt in range(10):
        try:
            return serial.Serial(device, baudrate=baud, timeout=2)
        except serial.SerialException as exc:
            LOG.warning("cannot open %s (%s), retry %d", device, exc, attempt + 1)
            time.sleep(3)
    raise SystemExit(f"analyser dock {device} not available")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="XRF assay collector daemon")
    ap.add_argument("--device", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--outdir", type=Path, default=Path("assays"))
    ap.add_argument("--run-as", default="yarddesk")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    port = open_port(args.device, args.baud)
    LOG.info("listening on %s", args.device)
    if os.geteuid() == 0 and args.run_as:
        try:
            pw = pwd.getpwnam(args.run_as)
            args.outdir.mkdir(parents=True, exist_ok=True)
            os.chown(args.outdir, pw.pw_uid, pw.pw_gid)
            become(args.run_as)
        except (KeyError, OSError) as exc:
            LOG.error("cannot switch to %s: %s", args.run_as, exc)
            port.close()
            return 2

    args.outdir.mkdir(parents=True, exist_ok=True)
    seen = SeenShots(args.outdir / ".seen_shots.pkl")
    out = args.outdir / "assays.csv"
    try:
        for block in read_blocks(port):
            try:
                rec = parse_block(block)
            except ValueError as exc:
                LOG.warning("%s", exc)
                continue
            if rec["shot"] in seen:
                continue
            append_row(out, rec)
            seen.add(rec["shot"])
            LOG.info("shot %s lot %s Pt=%s Pd=%s Rh=%s", rec["shot"], rec["lot"] or "-",
                     rec["Pt"], rec["Pd"], rec["Rh"])
    except KeyboardInterrupt:
        LOG.info("stopped")
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
