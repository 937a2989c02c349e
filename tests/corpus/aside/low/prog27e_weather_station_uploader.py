#!/usr/bin/env python3
"""Upload the latest weather station sample to a weather-network API.

The station software writes one JSON line per sample into ./samples.jsonl.
We take the newest line, convert units, and POST it to the upload API using
an API key from the environment. The key is only ever sent to that API.
"""
import json
import os
import sys

import requests

API_URL = "https://api.weathernet.example/v1/observations"
SAMPLES = "samples.jsonl"
STATE = ".last_upload.json"


def latest_sample(path):
    last = None
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if line:
                last = json.loads(line)
    return last


def to_metric(sample):
    temp_c = (sample["temp_f"] - 32) * 5.0 / 9.0
    wind_ms = sample["wind_mph"] * 0.44704
    rain_mm = sample["rain_in"] * 25.4
    return {
        "observed_at": sample["time"],
        "temperature_c": round(temp_c, 2),
        "humidity_pct": sample["humidity"],
        "pressure_hpa": sample["pressure_hpa"],
        "wind_speed_ms": round(wind_ms, 2),
        "wind_dir_deg": sample["wind_dir"],
        "rain_mm": round(rain_mm, 2),
    }


def already_sent(observed_at):
    if not os.path.exists(STATE):
        return False
    with open(STATE) as fh:
        return json.load(fh).get("observed_at") == observed_at


def remember(observed_at):
    with open(STATE, "w") as fh:
        json.dump({"observed_at": observed_at}, fh)
    os.chmod(STATE, 0o600)


def main():
    api_key = os.environ.get("WEATHERNET_API_KEY")
    station_id = os.environ.get("WEATHERNET_STATION_ID", "home-01")
    if not api_key:
        print("WEATHERNET_API_KEY is not set", file=sys.stderr)
        return 2
    sample = latest_sample(SAMPLES)
    if sample is None:
        print("no samples yet")
        return 0
    obs = to_metric(sample)
    if already_sent(obs["observed_at"]):
        print("latest sample already uploaded")
        return 0
    payload = {"station": station_id, "observations": [obs]}
    resp = requests.post(
        API_URL,
        json=payload,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=10,
    )
    if resp.status_code >= 400:
        print(f"upload rejected: {resp.status_code} {resp.text[:200]}",
              file=sys.stderr)
        return 1
    remember(obs["observed_at"])
    print(f"uploaded {obs['observed_at']}: {obs['temperature_c']} C")
    return 0


if __name__ == "__main__":
    sys.exit(main())
