#!/usr/bin/env python3
"""weather-exporter -- expose current weather for a list of places as
Prometheus metrics.

Data comes from the free Open-Meteo forecast API (no key required).
Places are configured in weather_places.json in the working directory:

    [{"name": "berlin", "lat": 52.52, "lon": 13.41},
     {"name": "lisbon", "lat": 38.72, "lon": -9.14}]

    python weather_exporter.py --port 9820 --interval 300
"""
import argparse
import json
import logging
import signal
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import requests
from prometheus_client import Counter, Gauge, Histogram, start_http_server

log = logging.getLogger("weather_exporter")

API_URL = "https://api.open-meteo.com/v1/forecast"
CURRENT_FIELDS = {
    "temperature_2m": ("weather_temperature_celsius", "Air temperature at 2 m"),
    "relative_humidity_2m": ("weather_relative_humidity_percent", "Relative humidity at 2 m"),
    "apparent_temperature": ("weather_apparent_temperature_celsius", "Feels-like temperature"),
    "precipitation": ("weather_precipitation_mm", "Precipitation in the last hour"),
    "wind_speed_10m": ("weather_wind_speed_kmh", "Wind speed at 10 m"),
    "surface_pressure": ("weather_surface_pressure_hpa", "Surface pressure"),
    "cloud_cover": ("weather_cloud_cover_percent", "Cloud cover"),
}

GAUGES: Dict[str, Gauge] = {
    api_field: Gauge(metric, help_text, ["place"])
    for api_field, (metric, help_text) in CURRENT_FIELDS.items()
}
LAST_SUCCESS = Gauge("weather_last_success_timestamp_seconds", "Last successful fetch", ["place"])
FETCH_ERRORS = Counter("weather_fetch_errors_total", "Failed fetches", ["place", "reason"])
FETCH_SECONDS = Histogram("weather_fetch_duration_seconds", "Fetch latency",
                          buckets=(0.1, 0.25, 0.5, 1, 2, 5, 10))


@dataclass(frozen=True)
class Place:
    name: str
    lat: float
    lon: float

    def __post_init__(self):
        if not -90 <= self.lat <= 90 or not -180 <= self.lon <= 180:
            raise ValueError("coordinates out of range for %s" % self.name)


def load_places(path: Path) -> List[Place]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    places = [Place(str(p["name"]), float(p["lat"]), float(p["lon"])) for p in raw]
    names = [p.name for p in places]
    if len(names) != len(set(names)):
        raise ValueError("duplicate place names in %s" % path)
    return places


class WeatherClient:
    def __init__(self, timeout: float = 10.0, retries: int = 2):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "weather-exporter/1.1"
        self.timeout = timeout
        self.retries = retries

    def current(self, place: Place) -> Dict[str, float]:
        params = {
            "latitude": place.lat,
            "longitude": place.lon,
            "current": ",".join(CURRENT_FIELDS),
            "timezone": "UTC",
        }
        last_exc: Optional[Exception] = None
        for attempt in range(self.retries + 1):
            try:
                with FETCH_SECONDS.time():
                    resp = self.session.get(API_URL, params=params, timeout=self.timeout)
                resp.raise_for_status()
                return resp.json().get("current", {})
            except requests.RequestException as exc:
                last_exc = exc
                time.sleep(1.5 * (attempt + 1))
        raise last_exc  # type: ignore[misc]


class Poller(threading.Thread):
    def __init__(self, client: WeatherClient, places: List[Place], interval: float):
        super().__init__(name="weather-poller", daemon=True)
        self.client = client
        self.places = places
        self.interval = interval
        self.stopped = threading.Event()

    def refresh(self, place: Place) -> None:
        try:
            data = self.client.current(place)
        except requests.HTTPError as exc:
            FETCH_ERRORS.labels(place.name, "http_%s" % exc.response.status_code).inc()
            log.warning("%s: HTTP error %s", place.name, exc)
            return
        except requests.RequestException as exc:
            FETCH_ERRORS.labels(place.name, type(exc).__name__).inc()
            log.warning("%s: %s", place.name, exc)
            return
        for api_field, gauge in GAUGES.items():
            value = data.get(api_field)
            if isinstance(value, (int, float)):
                gauge.labels(place.name).set(value)
        LAST_SUCCESS.labels(place.name).set_to_current_time()
        log.debug("%s updated: %s", place.name, data)

    def run(self) -> None:
        while not self.stopped.is_set():
            started = time.monotonic()
            for place in self.places:
                if self.stopped.is_set():
                    break
                self.refresh(place)
            elapsed = time.monotonic() - started
            self.stopped.wait(max(self.interval - elapsed, 5))

    def stop(self) -> None:
        self.stopped.set()


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Prometheus exporter for current weather")
    parser.add_argument("--places", default="weather_places.json", type=Path)
    parser.add_argument("--port", type=int, default=9820)
    parser.add_argument("--interval", type=float, default=300, help="seconds between refreshes")
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        places = load_places(args.places)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot load places: %s", exc)
        return 2
    if args.interval < 60:
        log.warning("interval below 60s is impolite to a free API; using 60s")
        args.interval = 60
    start_http_server(args.port, addr="127.0.0.1")
    log.info("metrics on http://127.0.0.1:%d/metrics for %d place(s)", args.port, len(places))
    poller = Poller(WeatherClient(timeout=args.timeout), places, args.interval)
    poller.start()
    done = threading.Event()

    def shutdown(signum, _frame):
        log.info("signal %d received, shutting down", signum)
        poller.stop()
        done.set()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    done.wait()
    poller.join(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
