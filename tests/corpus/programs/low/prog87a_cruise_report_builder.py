#!/usr/bin/env python3
"""Build the end-of-cruise station summary for the cruise report.

Inputs (all in the cruise working directory):
  events.csv      event log export (time, station, cast, instrument, action, lat, lon, depth)
  casts/*.json    per-cast summaries written by the CTD processing step
  cruise.toml     cruise id, ship, chief scientist, port calls

Produces report/stations.md and report/stations.html, plus a track
overview image fetched once from the ship's chart tile server and cached.
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import sys
import tomllib
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode
from urllib.request import urlopen
from urllib.error import URLError

log = logging.getLogger("report")

TILE_SERVER = "http://charts.ship.lan/staticmap"
CACHE = Path(".report_cache")


def load_events(path):
    stations = defaultdict(lambda: {"casts": set(), "instruments": set(), "times": []})
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            st = row["station"].strip()
            if not st:
                continue
            rec = stations[st]
            rec["casts"].add(row["cast"].strip())
            rec["instruments"].add(row["instrument"].strip())
            rec["times"].append(datetime.fromisoformat(row["time"].replace("Z", "+00:00")))
            if row["action"].strip().lower() in ("at depth", "bottom"):
                rec["lat"], rec["lon"] = float(row["lat"]), float(row["lon"])
                rec["depth"] = float(row["depth"] or "nan")
    return stations


def load_casts(cast_dir):
    out = {}
    for p in sorted(Path(cast_dir).glob("*.json")):
        try:
            d = json.loads(p.read_text())
            out[(d["station"], str(d["cast"]))] = d
        except (ValueError, KeyError) as exc:
            log.warning("bad cast summary %s: %s", p.name, exc)
    return out


def track_image(points, size="900x600"):
    """Fetch (or reuse) a static track map for the station positions."""
    if not points:
        return None
    path = "|".join(f"{lat:.4f},{lon:.4f}" for lat, lon in points)
    query = urlencode({"size": size, "path": path, "markers": "small"})
    key = hashlib.md5(query.encode()).hexdigest()
    CACHE.mkdir(exist_ok=True)
    cached = CACHE / f"track_{key}.png"
    if cached.exists():
        return cached
    try:
        with urlopen(f"{TILE_SERVER}?{query}", timeout=20) as resp:
            cached.write_bytes(resp.read())
        return cached
    except (URLError, OSError) as exc:
        log.warning("track map unavailable: %s", exc)
        return None


def build_rows(stations, casts):
    rows = []
    for st in sorted(stations, key=lambda s: min(stations[s]["times"])):
        rec = stations[st]
        start, end = min(rec["times"]), max(rec["times"])
        max_p = max((casts.get((st, c), {}).get("max_pressure", 0) for c in rec["casts"]), default=0)
        rows.append({
            "station": st,
            "start": start.strftime("%Y-%m-%d %H:%M"),
            "hours": round((end - start).total_seconds() / 3600, 1),
            "lat": rec.get("lat"), "lon": rec.get("lon"), "depth": rec.get("depth"),
            "casts": len(rec["casts"]),
            "max_p": max_p,
            "instruments": ", ".join(sorted(rec["instruments"])),
        })
    return rows


def fmt(v, spec):
    return "" if v is None else format(v, spec)


def write_markdown(meta, rows, img, out):
    lines = [f"# {meta['cruise_id']} - {meta['ship']}", "",
             f"Chief scientist: {meta['chief_scientist']}", "",
             "| Station | Start (UTC) | Hours | Lat | Lon | Depth (m) | Casts | Max P (dbar) | Instruments |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['station']} | {r['start']} | {r['hours']} | {fmt(r['lat'], '.4f')} | "
                     f"{fmt(r['lon'], '.4f')} | {fmt(r['depth'], '.0f')} | {r['casts']} | "
                     f"{r['max_p']:.0f} | {r['instruments']} |")
    if img:
        lines += ["", f"![Cruise track]({Path('..') / img})"]
    (out / "stations.md").write_text("\n".join(lines) + "\n")


def write_html(meta, rows, img, out):
    esc = html.escape
    body = [f"<h1>{esc(meta['cruise_id'])} &ndash; {esc(meta['ship'])}</h1>",
            f"<p>Chief scientist: {esc(meta['chief_scientist'])}</p>", "<table border=1>",
            "<tr>" + "".join(f"<th>{h}</th>" for h in ("Station", "Start", "Hours", "Lat", "Lon",
                                                       "Depth", "Casts", "Max P", "Instruments")) + "</tr>"]
    for r in rows:
        cells = [r["station"], r["start"], r["hours"], fmt(r["lat"], ".4f"), fmt(r["lon"], ".4f"),
                 fmt(r["depth"], ".0f"), r["casts"], f"{r['max_p']:.0f}", r["instruments"]]
        body.append("<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in cells) + "</tr>")
    body.append("</table>")
    if img:
        body.append(f'<img src="{esc(str(Path("..") / img))}" alt="track">')
    (out / "stations.html").write_text("<!doctype html><meta charset=utf-8>\n" + "\n".join(body))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workdir", type=Path, default=Path("."))
    ap.add_argument("--no-map", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    wd = args.workdir
    try:
        meta = tomllib.loads((wd / "cruise.toml").read_text())["cruise"]
        stations = load_events(wd / "events.csv")
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read cruise inputs: %s", exc)
        return 1
    casts = load_casts(wd / "casts")
    rows = build_rows(stations, casts)
    points = [(r["lat"], r["lon"]) for r in rows if r["lat"] is not None]
    img = None if args.no_map else track_image(points)

    out = wd / "report"
    out.mkdir(exist_ok=True)
    write_markdown(meta, rows, img, out)
    write_html(meta, rows, img, out)
    log.info("%d stations, %d casts written to %s", len(rows), sum(r["casts"] for r in rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
