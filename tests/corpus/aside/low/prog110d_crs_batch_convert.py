#!/usr/bin/env python3
"""Batch convert surveyed points between WGS84 geographic and UTM.

Uses the Krueger series (third order) so the tool has no dependency on PROJ,
which is not always installed on the field laptops.  Accuracy is well under a
millimetre inside a zone, which is plenty for control point sheets.

    crs_batch_convert.py points.csv out.csv --zone 56 --south
    crs_batch_convert.py utm.csv geo.csv --zone 33 --inverse
"""
import argparse
import csv
import logging
import math
import sys
from dataclasses import dataclass

log = logging.getLogger("crsconv")

WGS84_A = 6378137.0
WGS84_F = 1 / 298.257223563
K0 = 0.9996
FALSE_EASTING = 500000.0
FALSE_NORTHING_SOUTH = 10000000.0


@dataclass
class Ellipsoid:
    a: float
    f: float

    def __post_init__(self):
        n = self.f / (2 - self.f)
        self.n = n
        self.A = self.a / (1 + n) * (1 + n ** 2 / 4 + n ** 4 / 64)
        self.alpha = (n / 2 - 2 * n ** 2 / 3 + 5 * n ** 3 / 16,
                      13 * n ** 2 / 48 - 3 * n ** 3 / 5,
                      61 * n ** 3 / 240)
        self.beta = (n / 2 - 2 * n ** 2 / 3 + 37 * n ** 3 / 96,
                     n ** 2 / 48 + n ** 3 / 15,
                     17 * n ** 3 / 480)
        self.delta = (2 * n - 2 * n ** 2 / 3 - 2 * n ** 3,
                      7 * n ** 2 / 3 - 8 * n ** 3 / 5,
                      56 * n ** 3 / 15)


WGS84 = Ellipsoid(WGS84_A, WGS84_F)


def central_meridian(zone):
    return math.radians(zone * 6 - 183)


def geo_to_utm(lat, lon, zone, south, ell=WGS84):
    phi = math.radians(lat)
    dlam = math.radians(lon) - central_meridian(zone)
    c = 2 * math.sqrt(ell.n) / (1 + ell.n)
    t = math.sinh(math.atanh(math.sin(phi)) - c * math.atanh(c * math.sin(phi)))
    xi_p = math.atan2(t, math.cos(dlam))
    eta_p = math.atanh(math.sin(dlam) / math.sqrt(1 + t * t))
    xi, eta = xi_p, eta_p
    for j, a in enumerate(ell.alpha, start=1):
        xi += a * math.sin(2 * j * xi_p) * math.cosh(2 * j * eta_p)
        eta += a * math.cos(2 * j * xi_p) * math.sinh(2 * j * eta_p)
    easting = FALSE_EASTING + K0 * ell.A * eta
    northing = K0 * ell.A * xi + (FALSE_NORTHING_SOUTH if south else 0.0)
    return easting, northing


def utm_to_geo(easting, northing, zone, south, ell=WGS84):
    if south:
        northing -= FALSE_NORTHING_SOUTH
    xi = northing / (K0 * ell.A)
    eta = (easting - FALSE_EASTING) / (K0 * ell.A)
    xi_p, eta_p = xi, eta
    for j, b in enumerate(ell.beta, start=1):
        xi_p -= b * math.sin(2 * j * xi) * math.cosh(2 * j * eta)
        eta_p -= b * math.cos(2 * j * xi) * math.sinh(2 * j * eta)
    chi = math.asin(math.sin(xi_p) / math.cosh(eta_p))
    phi = chi
    for j, d in enumerate(ell.delta, start=1):
        phi += d * math.sin(2 * j * chi)
    lam = central_meridian(zone) + math.atan2(math.sinh(eta_p), math.cos(xi_p))
    return math.degrees(phi), math.degrees(lam)


def iter_points(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for lineno, row in enumerate(reader, start=2):
            try:
                yield row["id"], float(row["x"]), float(row["y"]), row.get("z", "")
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", lineno, exc)


def convert(args):
    out_rows = []
    for pid, x, y, z in iter_points(args.input):
        if args.inverse:
            lat, lon = utm_to_geo(x, y, args.zone, args.south)
            out_rows.append((pid, f"{lat:.9f}", f"{lon:.9f}", z))
        else:
            e, n = geo_to_utm(y, x, args.zone, args.south)
            out_rows.append((pid, f"{e:.4f}", f"{n:.4f}", z))
    header = ("id", "lat", "lon", "z") if args.inverse else ("id", "easting", "northing", "z")
    with open(args.output, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(out_rows)
    return len(out_rows)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("input")
    p.add_argument("output")
    p.add_argument("--zone", type=int, required=True, help="UTM zone 1-60")
    p.add_argument("--south", action="store_true", help="southern hemisphere")
    p.add_argument("--inverse", action="store_true", help="UTM -> lat/lon (input x=E, y=N)")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not 1 <= args.zone <= 60:
        p.error("zone must be between 1 and 60")
    try:
        count = convert(args)
    except OSError as exc:
        log.error("cannot convert: %s", exc)
        return 1
    log.info("converted %d points -> %s", count, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
