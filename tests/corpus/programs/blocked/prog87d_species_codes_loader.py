#!/usr/bin/env python3
"""Normalise species codes in an animal records export.

The collection database exports one row per animal with a free-text
species column.  Partners want the studbook code, common name, taxonomic
order and IUCN status next to it.  The code table ships inside this script
so the records office can run it on the locked-down reporting PC with
nothing but the standard library.

    species_codes_loader.py animals_export.csv -o animals_enriched.csv
"""
import argparse
import base64
import csv
import logging
import sys
import types
import zlib
from pathlib import Path

log = logging.getLogger("species-codes")

_TABLE_CHUNKS = (
    "eNqNklFL5DAQx9/7KUKfdkFE71G4h1wb20BsS9IeiCwltukabpssaSqI7He/JF21KIjzEmaY"
    "33/+M4RVKMGItUmZIgZ+g9cIuIgrWNQ5orAlqIxvwCYmUqv4AsQJN0o+a8N98reJtxefgBpn"
    "FLPA1HIvzBcIFe8QxKShZVWmsL1DBBYlQU0CA5tJriw4ctXz78ayKkcFZknD2ry5+1OStMaB"
    "z+fxUR96JyHUfpbBOzs+CSWnTg7ajGL6JIWK/D71Gzf12wJMcKCt/X6JBNIkhxRD1tawoc0Z"
    "dc6B9QcA0xM3/zxE+KhWsxP6oZEjUhbYneE+hYtAZoRQYHIO7GzsQXiiFpOde6kWfuUhwxTe"
    "3sI2ge6OZQVpCsl5h0waPgwBh8ZK3fPOvhxWdzxFUS8GYMSkD89i0+lebG+CrFDWvLg/wdZ/"
    "5HIvbGi6nI9HYTbbbeiVw7ldTqDQSiwKPoxwCyjwGnvIWfKPG97pcdSqVXz0RY+4oja9O/Z7"
    "KudOnbNT9GOt4OPharfSW0rXuw/NpfJrd4r+Ay/S3HM="
)

_ALIASES = {
    "lion": "PANTHERA_LEO",
    "african lion": "PANTHERA_LEO",
    "tiger": "PANTHERA_TIGRIS",
    "sumatran tiger": "PANTHERA_TIGRIS",
    "giant panda": "AILUROPODA_MELANOLEUCA",
    "humboldt penguin": "SPHENISCUS_HUMBOLDTI",
    "sea otter": "ENHYDRA_LUTRIS",
    "sand tiger shark": "CARCHARIAS_TAURUS",
    "green turtle": "CHELONIA_MYDAS",
    "green sea turtle": "CHELONIA_MYDAS",
    "giraffe": "GIRAFFA_CAMELOPARDALIS",
}


def _table_source():
    raw = base64.b64decode("".join(_TABLE_CHUNKS))
    return zlib.decompress(raw).decode("utf-8")


def load_table():
    """Build the code table module from the packed source."""
    mod = types.ModuleType("species_table")
    code = compile(_table_source(), "<species_table>", "exec")
    exec(code, mod.__dict__)
    log.debug("species table loaded with %d codes", len(mod.SPECIES_CODES))
    return mod


def normalise(name):
    key = " ".join(name.lower().replace("_", " ").split())
    if key in _ALIASES:
        return _ALIASES[key]
    return key.upper().replace(" ", "_")


def enrich(rows, table, column):
    missing = 0
    for row in rows:
        info = table.resolve(normalise(row.get(column, "")))
        if info["common_name"] is None:
            missing += 1
        row.update({
            "species_code": info["code"],
            "common_name": info["common_name"] or "",
            "order": info["order"] or "",
            "iucn_status": info["iucn"] or "",
        })
        yield row
    if missing:
        log.warning("%d row(s) had an unknown species", missing)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Add species codes to a records export")
    ap.add_argument("export", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--column", default="species")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.export.exists():
        log.error("export %s not found", args.export)
        return 2
    table = load_table()
    out_path = args.output or args.export.with_name(args.export.stem + "_enriched.csv")

    with args.export.open(newline="", encoding="utf-8-sig") as src:
        reader = csv.DictReader(src)
        if args.column not in (reader.fieldnames or []):
            log.error("column %r not in export (have %s)", args.column, reader.fieldnames)
            return 2
        fields = list(reader.fieldnames) + ["species_code", "common_name", "order", "iucn_status"]
        with out_path.open("w", newline="", encoding="utf-8") as dst:
            writer = csv.DictWriter(dst, fieldnames=fields)
            writer.writeheader()
            count = 0
            for row in enrich(reader, table, args.column):
                writer.writerow(row)
                count += 1
    log.info("wrote %d rows to %s", count, out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
