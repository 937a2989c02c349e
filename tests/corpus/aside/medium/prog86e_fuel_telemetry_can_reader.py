#!/usr/bin/env python3
"""Fuel truck CAN reader.

Runs on the in-cab gateway of the hydrant dispensers.  Reads the CAN
interface wired to the meter/pump controller (the interface is brought up
by the gateway image at boot), decodes the J1939 frames we care about
(meter total, flow rate, fuel temperature, deadman state) and appends them
as JSON lines to the local spool picked up by the uploader.
"""
import argparse
import json
import logging
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("can_reader")

PGN_NAMES = {
    0xFEFC: "meter_total",
    0xFEF2: "flow_rate",
    0xFEEE: "fuel_temp",
    0xFF10: "deadman",
}


def link_state(iface):
    """Return the operstate of the interface as reported by sysfs."""
    try:
        return Path(f"/sys/class/net/{iface}/operstate").read_text().strip()
    except OSError:
        return "missing"


def decode(line):
    """Parse one line of `candump -L` output into a record, or None."""
    try:
        ts, iface, frame = line.split()
        can_id, data = frame.split("#", 1)
    except ValueError:
        return None
    pgn = (int(can_id, 16) >> 8) & 0x3FFFF
    name = PGN_NAMES.get(pgn & 0xFFFF)
    if not name:
        return None
    raw = bytes.fromhex(data)
    if name == "meter_total":
        value = int.from_bytes(raw[0:4], "little") * 0.1
    elif name == "flow_rate":
        value = int.from_bytes(raw[0:2], "little") * 0.05
    elif name == "fuel_temp":
        value = raw[0] - 40
    else:
        value = bool(raw[0] & 0x01)
    return {"ts": float(ts.strip("()")), "iface": iface, "signal": name, "value": value}


def frames(iface, timeout_s):
    """Generator over decoded records from candump, stopping after timeout_s of silence."""
    cmd = ["candump", "-L", "-T", str(int(timeout_s * 1000)), iface]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in proc.stdout:
            rec = decode(line)
            if rec is not None:
                yield rec
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
        err = proc.stderr.read().strip()
        if err:
            log.warning("candump: %s", err)


def stream(iface, spool, truck, idle_timeout):
    spool.mkdir(parents=True, exist_ok=True)
    out = spool / f"can_{truck}_{time.strftime('%Y%m%d')}.jsonl"
    count = 0
    with out.open("a") as fh:
        for rec in frames(iface, idle_timeout):
            rec["truck"] = truck
            fh.write(json.dumps(rec) + "\n")
            count += 1
            if count % 500 == 0:
                fh.flush()
                log.info("%d frames spooled to %s", count, out.name)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truck", required=True, help="fleet number, e.g. HT-07")
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--idle-timeout", type=float, default=120.0,
                    help="stop after this many seconds without frames")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("candump") is None:
        log.error("candump not found; install can-utils")
        return 1
    state = link_state(args.iface)
    if state not in ("up", "unknown"):
        log.error("%s is %s; ask the gateway image to bring it up", args.iface, state)
        return 1
    try:
        total = stream(args.iface, args.spool, args.truck, args.idle_timeout)
    except KeyboardInterrupt:
        return 0
    log.info("candump ended after %d frames", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
