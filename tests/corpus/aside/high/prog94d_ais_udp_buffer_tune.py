#!/usr/bin/env python3
"""Size the kernel UDP receive buffers for AIS burst traffic.

During ferry arrivals the breakwater receivers push several hundred NMEA
datagrams a second and the relay drops some of them.  This samples the
kernel's UDP counters while traffic is flowing and raises the socket
receive buffer limits until receive-buffer errors stop climbing.
"""
import argparse
import logging
import sys
import time
from pathlib import Path

log = logging.getLogger("udp_tune")

PROC_SNMP = Path("/proc/net/snmp")
KNOBS = {
    "rmem_max": Path("/proc/sys/net/core/rmem_max"),
    "rmem_default": Path("/proc/sys/net/core/rmem_default"),
}
CEILING = 64 * 1024 * 1024


def udp_counters():
    lines = [l.split() for l in PROC_SNMP.read_text().splitlines() if l.startswith("Udp:")]
    header, values = lines[0][1:], lines[1][1:]
    return dict(zip(header, map(int, values)))


def sample(seconds):
    before = udp_counters()
    time.sleep(seconds)
    after = udp_counters()
    return {k: after[k] - before.get(k, 0) for k in after}


def read_knob(name):
    return int(KNOBS[name].read_text().strip())


def set_knob(name, value):
    path = KNOBS[name]
    old = read_knob(name)
    if value <= old:
        return old
    with path.open("w") as fh:
        fh.write(f"{value}\n")
    log.info("%s: %d -> %d", name, old, value)
    return value


def tune(window, rounds):
    for n in range(1, rounds + 1):
        delta = sample(window)
        errs = delta.get("RcvbufErrors", 0)
        rate = delta.get("InDatagrams", 0) / window
        log.info("round %d: %.0f datagrams/s, %d receive-buffer errors", n, rate, errs)
        if errs == 0:
            log.info("no drops in the last %ds, leaving buffers as they are", window)
            return True
        current = read_knob("rmem_max")
        target = min(current * 2, CEILING)
        if target == current:
            log.warning("already at the %d byte ceiling, drops continue", CEILING)
            return False
        set_knob("rmem_max", target)
        set_knob("rmem_default", min(target // 2, CEILING))
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-w", "--window", type=int, default=20, help="seconds per sample")
    ap.add_argument("-r", "--rounds", type=int, default=5)
    ap.add_argument("--report", action="store_true", help="only print current values")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    for name in KNOBS:
        log.info("%s = %d", name, read_knob(name))
    if args.report:
        return 0
    try:
        ok = tune(args.window, args.rounds)
    except PermissionError:
        log.error("cannot change buffer limits; run on the relay host as its admin")
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
