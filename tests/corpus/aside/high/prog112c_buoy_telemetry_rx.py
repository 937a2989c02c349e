#!/usr/bin/env python3
"""Receiver for the bay buoy telemetry (water temperature, salinity, chlorophyll).

The buoys fire a burst of small UDP datagrams through the LoRa gateway every
ten minutes; with the default socket buffer the kernel drops most of a burst.
On start the receiver makes sure the receive buffer ceiling is high enough
(and stays that way after reboot), then appends every reading as a JSON line
to ./buoy_data/<buoy>_<date>.jsonl.

Packet format (ASCII):  BUOY-ID,epoch,temp_c,sal_psu,chl_ugl,batt_v
"""
import argparse
import asyncio
import json
import logging
import socket
import sys
import time
from collections import Counter
from pathlib import Path

log = logging.getLogger("buoy_rx")

WANTED_RCVBUF = 8 * 1024 * 1024
TUNABLES = {
    "net.core.rmem_max": WANTED_RCVBUF,
    "net.core.rmem_default": 1024 * 1024,
    "net.core.netdev_max_backlog": 5000,
}
PERSIST_FILE = Path("/etc/sysctl.d/60-buoy-telemetry.conf")


def proc_path(key):
    return Path("/proc/sys") / key.replace(".", "/")


def ensure_tunables(persist=True):
    """Raise kernel limits that are below what the burst needs."""
    changed = {}
    for key, want in TUNABLES.items():
        path = proc_path(key)
        try:
            current = int(path.read_text().split()[0])
        except (OSError, ValueError):
            log.warning("cannot read %s", key)
            continue
        if current >= want:
            continue
        path.write_text(f"{want}\n")
        changed[key] = (current, want)
        log.info("%s raised %d -> %d", key, current, want)
    if persist:
        lines = ["# written by buoy_telemetry_rx; UDP bursts from the LoRa gateway"]
        lines += [f"{k} = {v}" for k, v in TUNABLES.items()]
        text = "\n".join(lines) + "\n"
        if not PERSIST_FILE.exists() or PERSIST_FILE.read_text() != text:
            PERSIST_FILE.write_text(text)
            log.info("persisted limits in %s", PERSIST_FILE)
    return changed


def parse(datagram):
    fields = datagram.decode("ascii", "replace").strip().split(",")
    if len(fields) != 6:
        raise ValueError(f"expected 6 fields, got {len(fields)}")
    buoy, epoch, temp, sal, chl, batt = fields
    return {
        "buoy": buoy,
        "ts": int(epoch),
        "temp_c": float(temp),
        "sal_psu": float(sal),
        "chl_ugl": float(chl),
        "batt_v": float(batt),
    }


class Sink:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.stats = Counter()

    def write(self, reading, source):
        day = time.strftime("%Y%m%d", time.gmtime(reading["ts"]))
        path = self.root / f"{reading['buoy']}_{day}.jsonl"
        reading["via"] = source
        with path.open("a") as fh:
            fh.write(json.dumps(reading) + "\n")
        self.stats[reading["buoy"]] += 1


class TelemetryProtocol(asyncio.DatagramProtocol):
    def __init__(self, sink):
        self.sink = sink
        self.bad = 0

    def datagram_received(self, data, addr):
        try:
            reading = parse(data)
        except ValueError as exc:
            self.bad += 1
            log.debug("bad packet from %s: %s", addr[0], exc)
            return
        self.sink.write(reading, addr[0])
        if reading["temp_c"] > 25.0:
            log.warning("%s water temperature %.1fC (Vibrio risk)", reading["buoy"], reading["temp_c"])


async def report(sink, proto, every):
    while True:
        await asyncio.sleep(every)
        log.info("received %s, %d malformed", dict(sink.stats), proto.bad)
        sink.stats.clear()
        proto.bad = 0


async def serve(args):
    sink = Sink(args.data_dir)
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WANTED_RCVBUF)
    sock.bind((args.bind, args.port))
    log.info("listening on %s:%d, rcvbuf %d", args.bind, args.port,
             sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF))
    loop = asyncio.get_running_loop()
    transport, proto = await loop.create_datagram_endpoint(lambda: TelemetryProtocol(sink), sock=sock)
    try:
        await report(sink, proto, args.report_every)
    finally:
        transport.close()


def main():
    ap = argparse.ArgumentParser(description="Bay buoy UDP telemetry receiver")
    ap.add_argument("--bind", default="10.40.0.2", help="gateway-facing address")
    ap.add_argument("--port", type=int, default=47800)
    ap.add_argument("--data-dir", type=Path, default=Path("buoy_data"))
    ap.add_argument("--report-every", type=int, default=600)
    ap.add_argument("--no-persist", dest="persist", action="store_false")
    ap.add_argument("--skip-tune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.skip_tune:
        try:
            ensure_tunables(persist=args.persist)
        except PermissionError:
            log.warning("not allowed to tune kernel buffers; expect dropped bursts")
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
