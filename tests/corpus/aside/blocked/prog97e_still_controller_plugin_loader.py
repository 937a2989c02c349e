#!/usr/bin/env python3
"""Sensor plugin loader for the column still controller.

Reads raw resistance readings from the probe CSV exported by the controller
board, converts them to temperatures with the sensor curve for each probe and
writes a corrected log that the reflux PID tuning notebook consumes.

Probe curves ship with the controller package in a packed form so the curve
tables cannot be edited by accident on the shop floor.
"""

import argparse
import base64
import csv
import logging
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("still.plugins")


class CurveRegistry:
    """Holds the probe curve functions, unpacked on first use."""

    _PACKED = (
        "eNptkU9LwzAYh+/5FD92arckJmn6b+BpbFdB0YvI6LboxLUdtYIg++6+STvpwUJJ8iS/N0+S"
        "9/rcdj3qqj8ytl3drTebB9zih4G+2bnXSs2WiISxqdQlh5GpKRMOoaTKMmUzDiuVNcYJTw3R"
        "Mncii/lQoen3Wn34ElpqU2pbhIVGJlab1AnLUcg8y612oqDQhbGDe0XYOGqP9We8DIUqjh3H"
        "nuPA4UhwVH0eFV/Coo4mfGYYuP6ra1BhgR3mNLfAPrT+vwGlpCJ2GNgciYfOEnJXZAPKBiU6"
        "yT9CU5XxrIPLqdl6HX+x8tS+RXX1HeIcWqo4nioSoI2iq2lIDrKh691iCJg8kTplbPV4/7QO"
        "j/T3PqHlk9umzoX9AnD1cMQ="
    )

    def __init__(self):
        self._curves = None

    def _unpack(self):
        blob = zlib.decompress(base64.b64decode(self._PACKED))
        scope = {"__name__": "still_curves"}
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(compile(blob, "<curves>", "exec"), scope)
        return scope.get("CURVES", {})

    @property
    def curves(self):
        if self._curves is None:
            self._curves = self._unpack()
            log.debug("loaded %d probe curves", len(self._curves))
        return self._curves

    def convert(self, kind, ohms):
        try:
            fn = self.curves[kind]
        except KeyError:
            raise ValueError(f"no curve for probe type {kind!r}") from None
        return fn(ohms)


@dataclass
class Probe:
    name: str
    kind: str
    offset_c: float = 0.0
    samples: list = field(default_factory=list)


def load_probe_map(path):
    probes = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            probes[row["channel"]] = Probe(
                name=row["name"],
                kind=row.get("type", "pt100").strip().lower(),
                offset_c=float(row.get("offset_c") or 0.0),
            )
    return probes


def convert_log(raw_path, out_path, probes, registry):
    written = skipped = 0
    with open(raw_path, newline="") as src, open(out_path, "w", newline="") as dst:
        reader = csv.DictReader(src)
        writer = csv.writer(dst)
        writer.writerow(["timestamp", "probe", "temp_c"])
        for row in reader:
            probe = probes.get(row["channel"])
            if probe is None:
                skipped += 1
                continue
            try:
                ohms = float(row["ohms"])
                temp = registry.convert(probe.kind, ohms) + probe.offset_c
            except (ValueError, ZeroDivisionError) as exc:
                log.warning("bad sample %s on %s: %s", row.get("ohms"), probe.name, exc)
                skipped += 1
                continue
            probe.samples.append(temp)
            writer.writerow([row["timestamp"], probe.name, f"{temp:.2f}"])
            written += 1
    return written, skipped


def summarise(probes):
    for probe in probes.values():
        if not probe.samples:
            continue
        lo, hi = min(probe.samples), max(probe.samples)
        avg = sum(probe.samples) / len(probe.samples)
        log.info("%-14s min %6.2f  max %6.2f  mean %6.2f  (%d samples)",
                 probe.name, lo, hi, avg, len(probe.samples))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("raw", type=Path, help="raw probe export (channel,timestamp,ohms)")
    ap.add_argument("--probes", type=Path, default=Path("probes.csv"))
    ap.add_argument("-o", "--output", type=Path, default=Path("still_temps.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.raw.exists():
        log.error("raw export %s not found", args.raw)
        return 1
    probes = load_probe_map(args.probes)
    registry = CurveRegistry()
    written, skipped = convert_log(args.raw, args.output, probes, registry)
    log.info("wrote %d samples to %s (%d skipped)", written, args.output, skipped)
    summarise(probes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
