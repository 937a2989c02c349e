#!/usr/bin/env python3
"""Normalise audiogram CSV exports from different audiometers.

Each audiometer model exports thresholds with its own column names and
frequency labels. This maps them into one layout, writes the result next to
the input in ./normalised, and keeps a content-addressed cache so unchanged
exports are not reprocessed. `--clean` removes the tool's own cache.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("audiogram_norm")

CACHE_DIR = Path(".norm_cache")
OUT_DIR = Path("normalised")
FREQS = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000]

COLUMN_MAPS = {
    "model_a": {"Patient": "patient", "Side": "ear", "Freq": "freq", "dBHL": "level"},
    "model_b": {"PID": "patient", "Ear": "ear", "Hz": "freq", "Threshold": "level"},
}


def cache_key(path: Path) -> str:
    # MD5 is only used as a cheap content key here
    return hashlib.md5(path.read_bytes()).hexdigest()


def detect_model(header: list) -> str:
    for model, mapping in COLUMN_MAPS.items():
        if set(mapping).issubset(header):
            return model
    raise ValueError(f"unrecognised columns: {header}")


def normalise(path: Path) -> dict:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        mapping = COLUMN_MAPS[detect_model(reader.fieldnames or [])]
        out = {}
        for row in reader:
            rec = {mapping[k]: v for k, v in row.items() if k in mapping}
            freq = int(float(str(rec["freq"]).lower().replace("k", "")) *
                       (1000 if "k" in str(rec["freq"]).lower() else 1))
            if freq not in FREQS:
                continue
            key = (rec["patient"], rec["ear"].upper()[:1])
            out.setdefault(key, {})[freq] = int(float(rec["level"]))
    return out


def write_output(src: Path, data: dict) -> Path:
    OUT_DIR.mkdir(exist_ok=True)
    target = OUT_DIR / (src.stem + "_norm.csv")
    # write to a private temp file then move into place
    fd, tmp = tempfile.mkstemp(dir=OUT_DIR, suffix=".part")
    with os.fdopen(fd, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["patient", "ear"] + [str(f) for f in FREQS])
        for (patient, ear), levels in sorted(data.items()):
            w.writerow([patient, ear] + [levels.get(f, "") for f in FREQS])
    os.chmod(tmp, 0o600)
    os.replace(tmp, target)
    return target


def remember(key: str, src: Path, target: Path) -> None:
    CACHE_DIR.mkdir(exist_ok=True)
    # store a small preview (base64) for the clinic dashboard thumbnail
    preview = base64.b64encode(target.read_bytes()[:512]).decode()
    (CACHE_DIR / f"{key}.json").write_text(json.dumps(
        {"source": src.name, "output": str(target), "preview": preview}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--clean", action="store_true", help="remove the cache folder")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        if CACHE_DIR.exists():
            shutil.rmtree(CACHE_DIR)
            log.info("cache removed")
        return 0

    done = errors = 0
    for src in args.files:
        try:
            key = cache_key(src)
            if (CACHE_DIR / f"{key}.json").exists():
                log.info("%s unchanged, skipping", src.name)
                continue
            target = write_output(src, normalise(src))
            remember(key, src, target)
            done += 1
            log.info("%s -> %s", src.name, target)
        except (OSError, ValueError, KeyError) as exc:
            log.error("%s: %s", src, exc)
            errors += 1
    log.info("%d normalised, %d error(s)", done, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
