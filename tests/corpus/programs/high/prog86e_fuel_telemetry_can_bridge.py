#!/usr/bin/env python3
"""Fuel truck CAN bridge.

Runs on the in-cab gateway of the hydrant dispensers.  Brings up the CAN
interface wired to the meter/pump controller, decodes the J1939 frames we
care about (meter total, flow rate, fuel temperature, deadman state) and
appends them as JSON lines to the local spool picked up by the uploader.
"""
import argparse
import json
import logging
import shlex
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("can_bridge")

PGN_NAMES = {
    0xFEFC: "meter_total",
    0xFEF2: "flow_rate",
    0xFEEE: "fuel_temp",
    0xFF10: "deadman",
}


@dataclass
class LinkSettings:
    iface: str = "can0"
    bitrate: int = 250000
    restart_ms: int = 100
    modules: tuple = ("can", "can_raw", "mcp251x")
    up_cmds: list = field(default_factory=list)

    def commands(self):
        cmds = [["modprobe", m] for m in self.modules]
        cmds.append(["ip", "link", "set", self.iface, "down"])
        cmds.append(["ip", "link", "set", self.iface, "type", "can",
                     "bitrate", str(self.bitrate), "restart-ms", str(self.restart_ms)])
        cmds.append(["ip", "link", "set", self.iface, "up"])
        return cmds + self.up_cmds


def bring_up(settings, use_sudo=True):
    prefix = ["sudo", "-n"] if use_sudo else []
    for cmd in settings.commands():
        full = prefix + cmd
        log.debug("+ %s", shlex.join(full))
        res = subprocess.run(full, capture_output=True, text=True)
        if res.returncode != 0 and "down" not in cmd:
            raise RuntimeError(f"{shlex.join(full)} failed: {res.stderr.strip()}")
    log.info("%s up at %d bit/s", settings.iface, settings.bitrate)


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


def stream(iface, spool, truck):
    spool.mkdir(parents=True, exist_ok=True)
    out = spool / f"can_{truck}_{time.strftime('%Y%m%d')}.jsonl"
    proc = subprocess.Popen(["candump", "-L", iface], stdout=subprocess.PIPE, text=True)
    count = 0
    try:
        with out.open("a") as fh:
            for line in proc.stdout:
                rec = decode(line)
                if rec is None:
                    continue
                rec["truck"] = truck
                fh.write(json.dumps(rec) + "\n")
                count += 1
                if count % 500 == 0:
                    fh.flush()
                    log.info("%d frames spooled to %s", count, out.name)
    finally:
        proc.terminate()
        proc.wait(timeout=5)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truck", required=True, help="fleet number, e.g. HT-07")
    ap.add_argument("--iface", default="can0")
    ap.add_argument("--bitrate", type=int, default=250000)
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--skip-link-setup", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.skip_link_setup:
        try:
            bring_up(LinkSettings(iface=args.iface, bitrate=args.bitrate))
        except RuntimeError as exc:
            log.error("link setup failed: %s", exc)
            return 1
    try:
        total = stream(args.iface, args.spool, args.truck)
    except KeyboardInterrupt:
        return 0
    log.info("candump ended after %d frames", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
