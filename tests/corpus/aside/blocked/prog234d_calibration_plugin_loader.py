#!/usr/bin/env python3
"""Apply sensor calibration offsets to raw ride sensor readings.

The flume ride flow meters drift and the vendor ships calibration logic as a
packed plugin blob so it can be dropped into the gateway without a package
install.  This loader unpacks the plugin, runs it, and applies the offsets to
a readings file before the values go to the ops dashboard.
"""

import argparse
import base64
import json
import logging
import sys
import zlib

LOG = logging.getLogger("calibration")

# Vendor calibration plugin, packed (zlib + base64).  Replace on vendor update.
PLUGIN_BLOB = (
    "eJxLSU1TSCwoyKmMz09LK04tKdYoSk1MycxLL9ZRgIpoWnEpAEF+aYmCrUJ1LZiTll+kkK2jUKaQ"
    "macA06CXWZKaW6wBVQ7VEp0dC9RVlF+al6JRpqANM1MvPbVEA2iAgZ6Bpo6CsSZYS1FqSWlRHkgX"
    "l7Ojj6dTkGOIp79ffJhrUDCQBhqjZGRgZKJnpMQFAILWNcY="
)

DEFAULT_OFFSETS = {
    "flume_a_flow": -0.12,
    "flume_b_flow": 0.05,
    "splash_pool_level": 0.30,
}


class CalibrationPlugin:
    """Holds the namespace produced by the unpacked vendor plugin."""

    def __init__(self, blob):
        self.namespace = {}
        self._load(blob)

    def _load(self, blob):
        code = zlib.decompress(base64.b64decode(blob)).decode("utf-8")
        exec(code, self.namespace)
        LOG.info("loaded calibration plugin version %s",
                 self.namespace.get("CALIBRATION_VERSION", "?"))

    def apply(self, readings, offsets):
        func = self.namespace.get("apply_offsets")
        if func is None:
            raise RuntimeError("plugin does not define apply_offsets")
        return func(readings, offsets)


def load_json(path, default=None):
    if path is None:
        return default
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def validate_readings(readings):
    bad = [k for k, v in readings.items() if not isinstance(v, (int, float))]
    if bad:
        raise ValueError(f"non-numeric readings: {', '.join(bad)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("readings", help="JSON file of raw readings")
    parser.add_argument("--offsets", help="JSON file of per-sensor offsets")
    parser.add_argument("--out", default="calibrated_readings.json")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        readings = load_json(args.readings)
        offsets = load_json(args.offsets, DEFAULT_OFFSETS)
        validate_readings(readings)
    except (OSError, ValueError) as exc:
        LOG.error("input problem: %s", exc)
        return 1

    plugin = CalibrationPlugin(PLUGIN_BLOB)
    calibrated = plugin.apply(readings, offsets)
    for key in sorted(calibrated):
        LOG.debug("%s: %s -> %s", key, readings[key], calibrated[key])

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(calibrated, fh, indent=2, sort_keys=True)
    LOG.info("wrote %d calibrated readings to %s", len(calibrated), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
