#!/usr/bin/env python3
"""Print a 3-day weather forecast for a city.

Uses the free Open-Meteo APIs (no key needed): the geocoding API to turn
the city name into coordinates, then the forecast API for daily values.
"""
import argparse
import sys

import requests

GEOCODE_URL = "https://geocoding-api.open-meteo.com/v1/search"
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"


def locate(city):
    resp = requests.get(GEOCODE_URL, params={"name": city, "count": 1},
                        timeout=10)
    resp.raise_for_status()
    results = resp.json().get("results")
    if not results:
        sys.exit(f"city not found: {city}")
    r = results[0]
    return r["latitude"], r["longitude"], f"{r['name']}, {r.get('country', '')}"


def forecast(lat, lon, days):
    params = {
        "latitude": lat,
        "longitude": lon,
        "daily": "temperature_2m_max,temperature_2m_min,precipitation_sum",
        "timezone": "auto",
        "forecast_days": days,
    }
    resp = requests.get(FORECAST_URL, params=params, timeout=10)
    resp.raise_for_status()
    return resp.json()["daily"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("city")
    parser.add_argument("--days", type=int, default=3)
    args = parser.parse_args()

    try:
        lat, lon, label = locate(args.city)
        daily = forecast(lat, lon, args.days)
    except requests.RequestException as exc:
        sys.exit(f"request failed: {exc}")

    print(f"Forecast for {label} ({lat:.2f}, {lon:.2f})")
    print(f"{'date':12}{'min °C':>8}{'max °C':>8}{'rain mm':>9}")
    for d, lo, hi, rain in zip(daily["time"], daily["temperature_2m_min"],
                               daily["temperature_2m_max"],
                               daily["precipitation_sum"]):
        print(f"{d:12}{lo:8.1f}{hi:8.1f}{rain:9.1f}")


if __name__ == "__main__":
    main()
