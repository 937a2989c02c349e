#!/usr/bin/env python3
"""equipment_snapshot_merge.py - merge inventory snapshots between stations.

When an appliance is moved between stations its equipment list travels
with it as a snapshot file produced by the other station's copy of this
tool (a pickled list of Item objects).  This loads the incoming snapshot,
merges it with the local snapshot and prints a table of what changed,
formatted with `column` through a small shell pipeline.
"""

import argparse
import dataclasses
import logging
import os
import pickle
import subprocess
import sys
from datetime import date

LOCAL_SNAPSHOT = "inventory_snapshot.pkl"

log = logging.getLogger("snapshot_merge")


@dataclasses.dataclass
class Item:
    asset_id: str
    description: str
    appliance: str
    quantity: int = 1
    next_service: str = ""

    def overdue(self, today):
        return bool(self.next_service) and self.next_service < today.isoformat()


def load_snapshot(path):
    if not os.path.exists(path):
        log.info("%s does not exist yet, starting empty", path)
        return []
    with open(path, "rb") as fh:
        data = pickle.load(fh)
    if not isinstance(data, list):
        raise ValueError("%s: snapshot is not a list" % path)
    return data


def save_snapshot(path, items):
    tmp = path + ".new"
    with open(tmp, "wb") as fh:
        pickle.dump(items, fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def merge(local, incoming):
    by_id = {i.asset_id: i for i in local}
    changes = []
    for item in incoming:
        old = by_id.get(item.asset_id)
        if old is None:
            changes.append(("added", item))
        elif old != item:
            changes.append(("changed", item))
        else:
            continue
        by_id[item.asset_id] = item
    return sorted(by_id.values(), key=lambda i: i.asset_id), changes


def print_table(changes, today):
    lines = ["STATUS\tASSET\tAPPLIANCE\tQTY\tNEXT_SERVICE\tDESCRIPTION"]
    for status, item in changes:
        flag = status + ("!" if item.overdue(today) else "")
        lines.append("\t".join([flag, item.asset_id, item.appliance,
                                str(item.quantity), item.next_service or "-",
                                item.description]))
    text = "\n".join(lines) + "\n"
    proc = subprocess.run(["bash", "-c", 'column -t -s "$(printf "\\t")"'],
                          input=text, text=True, capture_output=True)
    if proc.returncode != 0:
        sys.stdout.write(text)
    else:
        sys.stdout.write(proc.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("incoming", help="snapshot received from the other station")
    ap.add_argument("--local", default=LOCAL_SNAPSHOT)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        local = load_snapshot(args.local)
        incoming = load_snapshot(args.incoming)
    except (OSError, ValueError, pickle.UnpicklingError) as exc:
        log.error("cannot load snapshot: %s", exc)
        return 1

    merged, changes = merge(local, incoming)
    if not changes:
        log.info("no differences between snapshots")
        return 0
    print_table(changes, date.today())
    log.info("%d changes, %d items total", len(changes), len(merged))

    if not args.dry_run:
        save_snapshot(args.local, merged)
        log.info("local snapshot updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
