#!/usr/bin/env python3
"""Import a load-cell calibration bundle from the scale service technician.

After each annual certification the technician leaves a .tar.gz bundle on a
USB stick: the certificate PDF, a calibration.pkl with the span/zero factors
for every load cell, and a notes file.  This unpacks the bundle into
./calibration/<date>/, loads the factors, prints a summary, records
checksums and updates ./calibration/current.
"""
import argparse
import datetime as dt
import logging
import pickle
import subprocess
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("calib_import")

BASE = Path("./calibration")
EXPECTED = ("calibration.pkl",)
SPAN_LIMITS = (0.90, 1.10)


class CalibrationSet:
    def __init__(self, data: dict):
        self.scale_id = data.get("scale_id", "unknown")
        self.certified = data.get("certified", "")
        self.cells = data.get("cells", {})

    def out_of_range(self):
        low, high = SPAN_LIMITS
        return [cid for cid, f in self.cells.items() if not low <= f.get("span", 1.0) <= high]

    def summary(self) -> str:
        lines = [f"scale {self.scale_id} certified {self.certified}, {len(self.cells)} load cells"]
        for cid, f in sorted(self.cells.items()):
            lines.append(f"  cell {cid:<4} span={f.get('span', 0):.5f} zero={f.get('zero', 0):+.1f}")
        return "\n".join(lines)


def unpack(bundle: Path, dest: Path) -> list[str]:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        names = tar.getnames()
        tar.extractall(dest)
    LOG.info("unpacked %d members into %s", len(names), dest)
    return names


def load_factors(folder: Path) -> CalibrationSet:
    for name in EXPECTED:
        if not (folder / name).exists():
            raise FileNotFoundError(f"{name} missing from bundle")
    with (folder / "calibration.pkl").open("rb") as fh:
        data = pickle.load(fh)
    if not isinstance(data, dict):
        raise ValueError("calibration data is not a mapping")
    return CalibrationSet(data)


def record_checksums(folder: Path) -> None:
    """Write SHA256SUMS next to the files using coreutils."""
    cmd = ["bash", "-c", 'cd "$1" && find . -type f ! -name SHA256SUMS -print0 | sort -z | '
                         'xargs -0 sha256sum > SHA256SUMS', "checksums", str(folder)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("checksum step failed: %s", proc.stderr.strip())
    else:
        LOG.info("checksums written to %s", folder / "SHA256SUMS")


def point_current(folder: Path) -> None:
    link = BASE / "current"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(folder.name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle", type=Path, help="calibration bundle .tar.gz")
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--no-current", action="store_true", help="don't update ./calibration/current")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.bundle.is_file():
        LOG.error("bundle %s not found", args.bundle)
        return 2
    dest = BASE / args.date
    try:
        unpack(args.bundle, dest)
        cal = load_factors(dest)
    except (tarfile.TarError, OSError, ValueError, pickle.UnpicklingError) as exc:
        LOG.error("import failed: %s", exc)
        return 1

    print(cal.summary())
    bad = cal.out_of_range()
    if bad:
        LOG.warning("span factors out of range for cells: %s", ", ".join(bad))
    record_checksums(dest)
    if not args.no_current:
        point_current(dest)
        LOG.info("current calibration -> %s", dest)
    return 0 if not bad else 3


if __name__ == "__main__":
    sys.exit(main())
