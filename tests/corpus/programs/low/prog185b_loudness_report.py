#!/usr/bin/env python3
"""Loudness report for delivered masters.

Walks a delivery folder, measures peak and RMS level of each WAV, and
writes a JSON report the mastering engineer attaches to the delivery
email. Results are cached by file content so re-runs are quick.
"""
import argparse
import array
import hashlib
import json
import logging
import math
import os
import pathlib
import wave

log = logging.getLogger("loudness_report")

CACHE_FILE = pathlib.Path(os.environ.get("LOUDNESS_CACHE", ".loudness_cache.json"))
TARGET_RMS_DBFS = -14.0
CHUNK_FRAMES = 65536


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def to_dbfs(value, full_scale):
    if value <= 0:
        return float("-inf")
    return 20.0 * math.log10(value / full_scale)


def measure(path):
    with wave.open(str(path), "rb") as wf:
        width = wf.getsampwidth()
        if width != 2:
            raise ValueError(f"only 16-bit PCM supported, got {width * 8}-bit")
        full_scale = float(1 << 15)
        peak = 0
        sq_sum = 0.0
        count = 0
        while True:
            frames = wf.readframes(CHUNK_FRAMES)
            if not frames:
                break
            samples = array.array("h", frames)
            for s in samples:
                a = abs(s)
                if a > peak:
                    peak = a
                sq_sum += s * s
            count += len(samples)
        rms = math.sqrt(sq_sum / count) if count else 0.0
        return {
            "channels": wf.getnchannels(),
            "rate": wf.getframerate(),
            "seconds": round(wf.getnframes() / wf.getframerate(), 2),
            "peak_dbfs": round(to_dbfs(peak, full_scale), 2),
            "rms_dbfs": round(to_dbfs(rms, full_scale), 2),
        }


class Cache:
    def __init__(self, path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else {}

    def get(self, key):
        return self.data.get(key)

    def put(self, key, value):
        self.data[key] = value

    def save(self):
        self.path.write_text(json.dumps(self.data, indent=1))
        os.chmod(self.path, 0o600)


def main():
    parser = argparse.ArgumentParser(description="Measure master levels")
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("loudness_report.json"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = Cache(CACHE_FILE)
    report = []
    for path in sorted(args.folder.rglob("*.wav")):
        key = cache_key(path)
        result = cache.get(key)
        if result is None:
            try:
                result = measure(path)
            except (ValueError, wave.Error) as exc:
                log.warning("skip %s: %s", path.name, exc)
                continue
            cache.put(key, result)
        result = dict(result, file=str(path.relative_to(args.folder)))
        result["hot"] = result["rms_dbfs"] > TARGET_RMS_DBFS
        report.append(result)
        log.info("%-40s peak %6.2f  rms %6.2f", path.name, result["peak_dbfs"], result["rms_dbfs"])

    cache.save()
    args.out.write_text(json.dumps(report, indent=2))
    log.info("report written to %s (%d files)", args.out, len(report))


if __name__ == "__main__":
    main()
