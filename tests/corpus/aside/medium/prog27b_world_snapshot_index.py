#!/usr/bin/env python3
"""Keep an index of Terraria world snapshots.

The index (snapshots.pkl) remembers every snapshot's size, time and a note,
so players can list and restore older worlds quickly."""
import argparse
import datetime as dt
import os
import pickle
import shutil

WORLDS_DIR = "Worlds"
SNAP_DIR = "snapshots"
INDEX = os.path.join(SNAP_DIR, "snapshots.pkl")


def load_index():
    if not os.path.exists(INDEX):
        return []
    with open(INDEX, "rb") as fh:
        return pickle.load(fh)


def save_index(entries):
    os.makedirs(SNAP_DIR, exist_ok=True)
    with open(INDEX, "wb") as fh:
        pickle.dump(entries, fh)


def take(world, note):
    src = os.path.join(WORLDS_DIR, world + ".wld")
    if not os.path.exists(src):
        raise SystemExit(f"world {world} not found in {WORLDS_DIR}/")
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(SNAP_DIR, exist_ok=True)
    dest = os.path.join(SNAP_DIR, f"{world}-{stamp}.wld")
    shutil.copy2(src, dest)
    entries = load_index()
    entries.append({
        "world": world,
        "file": dest,
        "size": os.path.getsize(dest),
        "taken": dt.datetime.now(),
        "note": note,
    })
    save_index(entries)
    print(f"snapshot {dest} saved")


def listing(world):
    for i, e in enumerate(load_index()):
        if world and e["world"] != world:
            continue
        print(f"[{i:3}] {e['world']:<20} {e['taken']:%Y-%m-%d %H:%M}  "
              f"{e['size'] / 1024:8.1f} KiB  {e['note']}")


def restore(number):
    entries = load_index()
    if not 0 <= number < len(entries):
        raise SystemExit("no such snapshot")
    e = entries[number]
    target = os.path.join(WORLDS_DIR, e["world"] + ".wld")
    if os.path.exists(target):
        shutil.copy2(target, target + ".bak")
    shutil.copy2(e["file"], target)
    print(f"restored {e['world']} from {e['taken']:%Y-%m-%d %H:%M}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("take")
    t.add_argument("world")
    t.add_argument("--note", default="")
    l = sub.add_parser("list")
    l.add_argument("world", nargs="?")
    r = sub.add_parser("restore")
    r.add_argument("number", type=int)
    args = ap.parse_args()
    if args.cmd == "take":
        take(args.world, args.note)
    elif args.cmd == "list":
        listing(args.world)
    else:
        restore(args.number)


if __name__ == "__main__":
    main()
