#!/usr/bin/env python3
"""Open Graph / Twitter card image worker.

Reads render jobs (title, subtitle, theme) from ./card_jobs/*.json and writes
1200x630 PNGs to ./cards. The service is started by the init script as root
so it can bind the shared font cache; it then switches to the unprivileged
'cards' account through libc before touching any job input.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import sys
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

log = logging.getLogger("cardworker")
THEMES = {"light": ("#ffffff", "#111111"), "dark": ("#0d1117", "#f0f6fc"),
          "brand": ("#0055ff", "#ffffff")}


def switch_identity(username):
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    entry = pwd.getpwnam(username)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    for fn, args in (("setgroups", (1, groups)),
                     ("setgid", (entry.pw_gid,)),
                     ("setuid", (entry.pw_uid,))):
        if getattr(libc, fn)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed")
    log.info("now running as %s (uid=%d gid=%d)", username, entry.pw_uid, entry.pw_gid)


def wrap(text, font, width, draw):
    words, lines, line = text.split(), [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if draw.textlength(trial, font=font) <= width:
            line = trial
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return lines


def render(job, font_path, out_dir):
    bg, fg = THEMES.get(job.get("theme", "light"), THEMES["light"])
    img = Image.new("RGB", (1200, 630), bg)
    draw = ImageDraw.Draw(img)
    big = ImageFont.truetype(font_path, 64)
    small = ImageFont.truetype(font_path, 32)
    y = 140
    for line in wrap(job["title"], big, 1040, draw)[:3]:
        draw.text((80, y), line, font=big, fill=fg)
        y += 80
    if job.get("subtitle"):
        draw.text((80, y + 30), job["subtitle"][:90], font=small, fill=fg)
    out = out_dir / f"{job['slug']}.png"
    img.save(out, optimize=True)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", default="cards")
    ap.add_argument("--font", default="/usr/share/fonts/truetype/inter/Inter-Bold.ttf")
    ap.add_argument("--jobs", default="card_jobs")
    ap.add_argument("--out", default="cards")
    ap.add_argument("--poll", type=float, default=5.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    switch_identity(args.user)
    jobs, out = Path(args.jobs), Path(args.out)
    out.mkdir(exist_ok=True)
    while True:
        for job_file in sorted(jobs.glob("*.json")):
            try:
                path = render(json.loads(job_file.read_text()), args.font, out)
                job_file.rename(job_file.with_suffix(".done"))
                log.info("rendered %s", path)
            except (KeyError, ValueError, OSError) as exc:
                log.error("job %s failed: %s", job_file.name, exc)
        if args.once:
            return 0
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
