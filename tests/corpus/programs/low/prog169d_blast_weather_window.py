#!/usr/bin/env python3
"""Check the weather window for today's blast and post the neighbour notice.

Wind, cloud base and lightning risk all affect when a shot can be fired. The
forecast comes from the weather desk API; the notice goes to the community
notification service the quarry uses for its neighbours.
"""
import argparse
import asyncio
import datetime as dt
import importlib
import logging
import os
from dataclasses import dataclass, asdict

log = logging.getLogger("blastwx")

httpx = importlib.import_module("httpx")


@dataclass
class Service:
    base: str
    key_env: str
    header: str

    def headers(self):
        token = os.environ.get(self.key_env)
        if not token:
            raise SystemExit("{} is not set".format(self.key_env))
        return {self.header: token}


SERVICES = {
    "weather": Service("https://api.weatherdesk.example/v1", "WEATHERDESK_KEY", "X-Api-Key"),
    "notify": Service("https://notify.neighbourline.example/api", "NEIGHBOURLINE_TOKEN",
                      "Authorization"),
}


@dataclass
class Window:
    start: str
    end: str
    wind_ms: float
    gust_ms: float
    cloud_base_m: int
    lightning: bool


def client_for(name):
    svc = SERVICES[name]

    async def call(verb, path, **kw):
        async with httpx.AsyncClient(base_url=svc.base, headers=svc.headers(),
                                     timeout=15) as c:
            resp = await getattr(c, verb)(path, **kw)
            resp.raise_for_status()
            return resp.json() if resp.content else {}
    return call


def acceptable(hour, limits):
    return (hour["wind_ms"] <= limits["wind"] and hour["gust_ms"] <= limits["gust"]
            and hour["cloud_base_m"] >= limits["cloud"] and not hour["lightning"])


def best_window(hours, limits, need):
    run = []
    for h in hours:
        run = run + [h] if acceptable(h, limits) else []
        if len(run) >= need:
            first, last = run[0], run[-1]
            return Window(first["time"], last["time"],
                          max(x["wind_ms"] for x in run), max(x["gust_ms"] for x in run),
                          min(x["cloud_base_m"] for x in run), False)
    return None


async def run(args):
    weather = client_for("weather")
    fc = await weather("get", "/forecast/hourly",
                       params={"lat": args.lat, "lon": args.lon, "date": args.date})
    limits = {"wind": args.max_wind, "gust": args.max_gust, "cloud": args.min_cloud}
    win = best_window(fc.get("hours", []), limits, args.hours)
    if win is None:
        log.warning("no %dh window on %s", args.hours, args.date)
        return 1
    log.info("window %s - %s (wind %.1f m/s)", win.start, win.end, win.wind_ms)
    if args.post:
        notify = client_for("notify")
        notice = {"site": args.site, "type": "blast", "date": args.date,
                  "window": asdict(win), "contact": args.contact}
        res = await notify("post", "/notices", json=notice)
        log.info("notice posted: %s", res.get("id", "?"))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default=os.environ.get("QUARRY_SITE", "Hollow Crag Quarry"))
    ap.add_argument("--lat", type=float, default=float(os.environ.get("QUARRY_LAT", "54.32")))
    ap.add_argument("--lon", type=float, default=float(os.environ.get("QUARRY_LON", "-2.74")))
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--hours", type=int, default=2)
    ap.add_argument("--max-wind", type=float, default=10.0)
    ap.add_argument("--max-gust", type=float, default=15.0)
    ap.add_argument("--min-cloud", type=int, default=300)
    ap.add_argument("--contact", default="site-office@hollowcrag.example")
    ap.add_argument("--post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    return asyncio.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())
