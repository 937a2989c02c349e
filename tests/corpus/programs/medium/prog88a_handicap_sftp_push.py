#!/usr/bin/env python3
"""Push the nightly handicap score file to the regional association's SFTP drop.

Some associations still take a fixed-width score file instead of an API. This
converts the kiosk's CSV export to the association's GHIN-style 80-column
layout and uploads it to their SFTP server, keeping a copy in ./sent.

Settings come from sftp_push.ini; the password comes from HCP_SFTP_PASSWORD.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import paramiko

log = logging.getLogger("hcp-sftp")


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"sftp": {"host": "sftp.regional-golf-assoc.example", "port": "22",
                           "user": "club0417", "remote_dir": "/incoming/scores"},
                  "club": {"code": "0417"}})
    cp.read(path)
    return cp


def fixed_width_lines(csv_path, club_code):
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            played = dt.date.fromisoformat(row["date"].strip())
            line = (
                f"{club_code:<4}"
                f"{row['member_no'].strip():>10}"
                f"{played:%Y%m%d}"
                f"{row['tees'].strip().upper()[:6]:<6}"
                f"{int(row.get('holes') or 18):02d}"
                f"{int(row['ags']):03d}"
                f"{row.get('score_type', 'H').strip()[:1]:1}"
            )
            yield line.ljust(80)


def build_file(csv_path, club_code, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    name = f"SC{club_code}_{dt.date.today():%Y%m%d}.txt"
    target = out_dir / name
    count = 0
    with open(target, "w", encoding="ascii", newline="\r\n") as fh:
        for line in fixed_width_lines(csv_path, club_code):
            fh.write(line + "\n")
            count += 1
    log.info("built %s with %d scores", target, count)
    return target, count


def open_sftp(host, port, user, password, retries=3):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    for attempt in range(1, retries + 1):
        try:
            client.connect(host, port=port, username=user, password=password,
                           timeout=20, allow_agent=False, look_for_keys=False)
            return client, client.open_sftp()
        except (paramiko.SSHException, OSError) as exc:
            log.warning("connect attempt %d failed: %s", attempt, exc)
            if attempt == retries:
                raise
            time.sleep(5 * attempt)


def upload(sftp, local, remote_dir):
    remote_tmp = f"{remote_dir}/.{local.name}.part"
    remote_final = f"{remote_dir}/{local.name}"
    sftp.put(str(local), remote_tmp)
    sftp.rename(remote_tmp, remote_final)
    size = sftp.stat(remote_final).st_size
    if size != local.stat().st_size:
        raise IOError(f"size mismatch after upload: {size} != {local.stat().st_size}")
    log.info("uploaded %s (%d bytes)", remote_final, size)


def main():
    ap = argparse.ArgumentParser(description="Upload handicap scores via SFTP")
    ap.add_argument("csv", help="kiosk score export")
    ap.add_argument("--config", default="sftp_push.ini")
    ap.add_argument("--staging", default="outgoing")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    club = cfg["club"]["code"]
    try:
        local, count = build_file(args.csv, club, Path(args.staging))
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot build score file: %s", exc)
        return 1
    if count == 0:
        log.info("no scores to send")
        return 0
    if args.dry_run:
        print(local.read_text())
        return 0

    password = os.environ.get("HCP_SFTP_PASSWORD")
    if not password:
        log.error("HCP_SFTP_PASSWORD not set")
        return 2
    s = cfg["sftp"]
    client = None
    try:
        client, sftp = open_sftp(s["host"], s.getint("port"), s["user"], password)
        upload(sftp, local, s["remote_dir"])
    except (paramiko.SSHException, OSError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    finally:
        if client:
            client.close()
    sent = Path("sent")
    sent.mkdir(exist_ok=True)
    shutil.move(str(local), sent / local.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
