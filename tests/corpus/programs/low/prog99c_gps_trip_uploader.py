#!/usr/bin/env python3
"""Import NMEA logs pulled off the hire-fleet GPS trackers and upload trips.

Each tracker dumps a day of $GPRMC sentences to <tracker_id>/<date>.nmea on
its SD card. We turn those into trips (split on gaps > 10 minutes) and send
them to the fleet map service. A summary per tracker is kept in
trips_summary.csv in the working directory.
"""

import argparse
import csv
import http.client
import json
import logging
import os
import sys
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("gps_import")

FLEET_HOST = os.environ.get("FLEET_HOST", "fleetmap.ridetrack.example")
GAP = timedelta(minutes=10)


def nmea_degrees(value, hemi):
    if not value:
        return None
    head, minutes = divmod(float(value), 100)
    deg = head + minutes / 60.0
    return -deg if hemi in ("S", "W") else deg


def parse_rmc(path):
    with open(path, encoding="ascii", errors="ignore") as fh:
        for line in fh:
            parts = line.strip().split(",")
            if not parts[0].endswith("RMC") or len(parts) < 10 or parts[2] != "A":
                continue
            try:
                ts = datetime.strptime(parts[9] + parts[1][:6], "%d%m%y%H%M%S")
            except ValueError:
                continue
            yield ts, nmea_degrees(parts[3], parts[4]), nmea_degrees(parts[5], parts[6])


def split_trips(points):
    trip, last = [], None
    for ts, lat, lon in points:
        if last and ts - last > GAP and trip:
            yield trip
            trip = []
        trip.append({"t": ts.isoformat(), "lat": round(lat, 6), "lon": round(lon, 6)})
        last = ts
    if trip:
        yield trip


def upload(conn, api_key, tracker_id, trip):
    body = json.dumps({"tracker": tracker_id, "points": trip})
    headers = {"Content-Type": "application/json", "X-Api-Key": api_key}
    for attempt in range(3):
        try:
            conn.request("POST", "/api/v1/trips", body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status in (200, 201):
                return json.loads(data or b"{}")
            log.warning("upload status %s: %s", resp.status, data[:200])
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload error %s (attempt %d)", exc, attempt + 1)
            conn.close()
    raise RuntimeError(f"trip upload failed for {tracker_id}")


def write_summary(rows, path="trips_summary.csv"):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["tracker", "log", "trips", "points"])
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("card_root", help="mounted SD card or copied folder")
    ap.add_argument("--since", help="only logs on/after YYYY-MM-DD")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        log.error("FLEET_API_KEY is not set")
        return 2

    conn = http.client.HTTPSConnection(FLEET_HOST, timeout=30)
    sent, summary = 0, []
    for log_file in sorted(Path(args.card_root).glob("*/*.nmea")):
        if args.since and log_file.stem < args.since:
            continue
        tracker_id = log_file.parent.name
        trips = points = 0
        for trip in split_trips(parse_rmc(log_file)):
            if len(trip) < 3:
                continue
            upload(conn, api_key, tracker_id, trip)
            trips += 1
            points += len(trip)
        sent += trips
        summary.append([tracker_id, log_file.name, trips, points])
        log.info("%s done", log_file)
    conn.close()
    write_summary(summary)
    log.info("uploaded %d trips", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
