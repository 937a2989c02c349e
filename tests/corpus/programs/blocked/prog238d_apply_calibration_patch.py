#!/usr/bin/env python3
"""Apply the vendor's sensor calibration patch to logger CSV exports.

After the 2023 sensor recall the vendor sent a "calibration patch" for the
affected temperature/humidity probes. Their correction routine is shipped
as an opaque compressed blob; this wrapper loads it and runs every export
row through it, writing corrected copies next to the originals.
"""
import argparse
import base64
import csv
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("calibration_patch")

PATCH_ID = "CAL-2023-07-R2"
# Vendor-supplied correction routine (do not edit; checksum is on their side).
PATCH_BLOB = (
    "eJxNjjELwjAQhff+iqNTxFqq4iI46qiDbiIhNBcM1iQkV0TE/+6lVfCW4z7eu/cOu91xezrCBl4l4T3I"
    "tlzDrKnniwrKeJWhJQbzesVniJhSH1Feg2LY1EuGD+u0vKfhbt6FRgMqhO4pvTEJKYnoH5N1ATy+J87R"
    "tqUBDsz4CDd8VqCxIwXWwWFsVFuuk8TXmsearMyS/Eg5nfeZ0QWcp8zF3jvkTuWf6xs86jYQfe+0MJ1X"
    "JH54AtMxvoLl2Coi9XHIKT41q1Vz"
)


def load_patch():
    """Decode the vendor blob and return its apply_offsets function."""
    namespace = {}
    code = zlib.decompress(base64.b64decode(PATCH_BLOB)).decode("utf-8")
    exec(code, namespace)
    func = namespace.get("apply_offsets")
    if not callable(func):
        raise RuntimeError("patch blob does not define apply_offsets")
    log.info("loaded calibration patch %s", PATCH_ID)
    return func


def affected(station, affected_list):
    return not affected_list or station in affected_list


def patch_file(src, dst, apply_offsets):
    rows_in = rows_out = 0
    with open(src, newline="", encoding="utf-8") as fin:
        reader = csv.DictReader(fin)
        if reader.fieldnames is None:
            raise ValueError("empty file")
        with open(dst, "w", newline="", encoding="utf-8") as fout:
            writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
            writer.writeheader()
            for row in reader:
                rows_in += 1
                try:
                    writer.writerow(apply_offsets(row))
                    rows_out += 1
                except (ValueError, TypeError) as exc:
                    log.debug("%s row %d left as-is: %s", src.name, rows_in, exc)
                    writer.writerow(row)
    return rows_in, rows_out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("exports", nargs="?", default="exports")
    parser.add_argument("--stations", nargs="*", default=[],
                        help="only patch these station ids (default: all)")
    parser.add_argument("--suffix", default="_cal")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    export_dir = Path(args.exports)
    if not export_dir.is_dir():
        log.error("no export directory %s", export_dir)
        return 1
    try:
        apply_offsets = load_patch()
    except (zlib.error, ValueError, RuntimeError) as exc:
        log.error("could not load patch: %s", exc)
        return 2

    patched = skipped = 0
    for src in sorted(export_dir.glob("*.csv")):
        if src.stem.endswith(args.suffix):
            continue
        station = src.stem.split("_")[0]
        if not affected(station, args.stations):
            skipped += 1
            continue
        dst = src.with_name(f"{src.stem}{args.suffix}.csv")
        try:
            n_in, n_out = patch_file(src, dst, apply_offsets)
        except (OSError, ValueError) as exc:
            log.warning("%s: %s", src.name, exc)
            continue
        log.info("%s -> %s (%d/%d rows corrected)", src.name, dst.name, n_out, n_in)
        patched += 1
    log.info("patched %d file(s), skipped %d", patched, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
