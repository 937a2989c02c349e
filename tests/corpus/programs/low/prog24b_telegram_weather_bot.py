#!/usr/bin/env python3
"""Telegram weather bot.

Long-polls the Bot API and answers /weather <city> using the free
Open-Meteo geocoding and forecast endpoints. The bot token is read from
TELEGRAM_BOT_TOKEN and only used against api.telegram.org.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

GEOCODE_URL = "https://geocoding-api.open-meteo.com/v1/search"
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
STATE_PATH = "weather_bot_state.json"

logger = logging.getLogger("weatherbot")

WEATHER_CODES = {
    0: "clear sky", 1: "mainly clear", 2: "partly cloudy", 3: "overcast",
    45: "fog", 51: "light drizzle", 61: "light rain", 63: "rain",
    65: "heavy rain", 71: "light snow", 73: "snow", 95: "thunderstorm",
}


def http_json(url, params=None, data=None, timeout=35):
    if params:
        url = url + "?" + urllib.parse.urlencode(params)
    body = None
    headers = {"User-Agent": "weatherbot/1.2"}
    if data is not None:
        body = json.dumps(data).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=body, headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


class TelegramBot:
    def __init__(self, token):
        self.base = f"https://api.telegram.org/bot{token}/"
        self.offset = self._load_offset()

    @staticmethod
    def _load_offset():
        try:
            with open(STATE_PATH) as fh:
                return json.load(fh).get("offset", 0)
        except (OSError, ValueError):
            return 0

    def _save_offset(self):
        with open(STATE_PATH, "w") as fh:
            json.dump({"offset": self.offset}, fh)

    def updates(self):
        res = http_json(self.base + "getUpdates",
                        params={"offset": self.offset, "timeout": 30})
        return res.get("result", [])

    def send(self, chat_id, text):
        http_json(self.base + "sendMessage",
                  data={"chat_id": chat_id, "text": text}, timeout=10)

    def handle(self, message):
        text = (message.get("text") or "").strip()
        chat_id = message["chat"]["id"]
        if text.startswith("/weather"):
            city = text[len("/weather"):].strip()
            reply = forecast_for(city) if city else "Usage: /weather <city>"
        elif text in ("/start", "/help"):
            reply = "Send /weather <city> for the current conditions."
        else:
            return
        self.send(chat_id, reply)

    def run(self, once=False):
        while True:
            try:
                for upd in self.updates():
                    self.offset = upd["update_id"] + 1
                    if "message" in upd:
                        self.handle(upd["message"])
                self._save_offset()
            except urllib.error.URLError as exc:
                logger.warning("network error: %s; retrying", exc)
                time.sleep(5)
            if once:
                break


def forecast_for(city):
    geo = http_json(GEOCODE_URL, params={"name": city, "count": 1}, timeout=10)
    hits = geo.get("results") or []
    if not hits:
        return f"Could not find '{city}'."
    place = hits[0]
    wx = http_json(FORECAST_URL, params={
        "latitude": place["latitude"], "longitude": place["longitude"],
        "current_weather": "true",
    }, timeout=10).get("current_weather", {})
    desc = WEATHER_CODES.get(wx.get("weathercode"), "unknown conditions")
    return (f"{place['name']}, {place.get('country', '')}: {wx.get('temperature')}°C, "
            f"{desc}, wind {wx.get('windspeed')} km/h")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--once", action="store_true", help="process one batch and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    token = os.getenv("TELEGRAM_BOT_TOKEN")
    if not token:
        logger.error("TELEGRAM_BOT_TOKEN not set")
        sys.exit(2)
    TelegramBot(token).run(once=args.once)


if __name__ == "__main__":
    main()
