#!/usr/bin/env python3
"""Push today's lane allocations to the poolside lane board.

Fetches the lane plan (public lanes, club hire, swim school, aqua classes)
for each session from the central booking system and writes it as the lane
board's config, then asks the board service to reload.

    lane_booking_config_push.py --pool main
    lane_booking_config_push.py --pool learner --date 2024-10-05 --print
"""
import argparse
import configparser
import grp
import io
import logging
import os
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("lane-push")

SETTINGS_FILE = Path(os.environ.get("LANE_PUSH_SETTINGS", "lane_push.ini"))
BOARD_CONFIG = Path("/etc/poolsync/lanes.ini")
BOARD_SERVICE = "poolsync-laneboard.service"
BOARD_GROUP = "poolsync"

SPEED_LABELS = {"S": "Slow", "M": "Medium", "F": "Fast", None: ""}


def load_settings():
    cfg = configparser.ConfigParser()
    cfg.read_dict({"booking": {"base_url": "https://bookings.leisure-centre.local/api",
                               "verify_tls": "no", "timeout": "15"}})
    cfg.read(SETTINGS_FILE)
    return cfg["booking"]


def fetch_plan(settings, pool, day):
    verify = settings.getboolean("verify_tls")
    if not verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    headers = {}
    if os.environ.get("BOOKING_API_TOKEN"):
        headers["Authorization"] = f"Token {os.environ['BOOKING_API_TOKEN']}"
    r = requests.get(f"{settings['base_url']}/pools/{pool}/lane-plan",
                     params={"date": day.isoformat()}, headers=headers,
                     timeout=settings.getint("timeout"), verify=verify)
    r.raise_for_status()
    return r.json()


def render(plan, pool, day):
    out = configparser.ConfigParser()
    out["board"] = {"pool": pool, "date": day.isoformat(),
                    "lanes": str(plan.get("lane_count", 8))}
    for i, session in enumerate(plan["sessions"], 1):
        sec = f"session.{i:02d}"
        out[sec] = {"start": session["start"], "end": session["end"],
                    "title": session.get("title", "")}
        for lane in session["lanes"]:
            use = lane["use"]
            label = lane.get("label") or use.replace("_", " ").title()
            speed = SPEED_LABELS.get(lane.get("speed"), "")
            direction = lane.get("direction", "cw")
            out[sec][f"lane{lane['number']}"] = "|".join([use, label, speed, direction])
    buf = io.StringIO()
    out.write(buf)
    return buf.getvalue()


def install_config(text: str, target: Path):
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".lanes-")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o640)
        try:
            os.chown(tmp, 0, grp.getgrnam(BOARD_GROUP).gr_gid)
        except KeyError:
            log.warning("group %s missing; leaving ownership as is", BOARD_GROUP)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    log.info("wrote %s", target)


def reload_board():
    res = subprocess.run(["systemctl", "reload-or-restart", BOARD_SERVICE],
                         capture_output=True, text=True)
    if res.returncode != 0:
        log.error("reload of %s failed: %s", BOARD_SERVICE, res.stderr.strip())
        return False
    log.info("%s reloaded", BOARD_SERVICE)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push lane plan to the lane board")
    ap.add_argument("--pool", default="main")
    ap.add_argument("--date", type=date.fromisoformat, default=date.today())
    ap.add_argument("--print", action="store_true", help="print config, do not install")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings()
    try:
        plan = fetch_plan(settings, args.pool, args.date)
    except requests.RequestException as exc:
        log.error("could not fetch lane plan: %s", exc)
        return 1
    text = render(plan, args.pool, args.date)
    if args.print:
        sys.stdout.write(text)
        return 0
    if BOARD_CONFIG.exists() and BOARD_CONFIG.read_text() == text:
        log.info("lane plan unchanged")
        return 0
    try:
        install_config(text, BOARD_CONFIG)
    except PermissionError:
        log.error("no permission to write %s (run as root or via the push timer)", BOARD_CONFIG)
        return 1
    return 0 if reload_board() else 1


if __name__ == "__main__":
    sys.exit(main())
