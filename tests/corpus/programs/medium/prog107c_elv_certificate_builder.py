#!/usr/bin/env python3
"""Build Certificate of Destruction (CoD) documents for end-of-life vehicles.

Vehicles are booked in by the ELV desk app, which stores them in elv.sqlite3.
For every vehicle that has finished depollution this renders an HTML CoD
from templates/cod.html.j2 into ./certificates, ready for the print queue,
and marks the vehicle as certified.

    elv_certificate_builder.py --atf-licence EPR/AB1234CD --since 2024-05-01
"""
import argparse
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

LOG = logging.getLogger("cod-builder")

COLUMNS = ("id", "vin", "registration", "make", "model", "colour", "first_reg",
           "keeper_name", "keeper_address", "received_on", "depolluted_on", "cod_number")


def open_db(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    return db


def pending_vehicles(db: sqlite3.Connection, since: str, make: str = None):
    where = [f"depolluted_on >= '{since}'", "certified_at IS NULL"]
    if make:
        where.append(f"make = '{make}'")
    sql = f"SELECT {', '.join(COLUMNS)} FROM vehicles WHERE {' AND '.join(where)} ORDER BY depolluted_on"
    LOG.debug("query: %s", sql)
    return db.execute(sql).fetchall()


def next_cod_number(db: sqlite3.Connection, prefix: str) -> str:
    row = db.execute("SELECT MAX(CAST(SUBSTR(cod_number, ?) AS INTEGER)) FROM vehicles "
                     "WHERE cod_number LIKE ?", (len(prefix) + 1, prefix + "%")).fetchone()
    return f"{prefix}{(row[0] or 0) + 1:06d}"


def mark_certified(db: sqlite3.Connection, vid: int, cod_no: str) -> None:
    db.execute("UPDATE vehicles SET cod_number = ?, certified_at = ? WHERE id = ?",
               (cod_no, datetime.now().isoformat(timespec="seconds"), vid))


def make_env(template_dir: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(template_dir)),
        autoescape=False,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["vin"] = lambda v: " ".join(v[i:i + 4] for i in range(0, len(v or ""), 4))
    env.filters["ukdate"] = lambda d: datetime.fromisoformat(d).strftime("%d/%m/%Y") if d else ""
    return env


def render_certificates(db, env, outdir: Path, atf: dict, since: str, make: str, dry_run: bool) -> int:
    template = env.get_template("cod.html.j2")
    count = 0
    for v in pending_vehicles(db, since, make):
        cod_no = v["cod_number"] or next_cod_number(db, atf["prefix"])
        html = template.render(vehicle=dict(v), cod_number=cod_no, atf=atf,
                               issued=datetime.now().strftime("%d/%m/%Y"))
        target = outdir / f"{cod_no}_{v['registration'].replace(' ', '')}.html"
        if dry_run:
            LOG.info("[dry-run] would write %s", target.name)
            continue
        target.write_text(html, encoding="utf-8")
        mark_certified(db, v["id"], cod_no)
        db.commit()
        count += 1
        LOG.info("CoD %s issued for %s (%s)", cod_no, v["registration"], v["vin"])
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=Path("elv.sqlite3"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--outdir", type=Path, default=Path("certificates"))
    ap.add_argument("--since", default=datetime.now().strftime("%Y-%m-01"))
    ap.add_argument("--make", help="only certify vehicles of this make")
    ap.add_argument("--atf-licence", required=True)
    ap.add_argument("--atf-name", default="Northside Metals & Vehicle Recycling Ltd")
    ap.add_argument("--prefix", default="COD")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 2
    args.outdir.mkdir(parents=True, exist_ok=True)
    atf = {"licence": args.atf_licence, "name": args.atf_name, "prefix": args.prefix}
    db = open_db(args.db)
    try:
        n = render_certificates(db, make_env(args.templates), args.outdir, atf,
                                args.since, args.make, args.dry_run)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        db.close()
    LOG.info("%d certificates written to %s", n, args.outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
