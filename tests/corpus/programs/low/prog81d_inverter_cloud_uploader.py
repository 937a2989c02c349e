#!/usr/bin/env python3
"""Poll a SunSpec inverter over Modbus TCP and push readings to the Helio portal.

Reads the SunSpec model 103 (three-phase inverter) block from the inverter,
converts the scaled integer registers and uploads a JSON document to the
portal ingest API.  The API key is taken from HELIO_API_KEY.
"""
import argparse
import http.client
import json
import logging
import os
import platform
import socket
import struct
import sys
import time
from urllib.parse import urlsplit

log = logging.getLogger("inverter-uploader")

SUNSPEC_BASE = 40069          # first register of model 103 on most SunSpec devices
MODEL_LEN = 52
DEFAULT_PORTAL = "https://ingest.helio-portal.example/v2/readings"


class ModbusTCP:
    """Tiny Modbus TCP client, enough for function code 3 (read holding)."""

    def __init__(self, host, port=502, unit=1, timeout=5.0):
        self.host, self.port, self.unit, self.timeout = host, port, unit, timeout
        self._tid = 0

    def read_holding(self, address, count):
        self._tid = (self._tid + 1) & 0xFFFF
        pdu = struct.pack(">BHH", 3, address, count)
        mbap = struct.pack(">HHHB", self._tid, 0, len(pdu) + 1, self.unit)
        with socket.create_connection((self.host, self.port), self.timeout) as s:
            s.sendall(mbap + pdu)
            header = s.recv(9)
            if len(header) < 9 or header[7] & 0x80:
                raise IOError(f"modbus exception from {self.host}: {header!r}")
            nbytes = header[8]
            body = b""
            while len(body) < nbytes:
                chunk = s.recv(nbytes - len(body))
                if not chunk:
                    raise IOError("short read")
                body += chunk
        return list(struct.unpack(f">{count}H", body))


def s16(v):
    return v - 0x10000 if v & 0x8000 else v


def scaled(regs, idx, sf_idx):
    return regs[idx] * (10 ** s16(regs[sf_idx]))


def decode_model_103(regs):
    return {
        "ac_current_a": round(scaled(regs, 2, 6), 2),
        "ac_voltage_v": round(scaled(regs, 10, 13), 1),
        "ac_power_w": round(s16(regs[14]) * 10 ** s16(regs[15]), 1),
        "frequency_hz": round(scaled(regs, 16, 17), 2),
        "energy_wh": (regs[24] << 16 | regs[25]) * 10 ** s16(regs[26]),
        "dc_power_w": round(s16(regs[31]) * 10 ** s16(regs[32]), 1),
        "heatsink_c": round(s16(regs[33]) * 10 ** s16(regs[37]), 1),
        "state": regs[38],
    }


def host_info():
    info = {"python": platform.python_version(), "node": platform.node()}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return info


def upload(portal_url, api_key, payload):
    parts = urlsplit(portal_url)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=15)
    body = json.dumps(payload).encode()
    headers = {"Content-Type": "application/json", "X-Api-Key": api_key}
    try:
        conn.request("POST", parts.path or "/", body=body, headers=headers)
        resp = conn.getresponse()
        resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"portal answered {resp.status} {resp.reason}")
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inverter", help="inverter IP or hostname")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--unit", type=int, default=1)
    ap.add_argument("--portal", default=os.environ.get("HELIO_PORTAL", DEFAULT_PORTAL))
    ap.add_argument("--interval", type=int, default=60, help="seconds between polls")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--include-host-info", action=argparse.BooleanOptionalAction, default=True)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("HELIO_API_KEY")
    if not api_key:
        sys.exit("HELIO_API_KEY is not set")

    client = ModbusTCP(args.inverter, args.port, args.unit)
    while True:
        try:
            regs = client.read_holding(SUNSPEC_BASE, MODEL_LEN)
            payload = {"ts": int(time.time()), "serial": args.inverter,
                       "reading": decode_model_103(regs)}
            if args.include_host_info:
                payload["host"] = host_info()
            upload(args.portal, api_key, payload)
            log.info("uploaded %.0f W", payload["reading"]["ac_power_w"])
        except (OSError, RuntimeError, struct.error) as exc:
            log.warning("poll/upload failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
