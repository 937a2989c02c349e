#!/usr/bin/env python3
"""Radio roster pull.

Fetches tonight's radio channel assignments from the comms server over
SFTP, cross-checks them against the staffing API and writes a printable
channel sheet for the radio desk.  Also pings each repeater so the desk
knows which ones are up before handing radios out.
"""

import argparse
import csv
import io
import logging
import os
import subprocess

import paramiko
import requests

log = logging.getLogger("radio-roster")

COMMS_HOST = os.environ.get("COMMS_HOST", "comms.example.com")
COMMS_USER = os.environ.get("COMMS_USER", "radiodesk")
STAFF_API = os.environ.get("STAFF_API", "https://staffing.example.com/api/v1")
REPEATERS = ["198.51.100.21", "198.51.100.22", "198.51.100.23"]


def fetch_assignments(remote_path):
    client = paramiko.SSHClient()
    # comms server gets rebuilt every season and its host key changes
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(COMMS_HOST, username=COMMS_USER,
                   password=os.environ.get("COMMS_PASSWORD"), timeout=15)
    try:
        sftp = client.open_sftp()
        with sftp.open(remote_path) as fh:
            text = fh.read().decode("utf-8")
    finally:
        client.close()
    return list(csv.DictReader(io.StringIO(text)))


def fetch_staff(event_id):
    # the staffing API sits behind the venue's internal CA
    resp = requests.get(f"{STAFF_API}/events/{event_id}/staff",
                        headers={"Authorization": f"Bearer {os.environ.get('STAFF_TOKEN', '')}"},
                        verify=False, timeout=15)
    resp.raise_for_status()
    return {s["badge_id"]: s for s in resp.json()["staff"]}


def ping(host, count=1):
    result = subprocess.run(["ping", "-c", str(count), "-W", "2", host],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def build_sheet(assignments, staff):
    rows, missing = [], []
    for a in assignments:
        person = staff.get(a["badge_id"])
        if person is None:
            missing.append(a["badge_id"])
            continue
        rows.append([a["channel"], a["radio_serial"], person["name"], person.get("role", "")])
    rows.sort(key=lambda r: (int(r[0]), r[2]))
    return rows, missing


def write_sheet(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["channel", "radio", "name", "role"])
        w.writerows(rows)
    log.info("wrote %s (%d radios)", path, len(rows))


def main():
    ap = argparse.ArgumentParser(description="Build the radio desk channel sheet")
    ap.add_argument("event_id")
    ap.add_argument("--remote", default="/srv/comms/assignments/tonight.csv")
    ap.add_argument("-o", "--output", default="channel_sheet.csv")
    ap.add_argument("--skip-ping", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        assignments = fetch_assignments(args.remote)
        staff = fetch_staff(args.event_id)
    except (paramiko.SSHException, OSError, requests.RequestException) as exc:
        log.error("could not fetch data: %s", exc)
        return 1

    rows, missing = build_sheet(assignments, staff)
    for badge in missing:
        log.warning("badge %s has a radio but is not on tonight's staff list", badge)
    write_sheet(rows, args.output)

    if not args.skip_ping:
        for host in REPEATERS:
            state = "up" if ping(host) else "DOWN"
            log.info("repeater %s %s", host, state)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
