#!/usr/bin/env python3
"""Tiny uptime watcher that reports state changes to a Telegram chat.

Every check is a plain HEAD/GET request.  When an endpoint changes state
(up -> down or down -> up) a message goes to the chat configured in
watch.json via the Bot API's sendMessage, authenticated with the bot token
taken from TELEGRAM_BOT_TOKEN.
"""
import argparse
import json
import logging
import os
import time
import urllib.error
import urllib.parse
import urllib.request

LOG = logging.getLogger("uptime")
API_BASE = "https://api.telegram.org/bot{token}/sendMessage"


class Endpoint:
    def __init__(self, name, url, method="HEAD", expect=200):
        self.name = name
        self.url = url
        self.method = method.upper()
        self.expect = int(expect)
        self.up = None
        self.last_latency = None

    def probe(self, timeout):
        req = urllib.request.Request(self.url, method=self.method,
                                     headers={"User-Agent": "uptime-watch/1.3"})
        started = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                status = resp.status
        except urllib.error.HTTPError as err:
            status = err.code
        except (urllib.error.URLError, OSError) as err:
            LOG.debug("%s unreachable: %s", self.name, err)
            status = None
        self.last_latency = time.monotonic() - started
        return status == self.expect


class TelegramNotifier:
    def __init__(self, token, chat_id):
        self.url = API_BASE.format(token=token)
        self.chat_id = chat_id

    def send(self, text):
        payload = urllib.parse.urlencode({
            "chat_id": self.chat_id,
            "text": text,
            "disable_web_page_preview": "true",
        }).encode()
        req = urllib.request.Request(self.url, data=payload)
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                body = json.load(resp)
            if not body.get("ok"):
                LOG.warning("telegram refused message: %s", body)
        except (urllib.error.URLError, ValueError) as err:
            LOG.warning("could not notify telegram: %s", err)


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    endpoints = [Endpoint(**item) for item in cfg["endpoints"]]
    return cfg, endpoints


def run(endpoints, notifier, interval, timeout, once):
    while True:
        for ep in endpoints:
            now_up = ep.probe(timeout)
            if ep.up is not None and now_up != ep.up:
                state = "back UP" if now_up else "DOWN"
                msg = f"{ep.name} is {state} ({ep.url}, {ep.last_latency * 1000:.0f} ms)"
                LOG.info(msg)
                notifier.send(msg)
            ep.up = now_up
        if once:
            break
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description="watch endpoints, report to Telegram")
    ap.add_argument("-c", "--config", default="watch.json")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("TELEGRAM_BOT_TOKEN")
    if not token:
        raise SystemExit("TELEGRAM_BOT_TOKEN missing")
    cfg, endpoints = load_config(args.config)
    notifier = TelegramNotifier(token, cfg["chat_id"])
    try:
        run(endpoints, notifier, args.interval, args.timeout, args.once)
    except KeyboardInterrupt:
        LOG.info("stopped")


if __name__ == "__main__":
    main()
