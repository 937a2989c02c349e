#!/usr/bin/env python3
"""Walk-around Wi-Fi site survey.

Every few seconds asks NetworkManager (nmcli, no root needed) for the visible
access points, tags each reading with the room name you type, and keeps the
whole survey in a resumable snapshot file so a survey can span several days.
"""
import argparse
import logging
import pickle
import subprocess
import time
from collections import defaultdict
from dataclasses import dataclass, field

log = logging.getLogger("survey")

NMCLI_FIELDS = "BSSID,SSID,CHAN,FREQ,SIGNAL,SECURITY"


@dataclass
class Reading:
    room: str
    ts: float
    ssid: str
    chan: int
    signal: int
    security: str


@dataclass
class Survey:
    name: str
    readings: dict = field(default_factory=lambda: defaultdict(list))

    def add(self, bssid, reading):
        self.readings[bssid].append(reading)

    def best_per_room(self):
        table = defaultdict(dict)
        for bssid, items in self.readings.items():
            for r in items:
                prev = table[r.room].get(bssid)
                if prev is None or r.signal > prev.signal:
                    table[r.room][bssid] = r
        return table


def scan(rescan):
    cmd = ["nmcli", "-t", "-e", "yes", "-f", NMCLI_FIELDS, "device", "wifi", "list",
           "--rescan", "yes" if rescan else "auto"]
    out = subprocess.check_output(cmd, text=True, timeout=30)
    for line in out.splitlines():
        # escaped colons inside BSSID look like "AA\:BB\:..."
        parts = line.replace("\\:", "\x00").split(":")
        parts = [p.replace("\x00", ":") for p in parts]
        if len(parts) < 6:
            continue
        bssid, ssid, chan, _freq, signal, security = parts[:6]
        try:
            yield bssid, ssid or "<hidden>", int(chan), int(signal), security
        except ValueError:
            continue


def load_snapshot(path, name):
    try:
        with open(path, "rb") as fh:
            survey = pickle.load(fh)
        log.info("resuming survey %s (%d BSSIDs)", survey.name, len(survey.readings))
        return survey
    except FileNotFoundError:
        return Survey(name=name)


def save_snapshot(path, survey):
    with open(path, "wb") as fh:
        pickle.dump(survey, fh, protocol=pickle.HIGHEST_PROTOCOL)


def print_report(survey):
    for room, aps in sorted(survey.best_per_room().items()):
        print(f"== {room}")
        for bssid, r in sorted(aps.items(), key=lambda kv: -kv[1].signal):
            print(f"   {r.signal:3d}%  ch{r.chan:<3d} {bssid}  {r.ssid}  [{r.security}]")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--snapshot", default="survey.pkl")
    ap.add_argument("--name", default="office-floor-2")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--samples", type=int, default=6, help="scans per room")
    ap.add_argument("--report", action="store_true", help="only print the report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    survey = load_snapshot(args.snapshot, args.name)
    if args.report:
        print_report(survey)
        return
    try:
        while True:
            room = input("room name (empty to finish): ").strip()
            if not room:
                break
            for i in range(args.samples):
                try:
                    for bssid, ssid, chan, signal, sec in scan(rescan=(i == 0)):
                        survey.add(bssid, Reading(room, time.time(), ssid, chan, signal, sec))
                except (subprocess.SubprocessError, OSError) as exc:
                    log.warning("scan failed: %s", exc)
                time.sleep(args.interval)
            save_snapshot(args.snapshot, survey)
            log.info("saved %s", args.snapshot)
    except (KeyboardInterrupt, EOFError):
        save_snapshot(args.snapshot, survey)
    print_report(survey)


if __name__ == "__main__":
    main()
