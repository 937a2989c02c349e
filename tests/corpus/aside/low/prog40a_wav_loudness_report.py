#!/usr/bin/env python3
"""Scan a folder of WAV stems and report peak / RMS loudness per file.

Results are cached in ./.loudness_cache keyed by an MD5 of the file header
and size, so re-running on an unchanged session folder is instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import math
import struct
import wave
from pathlib import Path

log = logging.getLogger("loudness")
CACHE_DIR = Path(".loudness_cache")
SAMPLE_FORMATS = {1: "b", 2: "h", 4: "i"}


def cache_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        h.update(fh.read(4096))
    h.update(str(path.stat().st_size).encode())
    return h.hexdigest()


def analyse(path: Path, block: int = 65536) -> dict:
    with wave.open(str(path), "rb") as wf:
        width = wf.getsampwidth()
        channels = wf.getnchannels()
        rate = wf.getframerate()
        fmt = SAMPLE_FORMATS.get(width)
        if fmt is None:
            raise ValueError(f"unsupported sample width {width}")
        full_scale = float(2 ** (8 * width - 1))
        peak, sq_sum, count = 0, 0.0, 0
        while True:
            raw = wf.readframes(block)
            if not raw:
                break
            n = len(raw) // width
            samples = struct.unpack("<%d%s" % (n, fmt), raw)
            for s in samples:
                a = abs(s)
                if a > peak:
                    peak = a
                sq_sum += s * s
            count += n
    rms = math.sqrt(sq_sum / count) if count else 0.0
    to_db = lambda v: 20 * math.log10(v / full_scale) if v else float("-inf")
    return {
        "file": path.name,
        "channels": channels,
        "rate": rate,
        "seconds": round(count / channels / rate, 2) if rate else 0,
        "peak_dbfs": round(to_db(peak), 2),
        "rms_dbfs": round(to_db(rms), 2),
    }


def cached_analyse(path: Path) -> dict:
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / (cache_key(path) + ".json")
    if entry.exists():
        return json.loads(entry.read_text())
    result = analyse(path)
    entry.write_text(json.dumps(result))
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", default="stems")
    ap.add_argument("-o", "--output", default="loudness_report.csv")
    ap.add_argument("--warn-peak", type=float, default=-1.0,
                    help="flag files whose peak exceeds this dBFS")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rows = []
    for wav_path in sorted(Path(args.folder).glob("*.wav")):
        try:
            row = cached_analyse(wav_path)
        except (wave.Error, ValueError, EOFError) as exc:
            log.warning("skipping %s: %s", wav_path.name, exc)
            continue
        row["hot"] = row["peak_dbfs"] > args.warn_peak
        if row["hot"]:
            log.info("%s peaks at %.2f dBFS", row["file"], row["peak_dbfs"])
        rows.append(row)

    if not rows:
        log.error("no readable WAV files in %s", args.folder)
        return 1
    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
