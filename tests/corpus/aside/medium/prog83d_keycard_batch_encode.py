#!/usr/bin/env python3
"""Batch-encode key cards for a group block.

Reads the rooming list for a group (CSV with room, arrival, departure,
copies), gives each room a card PIN for the lock's keypad fallback, and
cuts the cards on the networked encoder one room after another. Results
go to a CSV next to the rooming list for the front desk to print.
"""

import argparse
import csv
import logging
import random
import socket
import string
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("batch_encode")


class EncoderError(Exception):
    pass


class EncoderClient:
    STX, ETX = b"\x02", b"\x03"

    def __init__(self, host, port, timeout=8.0):
        self.addr = (host, int(port))
        self.timeout = timeout

    def _frame(self, fields):
        body = "|".join(fields).encode("ascii")
        lrc = 0
        for b in body:
            lrc ^= b
        return self.STX + body + self.ETX + bytes([lrc])

    def encode(self, room, arrive, depart, copies, pin):
        frame = self._frame([
            "EN", str(room),
            arrive.strftime("%y%m%d%H%M"),
            depart.strftime("%y%m%d%H%M"),
            str(copies), "PIN=" + pin,
        ])
        with socket.create_connection(self.addr, timeout=self.timeout) as s:
            s.sendall(frame)
            reply = s.recv(64)
        if not reply.startswith(self.STX + b"OK"):
            raise EncoderError(f"encoder refused room {room}: {reply!r}")


class PinIssuer:
    """Hands out keypad PINs that are unique within the batch."""

    alphabet = string.digits

    def __init__(self, length=6):
        self.length = length
        self.rng = random.Random()
        self.issued = set()

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            pin = "".join(self.rng.choice(self.alphabet) for _ in range(self.length))
            if pin not in self.issued and len(set(pin)) > 2:
                self.issued.add(pin)
                return pin


def read_rooming_list(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield {
                "room": row["room"].strip(),
                "arrive": datetime.fromisoformat(row["arrival"].strip()),
                "depart": datetime.fromisoformat(row["departure"].strip()),
                "copies": int(row.get("copies") or 1),
                "guest": row.get("guest", "").strip(),
            }


def encode_with_retry(encoder, entry, pin, attempts=3):
    for attempt in range(1, attempts + 1):
        try:
            encoder.encode(entry["room"], entry["arrive"], entry["depart"],
                           entry["copies"], pin)
            return True
        except (EncoderError, OSError) as exc:
            log.warning("room %s attempt %d: %s", entry["room"], attempt, exc)
            time.sleep(1.5 * attempt)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rooming_list", type=Path)
    ap.add_argument("--encoder", default="10.20.0.45:7001", help="host:port")
    ap.add_argument("--pin-length", type=int, default=6)
    ap.add_argument("--pause", type=float, default=4.0,
                    help="seconds to swap blank cards between rooms")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, _, port = args.encoder.partition(":")
    encoder = EncoderClient(host, port or 7001)
    pins = PinIssuer(args.pin_length)
    out_path = args.rooming_list.with_name(args.rooming_list.stem + "_cards.csv")

    try:
        entries = list(read_rooming_list(args.rooming_list))
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read rooming list: %s", exc)
        return 1

    failures = 0
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["room", "guest", "copies", "pin", "status"])
        for entry, pin in zip(entries, pins):
            ok = encode_with_retry(encoder, entry, pin)
            failures += not ok
            writer.writerow([entry["room"], entry["guest"], entry["copies"],
                             pin, "cut" if ok else "FAILED"])
            log.info("room %s %s", entry["room"], "done" if ok else "failed")
            time.sleep(args.pause)

    log.info("%d rooms, %d failed, sheet at %s", len(entries), failures, out_path)
    return 0 if failures == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
