#!/usr/bin/env python3
"""Pontoon gate badge reader logger.

Reads Wiegand-to-serial frames from the RFID reader on the pontoon gate via
the ser2net bridge on the gate controller, records each swipe locally and
reports it to the marina access-control API, which decides whether the
berth holder's fob is still valid.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

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


def frames(host, port):
    """Yield raw frames from the ser2net bridge, reconnecting as needed."""
    backoff = 1
    while True:
        try:
            with socket.create_connection((host, port), timeout=10) as conn:
                conn.settimeout(30)
                backoff = 1
                log.info("connected to reader bridge %s:%d", host, port)
                buf = b""
                while True:
                    try:
                        chunk = conn.recv(64)
                    except socket.timeout:
                        continue
                    if not chunk:
                        raise ConnectionError("bridge closed the connection")
                    buf += chunk
                    while b"\x03" in buf:
                        frame, _, buf = buf.partition(b"\x03")
                        yield frame
        except OSError as exc:
            log.warning("reader bridge unavailable (%s), retrying in %ds", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)


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
    ap.add_argument("--bridge", default=os.environ.get("READER_BRIDGE", "gate-c.pontoon.lan"))
    ap.add_argument("--port", type=int, default=3001)
    ap.add_argument("--gate", default=os.environ.get("GATE_ID", "pontoon-c"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {os.environ.get('ACCESS_API_KEY', '')}"
    try:
        for frame in frames(args.bridge, args.port):
            parsed = parse_frame(frame)
            if not parsed:
                log.debug("unparseable frame %r", frame)
                continue
            event = {"at": datetime.now(timezone.utc).isoformat(), **parsed}
            event["decision"] = report(session, args.gate, event)
            with EVENTS.open("a") as fh:
                fh.write(json.dumps(event) + "\n")
            log.info("card %s -> %s", parsed["card"], event["decision"])
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
