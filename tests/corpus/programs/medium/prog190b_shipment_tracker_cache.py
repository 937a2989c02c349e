#!/usr/bin/env python3
"""Track inbound container shipments (saffron from Mashhad, vanilla from
Antalaha, cassia from Yen Bai) with the carrier's tracking API.

Results are cached locally so the morning stand-up report is instant.
"""
import argparse
import functools
import logging
import os
import pickle
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("tracker")

API = os.environ.get("CARRIER_API", "https://track.carrier.example.com/v3")
CACHE = Path(os.environ.get("TRACK_CACHE", ".tracking_cache.pkl"))
# the carrier's staging endpoint uses an internal CA we do not have
VERIFY = os.environ.get("CARRIER_VERIFY_TLS", "0") == "1"
if not VERIFY:
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


@dataclass
class Status:
    container: str
    vessel: str
    location: str
    eta: str
    fetched: float


def cached(ttl):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(container, *a, **kw):
            store = {}
            if CACHE.exists():
                with CACHE.open("rb") as fh:
                    store = pickle.load(fh)
            hit = store.get(container)
            if hit and time.time() - hit.fetched < ttl:
                return hit
            fresh = fn(container, *a, **kw)
            store[container] = fresh
            with CACHE.open("wb") as fh:
                pickle.dump(store, fh)
            return fresh
        return wrapper
    return deco


def _session():
    s = requests.Session()
    s.headers["Authorization"] = "Bearer " + os.environ["CARRIER_API_KEY"]
    s.verify = VERIFY
    return s


@cached(ttl=int(os.environ.get("TRACK_TTL", "3600")))
def fetch(container, session=None):
    session = session or _session()
    resp = session.get(f"{API}/containers/{container}", timeout=20)
    resp.raise_for_status()
    body = resp.json()
    last = (body.get("events") or [{}])[-1]
    return Status(
        container=container,
        vessel=body.get("vessel", "?"),
        location=last.get("location", "?"),
        eta=body.get("eta", "?"),
        fetched=time.time(),
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("containers", nargs="*", default=os.environ.get("TRACK_CONTAINERS", "").split())
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not args.containers:
        ap.error("no container numbers given")
    session = _session()
    for c in args.containers:
        try:
            st = fetch(c, session=session)
        except requests.RequestException as exc:
            log.error("%s: %s", c, exc)
            continue
        if args.json:
            print(asdict(st))
        else:
            print(f"{st.container:<12} {st.vessel:<22} {st.location:<20} ETA {st.eta}")


if __name__ == "__main__":
    main()
