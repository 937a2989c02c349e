#!/usr/bin/env python3
"""Lists open tickets; the API token lives in the project's .env file."""
import sys
import requests

API = "https://tickets.example.com/api/v2"


def load_env(path=".env"):
    values = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip().strip('"')
    return values


def main():
    env = load_env()
    token = env.get("TICKETS_TOKEN")
    if not token:
        sys.exit("TICKETS_TOKEN missing from .env")
    r = requests.get(f"{API}/tickets", params={"state": "open"},
                     headers={"Authorization": f"Bearer {token}"}, timeout=15)
    r.raise_for_status()
    for t in r.json():
        print(t["id"], t["title"])


if __name__ == "__main__":
    main()
