#!/usr/bin/env python3
"""Pontoon gate badge reader daemon.

Reads Wiegand-to-serial frames from the RFID reader on the pontoon gate,
records each swipe locally and reports it to the marina access-control API,
which decides whether the berth holder's fob is still valid.  Started by the
init script on the gate controller; it opens the reader first and then
continues as the unprivileged service account.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests
import serial

log = logging.getLogger("gate_reader")

API = os.environ.get("ACCESS_API", "https://access.marinagate.cloud/api/v1")
EVENTS = Path("gate_events.jsonl")


def parse_frame(raw):
    """Frames look like b'\\x02W26:0A1B2C3D\\x03'."""
    raw = raw.strip(b"\x02\x03\r\n ")
    try:
        fmt, _, code = raw.decode("ascii").partition(":")
        return {"format": fmt, "card": int(code, 16)}
    except ValueError:
        return None


class ServiceAccount:
    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid

    def assume(self):
        if os.geteuid() != 0:
            log.info("not root, staying uid %d", os.getuid())
            return
        os.setgroups([self.gid])
        os.setgid(self.gid)
        os.setuid(self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        log.info("running as %s (%d:%d)", self.pw.pw_name, os.getuid(), os.getgid())


def open_reader(device, baud):
    port = serial.Serial(device, baudrate=baud, timeout=1)
    port.reset_input_buffer()
    return port


def report(session, gate, event):
    for attempt in range(3):
        try:
            r = session.post(f"{API}/gates/{gate}/swipes", json=event, timeout=5)
            r.raise_for_status()
            return r.json().get("decision", "unknown")
        except requests.RequestException as exc:
            log.warning("report failed (%s), attempt %d", exc, attempt + 1)
            time.sleep(0.5 * (attempt + 1))
    return "offline"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--gate", default=os.environ.get("GATE_ID", "pontoon-c"))
    ap.add_argument("--user", default="marinagate")
    ap.add_argument("--group", default="dialout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        reader = open_reader(args.device, args.baud)
    except serial.SerialException as exc:
        log.error("cannot open %s: %s", args.device, exc)
        return 1
    ServiceAccount(args.user, args.group).assume()

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {os.environ.get('ACCESS_API_KEY', '')}"
    buf = b""
    while True:
        chunk = reader.read(64)
        if not chunk:
            continue
        buf += chunk
        while b"\x03" in buf:
            frame, _, buf = buf.partition(b"\x03")
            parsed = parse_frame(frame)
            if not parsed:
                log.debug("unparseable frame %r", frame)
                continue
            event = {"at": datetime.now(timezone.utc).isoformat(), **parsed}
            event["decision"] = report(session, args.gate, event)
            with EVENTS.open("a") as fh:
                fh.write(json.dumps(event) + "\n")
            log.info("card %s -> %s", parsed["card"], event["decision"])


if __name__ == "__main__":
    sys.exit(main())
