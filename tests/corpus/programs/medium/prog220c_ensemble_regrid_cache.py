#!/usr/bin/env python3
"""Regrid ensemble member fields to the verification grid with cached weights.

Computing bilinear interpolation weights from the model's native grid to the
0.25 degree verification grid takes minutes per grid pair, while the grids
themselves change only with a model upgrade. The weights are therefore
computed once and cached on disk, keyed by the two grid descriptions, and
reused for every ensemble member and lead time.

Usage:
    prog220c_ensemble_regrid_cache.py --src-grid src.json --dst-grid dst.json member_*.json
"""

import argparse
import hashlib
import json
import logging
import pickle
import sys
from pathlib import Path

CACHE_DIR = Path("./regrid_cache")

log = logging.getLogger("regrid_cache")


class Grid:
    def __init__(self, lat0, lon0, dlat, dlon, nlat, nlon):
        self.lat0, self.lon0 = lat0, lon0
        self.dlat, self.dlon = dlat, dlon
        self.nlat, self.nlon = nlat, nlon

    @classmethod
    def from_file(cls, path):
        d = json.loads(Path(path).read_text())
        return cls(d["lat0"], d["lon0"], d["dlat"], d["dlon"], d["nlat"], d["nlon"])

    def key(self):
        return f"{self.lat0}:{self.lon0}:{self.dlat}:{self.dlon}:{self.nlat}:{self.nlon}"

    def points(self):
        for i in range(self.nlat):
            for j in range(self.nlon):
                yield self.lat0 + i * self.dlat, self.lon0 + j * self.dlon


def compute_weights(src, dst):
    """Bilinear weights: for each destination point, 4 source indices and weights."""
    weights = []
    for lat, lon in dst.points():
        fi = min(max((lat - src.lat0) / src.dlat, 0), src.nlat - 1.000001)
        fj = min(max((lon - src.lon0) / src.dlon, 0), src.nlon - 1.000001)
        i, j = int(fi), int(fj)
        di, dj = fi - i, fj - j
        weights.append((
            (i * src.nlon + j, (1 - di) * (1 - dj)),
            (i * src.nlon + j + 1, (1 - di) * dj),
            ((i + 1) * src.nlon + j, di * (1 - dj)),
            ((i + 1) * src.nlon + j + 1, di * dj),
        ))
    return weights


def cached_weights(src, dst, rebuild=False):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.sha256(f"{src.key()}->{dst.key()}".encode()).hexdigest()[:16]
    path = CACHE_DIR / f"weights_{key}.pkl"
    if path.exists() and not rebuild:
        try:
            with path.open("rb") as fh:
                weights = pickle.load(fh)
            log.info("loaded %d cached weights from %s", len(weights), path)
            return weights
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache %s unusable (%s), recomputing", path, exc)
    log.info("computing interpolation weights (this may take a while)")
    weights = compute_weights(src, dst)
    with path.open("wb") as fh:
        pickle.dump(weights, fh, protocol=pickle.HIGHEST_PROTOCOL)
    log.info("cached %d weights in %s", len(weights), path)
    return weights


def regrid(values, weights):
    return [sum(values[idx] * w for idx, w in stencil) for stencil in weights]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src-grid", required=True)
    ap.add_argument("--dst-grid", required=True)
    ap.add_argument("--out-dir", default="./regridded")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("members", nargs="+")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    src, dst = Grid.from_file(args.src_grid), Grid.from_file(args.dst_grid)
    weights = cached_weights(src, dst, args.rebuild)
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)

    failed = 0
    for member in args.members:
        try:
            field = json.loads(Path(member).read_text())
            if len(field["values"]) != src.nlat * src.nlon:
                raise ValueError("field size does not match source grid")
            field["values"] = regrid(field["values"], weights)
            (out_dir / Path(member).name).write_text(json.dumps(field))
            log.debug("regridded %s", member)
        except (OSError, KeyError, ValueError) as exc:
            failed += 1
            log.error("member %s failed: %s", member, exc)
    log.info("regridded %d of %d members", len(args.members) - failed, len(args.members))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
