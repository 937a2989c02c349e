#!/usr/bin/env python3
"""Build the monthly music report for the licensing body.

Scans the playout folder, measures each track with ffprobe, records plays in
a local SQLite database and prints the report, optionally for one artist.
"""
import argparse
import csv
import datetime
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("playlog")

AUDIO_EXT = (".mp3", ".flac", ".ogg", ".wav")
PROBE = ('ffprobe -v error -show_entries format=duration:format_tags=artist,title '
         '-of default=noprint_wrappers=1 "$TRACK"')


class PlayLog:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS plays ("
            " path TEXT, artist TEXT, title TEXT, seconds REAL, played TEXT)"
        )

    def add(self, path, artist, title, seconds, played):
        self.conn.execute("INSERT INTO plays VALUES (?, ?, ?, ?, ?)",
                          (path, artist, title, seconds, played))

    def report(self, month, artist=None):
        sql = ("SELECT artist, title, COUNT(*), ROUND(SUM(seconds)/60.0, 1) FROM plays "
               f"WHERE played LIKE '{month}%'")
        if artist:
            sql += f" AND artist = '{artist}'"
        sql += " GROUP BY artist, title ORDER BY COUNT(*) DESC"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.commit()
        self.conn.close()


def probe(track):
    res = subprocess.run(["bash", "-c", PROBE], env=dict(os.environ, TRACK=str(track)),
                         capture_output=True, text=True, timeout=30)
    if res.returncode != 0:
        raise ValueError(res.stderr.strip() or "ffprobe failed")
    info = {}
    for line in res.stdout.splitlines():
        key, _, value = line.partition("=")
        info[key.replace("TAG:", "").lower()] = value
    return (info.get("artist", "Unknown"), info.get("title", track.stem),
            float(info.get("duration", 0) or 0))


def scan(folder, log_db, played):
    count = 0
    for track in sorted(Path(folder).rglob("*")):
        if track.suffix.lower() not in AUDIO_EXT:
            continue
        try:
            artist, title, secs = probe(track)
        except (ValueError, subprocess.SubprocessError) as exc:
            LOG.warning("%s: %s", track.name, exc)
            continue
        log_db.add(str(track), artist, title, secs, played)
        count += 1
    LOG.info("recorded %d tracks from %s", count, folder)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="playlog.db")
    ap.add_argument("--scan", help="playout folder to record as played today")
    ap.add_argument("--month", default=datetime.date.today().strftime("%Y-%m"))
    ap.add_argument("--artist")
    ap.add_argument("--csv", help="also write the report to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    log_db = PlayLog(args.db)
    try:
        if args.scan:
            scan(args.scan, log_db, datetime.date.today().isoformat())
        rows = log_db.report(args.month, args.artist)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        log_db.close()
    for artist, title, plays, minutes in rows:
        print(f"{plays:4d}  {minutes:7.1f} min  {artist} - {title}")
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["artist", "title", "plays", "minutes"])
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
