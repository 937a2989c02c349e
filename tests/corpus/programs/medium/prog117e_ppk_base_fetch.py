#!/usr/bin/env python3
"""Fetch base-station RINEX observations for PPK processing of a flight.

Given the flight's start/end time (or a flight log to read them from), works
out which hourly observation bundles are needed from the nearest CORS
station and downloads them from the provider's archive, unpacking them
into ./ppk/<station>/ next to the job.
"""
import argparse
import csv
import ftplib
import io
import logging
import sys
import tarfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

log = logging.getLogger("ppk-fetch")

ARCHIVE_HOST = "ftp.geodata-cors.org"
ARCHIVE_ROOT = "/pub/rinex/hourly"


def hours_covering(start: datetime, end: datetime, pad_min: int = 10):
    t = (start - timedelta(minutes=pad_min)).replace(minute=0, second=0, microsecond=0)
    stop = end + timedelta(minutes=pad_min)
    while t <= stop:
        yield t
        t += timedelta(hours=1)


def flight_window(log_csv: Path):
    with log_csv.open(newline="", encoding="utf-8-sig") as fh:
        times = [datetime.fromisoformat(r["datetime(utc)"].replace(" ", "T")) for r in csv.DictReader(fh)]
    if not times:
        raise ValueError(f"no timestamps in {log_csv}")
    return times[0].replace(tzinfo=timezone.utc), times[-1].replace(tzinfo=timezone.utc)


class CorsArchive:
    def __init__(self, host: str, user: str, password: str):
        self.host, self.user, self.password = host, user, password
        self.ftp = None

    def __enter__(self):
        self.ftp = ftplib.FTP(self.host, timeout=60)
        self.ftp.login(self.user, self.password)
        return self

    def __exit__(self, *exc):
        try:
            self.ftp.quit()
        except ftplib.all_errors:
            pass

    def bundle_path(self, station: str, hour: datetime) -> str:
        doy = hour.timetuple().tm_yday
        letter = chr(ord("a") + hour.hour)
        return f"{ARCHIVE_ROOT}/{hour:%Y}/{doy:03d}/{station.lower()}{doy:03d}{letter}.tar.gz"

    def fetch(self, remote: str, retries: int = 3) -> bytes:
        for attempt in range(1, retries + 1):
            buf = io.BytesIO()
            try:
                self.ftp.retrbinary(f"RETR {remote}", buf.write)
                return buf.getvalue()
            except ftplib.error_perm:
                raise
            except ftplib.all_errors as exc:
                log.warning("%s attempt %d failed: %s", remote, attempt, exc)
        raise ConnectionError(f"could not fetch {remote}")


def unpack(blob: bytes, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
        members = tf.getmembers()
        tf.extractall(dest)
    return len(members)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("station", help="4-char CORS station id, e.g. LEED")
    ap.add_argument("--flight-log", type=Path)
    ap.add_argument("--start", help="UTC ISO start if no flight log")
    ap.add_argument("--end", help="UTC ISO end if no flight log")
    ap.add_argument("--out", type=Path, default=Path("ppk"))
    ap.add_argument("--user", default="anonymous")
    ap.add_argument("--password", default="ops@survey.local")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.flight_log:
        start, end = flight_window(args.flight_log)
    elif args.start and args.end:
        start = datetime.fromisoformat(args.start).replace(tzinfo=timezone.utc)
        end = datetime.fromisoformat(args.end).replace(tzinfo=timezone.utc)
    else:
        ap.error("give --flight-log or both --start and --end")

    dest = args.out / args.station.upper()
    total = missing = 0
    with CorsArchive(ARCHIVE_HOST, args.user, args.password) as arc:
        for hour in hours_covering(start, end):
            remote = arc.bundle_path(args.station, hour)
            try:
                blob = arc.fetch(remote)
            except (ftplib.error_perm, ConnectionError) as exc:
                log.warning("missing %s (%s)", remote, exc)
                missing += 1
                continue
            n = unpack(blob, dest)
            total += n
            log.info("%s: %d file(s)", remote.rsplit("/", 1)[-1], n)
    log.info("%d observation file(s) in %s, %d hour(s) missing", total, dest, missing)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
