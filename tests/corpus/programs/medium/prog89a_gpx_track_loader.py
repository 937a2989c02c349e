#!/usr/bin/env python3
"""Load GPS tracks from search teams and merge them into one GeoJSON layer.

Each search party hands in a GPX file from their handheld at the end of a
task.  This tool parses them, computes distance / elevation gain per track,
tags them with the team and task id, and writes a single GeoJSON file that
the search manager loads into the mapping software to see coverage.

Parsed tracks are cached in .trackcache/ so re-running after a new file
arrives is quick.
"""

import argparse
import hashlib
import json
import logging
import math
import pickle
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

LOG = logging.getLogger("gpx-loader")
NS = {"g": "http://www.topografix.com/GPX/1/1"}
CACHE_DIR = Path(".trackcache")


@dataclass
class Track:
    name: str
    team: str
    task: str
    points: List[Tuple[float, float, Optional[float], Optional[str]]] = field(default_factory=list)

    @property
    def distance_m(self) -> float:
        total = 0.0
        for (la1, lo1, *_), (la2, lo2, *_) in zip(self.points, self.points[1:]):
            total += haversine(la1, lo1, la2, lo2)
        return total

    @property
    def ascent_m(self) -> float:
        gain = 0.0
        eles = [p[2] for p in self.points if p[2] is not None]
        for a, b in zip(eles, eles[1:]):
            if b > a:
                gain += b - a
        return gain


def haversine(lat1, lon1, lat2, lon2) -> float:
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def parse_gpx(path: Path, team: str, task: str) -> Iterator[Track]:
    root = ET.parse(path).getroot()
    for trk in root.iterfind("g:trk", NS):
        name = trk.findtext("g:name", default=path.stem, namespaces=NS)
        track = Track(name=name, team=team, task=task)
        for pt in trk.iterfind(".//g:trkpt", NS):
            ele = pt.findtext("g:ele", namespaces=NS)
            track.points.append((float(pt.get("lat")), float(pt.get("lon")),
                                 float(ele) if ele else None,
                                 pt.findtext("g:time", namespaces=NS)))
        if track.points:
            yield track


def cache_key(path: Path) -> Path:
    digest = hashlib.md5(path.read_bytes()).hexdigest()
    return CACHE_DIR / f"{digest}.pkl"


def load_tracks(path: Path, team: str, task: str) -> List[Track]:
    key = cache_key(path)
    if key.exists():
        with key.open("rb") as fh:
            LOG.debug("cache hit %s", path.name)
            return pickle.load(fh)
    tracks = list(parse_gpx(path, team, task))
    CACHE_DIR.mkdir(exist_ok=True)
    with key.open("wb") as fh:
        pickle.dump(tracks, fh)
    return tracks


def infer_team_task(path: Path) -> Tuple[str, str]:
    # convention: <team>_<task>_anything.gpx  e.g. hasty2_T14_0915.gpx
    parts = path.stem.split("_")
    return (parts[0], parts[1]) if len(parts) >= 2 else ("unknown", "unassigned")


def to_feature(track: Track) -> dict:
    return {
        "type": "Feature",
        "geometry": {"type": "LineString",
                     "coordinates": [[lo, la] + ([e] if e is not None else []) for la, lo, e, _ in track.points]},
        "properties": {
            "name": track.name, "team": track.team, "task": track.task,
            "distance_km": round(track.distance_m / 1000, 2),
            "ascent_m": round(track.ascent_m),
            "start": track.points[0][3], "end": track.points[-1][3],
        },
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="merge search-party GPX tracks into GeoJSON")
    ap.add_argument("inputs", nargs="+", type=Path, help="GPX files or folders")
    ap.add_argument("-o", "--output", type=Path, default=Path("coverage.geojson"))
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    files: List[Path] = []
    for p in args.inputs:
        files.extend(sorted(p.glob("*.gpx")) if p.is_dir() else [p])

    features, failed = [], 0
    for f in files:
        team, task = infer_team_task(f)
        try:
            tracks = list(parse_gpx(f, team, task)) if args.no_cache else load_tracks(f, team, task)
        except (ET.ParseError, OSError, ValueError) as exc:
            LOG.error("skipping %s: %s", f, exc)
            failed += 1
            continue
        for t in tracks:
            features.append(to_feature(t))
            LOG.info("%-24s team=%-8s task=%-6s %6.2f km", t.name[:24], t.team, t.task, t.distance_m / 1000)

    out = {"type": "FeatureCollection", "generated": datetime.now().isoformat(timespec="seconds"),
           "features": features}
    args.output.write_text(json.dumps(out), encoding="utf-8")
    LOG.info("wrote %d tracks to %s (%d files failed)", len(features), args.output, failed)
    return 1 if failed and not features else 0


if __name__ == "__main__":
    sys.exit(main())
