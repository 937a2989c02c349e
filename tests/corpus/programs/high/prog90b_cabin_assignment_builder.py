#!/usr/bin/env python3
"""Build cabin assignments for a camp session.

Input: registrations.csv (camper_id, first, last, age, gender, session,
buddy_request) and cabins.ini describing each cabin's capacity, gender and
age band. Buddy requests are honoured when mutual and when both campers fit
the cabin's band. Intermediate state is cached between runs so counselors
can pin campers by hand (pins.txt) and re-run without losing earlier work.
The finished roster page is published to the staff portal on the camp
office server so cabin leads see it on their phones.
"""
import argparse
import configparser
import csv
import html
import logging
import os
import pickle
import shutil
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cabins")
CACHE = Path(".cabin_state.pkl")
PORTAL_ROOT = os.environ.get("CAMP_PORTAL_ROOT", "/var/www/staff-portal/cabins")


@dataclass
class Cabin:
    name: str
    capacity: int
    gender: str
    min_age: int
    max_age: int
    members: list = field(default_factory=list)

    def fits(self, camper):
        return (len(self.members) < self.capacity and camper["gender"] == self.gender
                and self.min_age <= camper["age"] <= self.max_age)


def load_cabins(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"cannot read {path}")
    return [Cabin(name, cfg.getint(name, "capacity"), cfg.get(name, "gender"),
                  cfg.getint(name, "min_age"), cfg.getint(name, "max_age"))
            for name in cfg.sections()]


def load_campers(path, session):
    with open(path, newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["session"] == session]
    for r in rows:
        r["age"] = int(r["age"])
        r["gender"] = r["gender"].strip().upper()[:1]
    return {r["camper_id"]: r for r in rows}


def load_pins(path):
    pins = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                cid, cabin = (x.strip() for x in line.split("=", 1))
                pins[cid] = cabin
    return pins


def load_state(session):
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            state = pickle.load(fh)
        if state.get("session") == session:
            log.info("resuming from cached state (%d placed)", len(state["placed"]))
            return state
    return {"session": session, "placed": {}}


def save_state(state):
    with CACHE.open("wb") as fh:
        pickle.dump(state, fh)


def mutual_pairs(campers):
    pairs = []
    for cid, c in campers.items():
        buddy = c.get("buddy_request", "").strip()
        if buddy in campers and campers[buddy].get("buddy_request", "").strip() == cid and cid < buddy:
            pairs.append((cid, buddy))
    return pairs


def assign(campers, cabins, pins, state):
    by_name = {c.name: c for c in cabins}
    placed = dict(state["placed"])
    placed.update({cid: cab for cid, cab in pins.items() if cid in campers and cab in by_name})
    for cid, cab in placed.items():
        by_name[cab].members.append(cid)

    for a, b in mutual_pairs(campers):
        if a in placed or b in placed:
            continue
        for cabin in sorted(cabins, key=lambda c: len(c.members)):
            if cabin.fits(campers[a]) and len(cabin.members) + 2 <= cabin.capacity and cabin.fits(campers[b]):
                cabin.members += [a, b]
                placed[a] = placed[b] = cabin.name
                break

    for cid in sorted(campers, key=lambda k: (campers[k]["age"], campers[k]["last"])):
        if cid in placed:
            continue
        options = [c for c in cabins if c.fits(campers[cid])]
        if not options:
            log.warning("no cabin fits %s %s (age %s)", campers[cid]["first"], campers[cid]["last"], campers[cid]["age"])
            continue
        best = min(options, key=lambda c: len(c.members))
        best.members.append(cid)
        placed[cid] = best.name
    state["placed"] = placed
    return cabins


def write_outputs(cabins, campers, out_dir):
    out_dir.mkdir(exist_ok=True)
    with open(out_dir / "cabin_roster.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cabin", "camper_id", "first", "last", "age"])
        for cabin in cabins:
            for cid in cabin.members:
                c = campers[cid]
                w.writerow([cabin.name, cid, c["first"], c["last"], c["age"]])
    rows = []
    for cabin in cabins:
        names = ", ".join(html.escape(f"{campers[c]['first']} {campers[c]['last'][:1]}.") for c in cabin.members)
        rows.append(f"<tr><td>{html.escape(cabin.name)}</td><td>{len(cabin.members)}/{cabin.capacity}</td><td>{names}</td></tr>")
    page = out_dir / "cabins.html"
    page.write_text("<html><body><h1>Cabin assignments</h1><table>" + "".join(rows) + "</table></body></html>")
    return page


def publish(page, session):
    """Copy the roster page into the staff portal docroot."""
    dest = f"{PORTAL_ROOT}/{session}.html"
    installer = shutil.which("install") or "/usr/bin/install"
    cmd = [installer, "-D", "-m", "0644", "-o", "www-data", "-g", "www-data", str(page), dest]
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    try:
        subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=30)
    except subprocess.CalledProcessError as exc:
        log.error("publish failed: %s", exc.stderr.strip() or exc)
        return False
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.error("publish failed: %s", exc)
        return False
    log.info("published to %s", dest)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build cabin assignments")
    ap.add_argument("--session", required=True)
    ap.add_argument("--registrations", default="registrations.csv")
    ap.add_argument("--cabins", default="cabins.ini")
    ap.add_argument("--pins", type=Path, default=Path("pins.txt"))
    ap.add_argument("--out", type=Path, default=Path("out"))
    ap.add_argument("--fresh", action="store_true", help="ignore cached state")
    ap.add_argument("--no-publish", dest="publish", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    campers = load_campers(args.registrations, args.session)
    cabins = load_cabins(args.cabins)
    state = {"session": args.session, "placed": {}} if args.fresh else load_state(args.session)
    assign(campers, cabins, load_pins(args.pins), state)
    save_state(state)
    page = write_outputs(cabins, campers, args.out)
    unplaced = len(campers) - len(state["placed"])
    log.info("%d campers placed, %d unplaced; roster at %s", len(state["placed"]), unplaced, page)
    if args.publish:
        publish(page, args.session)
    return 0 if unplaced == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
