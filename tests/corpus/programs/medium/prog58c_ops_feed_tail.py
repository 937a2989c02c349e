#!/usr/bin/env python3
"""Tail the internal ops event feed (websocket) and keep a JSONL copy locally.

The feed runs behind a self-signed certificate on the lab network, so
certificate checks are turned off for this client.
"""
import argparse
import json
import logging
import ssl
import time
from pathlib import Path

import websocket  # websocket-client

log = logging.getLogger("feedtail")

DEFAULT_URL = "wss://ops-feed.lab.internal:8443/events"
LEVEL_COLOURS = {"error": "\033[31m", "warn": "\033[33m", "info": "\033[0m"}


def open_feed(url: str, token: str | None, timeout: float):
    headers = [f"Authorization: Bearer {token}"] if token else []
    return websocket.create_connection(
        url,
        timeout=timeout,
        header=headers,
        sslopt={"cert_reqs": ssl.CERT_NONE, "check_hostname": False},
    )


def render(event: dict) -> str:
    level = str(event.get("level", "info")).lower()
    colour = LEVEL_COLOURS.get(level, "")
    ts = event.get("ts") or time.strftime("%H:%M:%S")
    return f"{colour}{ts} {level:5} {event.get('source', '?'):12} {event.get('msg', '')}\033[0m"


def tail(url: str, token: str | None, out: Path, min_level: str, timeout: float) -> None:
    order = ["info", "warn", "error"]
    threshold = order.index(min_level)
    backoff = 1
    while True:
        try:
            ws = open_feed(url, token, timeout)
            log.info("connected to %s", url)
            backoff = 1
            with out.open("a", encoding="utf-8") as sink:
                while True:
                    raw = ws.recv()
                    if not raw:
                        continue
                    try:
                        event = json.loads(raw)
                    except json.JSONDecodeError:
                        log.debug("non-json frame: %r", raw[:80])
                        continue
                    sink.write(json.dumps(event) + "\n")
                    sink.flush()
                    lvl = str(event.get("level", "info")).lower()
                    if lvl in order and order.index(lvl) >= threshold:
                        print(render(event))
        except (websocket.WebSocketException, OSError) as exc:
            log.warning("feed dropped (%s); retrying in %ds", exc, backoff)
            time.sleep(backoff)
            backoff = min(backoff * 2, 60)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=DEFAULT_URL)
    ap.add_argument("--token-file", type=Path, default=Path("feed.token"))
    ap.add_argument("--out", type=Path, default=Path("events.jsonl"))
    ap.add_argument("--min-level", choices=["info", "warn", "error"], default="info")
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    token = args.token_file.read_text().strip() if args.token_file.exists() else None
    try:
        tail(args.url, token, args.out, args.min_level, args.timeout)
    except KeyboardInterrupt:
        log.info("bye")


if __name__ == "__main__":
    main()
