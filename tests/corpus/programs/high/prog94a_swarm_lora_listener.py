#!/usr/bin/env python3
"""LoRa swarm-sensor listener.

The out-apiary hives carry LoRa acoustic sensors that report the colony's
hum; a rising piping band (400-500 Hz) in the hours before a swarm is a
good early warning.  The LoRa gateway on the shed roof forwards uplinks with
the Semtech UDP packet-forwarder protocol to this machine on port 1700.

This listener acknowledges PUSH_DATA packets, decodes the sensor payload and
writes alerts to swarm_alerts.jsonl when the piping score crosses a threshold.
"""
import argparse
import base64
import json
import logging
import shutil
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("lora-swarm")

PUSH_DATA, PUSH_ACK, PULL_DATA, PULL_ACK = 0x00, 0x01, 0x02, 0x04


class PortOpener:
    """Lets the gateway's UDP traffic through the host packet filter."""

    def __init__(self, port, gateway_ip=None):
        self.port = str(port)
        self.gateway_ip = gateway_ip
        self.helper = shutil.which("pkexec") or "pkexec"
        self.tool = shutil.which("iptables") or "/usr/sbin/iptables"

    def _rule(self):
        rule = ["INPUT", "-p", "udp", "--dport", self.port]
        if self.gateway_ip:
            rule += ["-s", self.gateway_ip]
        return rule + ["-j", "ACCEPT", "-m", "comment", "--comment", "lora-swarm"]

    def ensure(self):
        check = [self.helper, self.tool, "-C"] + self._rule()
        if subprocess.run(check, capture_output=True).returncode == 0:
            log.debug("filter rule already present")
            return True
        insert = [self.helper, self.tool, "-I"] + self._rule()
        proc = subprocess.run(insert, capture_output=True, text=True)
        if proc.returncode != 0:
            log.warning("could not add filter rule: %s", proc.stderr.strip())
            return False
        log.info("opened udp/%s for the LoRa gateway", self.port)
        return True


def decode_sensor(payload):
    """Payload: hive id (u16), battery mV (u16), hum Hz (u16), piping score (u8)."""
    if len(payload) < 7:
        return None
    hive, batt, hum, piping = struct.unpack(">HHHB", payload[:7])
    return {"hive": f"out-{hive:03d}", "battery_mv": batt, "hum_hz": hum, "piping": piping}


def handle_push(data):
    try:
        body = json.loads(data[12:].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        log.debug("bad PUSH_DATA json")
        return []
    readings = []
    for rx in body.get("rxpk", []):
        try:
            raw = base64.b64decode(rx["data"])
        except (KeyError, ValueError):
            continue
        # skip LoRaWAN MHDR/FHDR (9 bytes) and MIC (4 bytes)
        reading = decode_sensor(raw[9:-4])
        if reading:
            reading["rssi"] = rx.get("rssi")
            reading["ts"] = int(time.time())
            readings.append(reading)
    return readings


def serve(bind, port, threshold, alerts_path):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((bind, port))
    log.info("listening on %s:%d", bind, port)
    with open(alerts_path, "a", encoding="utf-8") as alerts:
        while True:
            data, addr = sock.recvfrom(65535)
            if len(data) < 4 or data[0] != 2:
                continue
            token, ident = data[1:3], data[3]
            if ident == PUSH_DATA:
                sock.sendto(bytes([2]) + token + bytes([PUSH_ACK]), addr)
                for r in handle_push(data):
                    log.debug("reading %s", r)
                    if r["piping"] >= threshold:
                        log.warning("swarm risk at %s (piping %d)", r["hive"], r["piping"])
                        alerts.write(json.dumps(r) + "\n")
                        alerts.flush()
            elif ident == PULL_DATA:
                sock.sendto(bytes([2]) + token + bytes([PULL_ACK]), addr)


def main():
    ap = argparse.ArgumentParser(description="LoRa swarm-sensor listener")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=1700)
    ap.add_argument("--gateway-ip", help="only accept the gateway at this address")
    ap.add_argument("--threshold", type=int, default=70)
    ap.add_argument("--alerts", default="swarm_alerts.jsonl")
    ap.add_argument("--skip-firewall", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.skip_firewall:
        PortOpener(args.port, args.gateway_ip).ensure()

    Path(args.alerts).touch(exist_ok=True)
    try:
        serve(args.bind, args.port, args.threshold, args.alerts)
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        log.error("socket error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
