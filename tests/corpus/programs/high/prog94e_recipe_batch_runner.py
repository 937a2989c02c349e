#!/usr/bin/env python3
"""Scale production recipes to tomorrow's batch sizes.

Recipes live in recipes/*.toml as baker's percentages against total flour.
The production plan (plan.csv: recipe,units,unit_weight_g) says how many
pieces of each product are needed; this works out the dough weight, adds the
scrap allowance and writes one scaled sheet per recipe into ./batches.

After writing the sheets the costing service container is restarted so that
it picks up the new batch files from the shared volume.
"""
import argparse
import csv
import http.client
import json
import logging
import math
import os
import socket
import tomllib
from pathlib import Path

log = logging.getLogger("scaler")

SCRAP_ALLOWANCE = float(os.environ.get("SCRAP_ALLOWANCE", "0.03"))


class DockerEngine(http.client.HTTPConnection):
    """Minimal HTTP connection over the engine's unix socket."""

    socket_path = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")

    def __init__(self):
        super().__init__("localhost", timeout=30)

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)

    def call(self, method, path, body=None):
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        self.request(method, path, body=payload, headers=headers)
        resp = self.getresponse()
        data = resp.read()
        return resp.status, data


def refresh_costing(container):
    engine = DockerEngine()
    try:
        status, _ = engine.call("POST", f"/v1.43/containers/{container}/restart?t=5")
    except OSError as exc:
        log.warning("costing service not refreshed: %s", exc)
        return False
    finally:
        engine.close()
    if status != 204:
        log.warning("engine answered %s restarting %s", status, container)
        return False
    log.info("costing container %s restarted", container)
    return True


def load_recipe(path):
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    total = sum(data["percent"].values())
    if data["percent"].get("flour", 0) != 100:
        raise ValueError(f"{path.name}: flour must be 100%")
    return data["name"], data["percent"], total


def scale(percent, total_pct, dough_g):
    flour = dough_g * 100.0 / total_pct
    return {ing: round(flour * pct / 100.0) for ing, pct in percent.items()}


def read_plan(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["recipe"], int(row["units"]), float(row["unit_weight_g"])


def write_sheet(out_dir, name, units, unit_g, amounts):
    dough = sum(amounts.values())
    out = out_dir / f"{name.lower().replace(' ', '_')}.txt"
    lines = [f"{name}: {units} x {unit_g:.0f} g  (dough {dough / 1000:.2f} kg)", ""]
    for ing, grams in sorted(amounts.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {ing:<18}{grams:>8} g")
    out.write_text("\n".join(lines) + "\n")
    return out


def main():
    ap = argparse.ArgumentParser(description="batch recipe scaler")
    ap.add_argument("--plan", default="plan.csv")
    ap.add_argument("--recipes", default="recipes")
    ap.add_argument("--out", default="batches")
    ap.add_argument("--costing-container", default=os.environ.get("COSTING_CONTAINER", "bakery-costing"))
    ap.add_argument("--skip-refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    recipes = {}
    for path in Path(args.recipes).glob("*.toml"):
        try:
            name, pct, total = load_recipe(path)
        except (ValueError, KeyError, tomllib.TOMLDecodeError) as exc:
            log.error("skipping %s: %s", path.name, exc)
            continue
        recipes[path.stem] = (name, pct, total)

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    written = 0
    for key, units, unit_g in read_plan(args.plan):
        if key not in recipes:
            log.error("plan refers to unknown recipe %s", key)
            continue
        name, pct, total = recipes[key]
        dough_g = math.ceil(units * unit_g * (1 + SCRAP_ALLOWANCE))
        sheet = write_sheet(out_dir, name, units, unit_g, scale(pct, total, dough_g))
        log.info("%s -> %s", name, sheet)
        written += 1

    if written and not args.skip_refresh:
        refresh_costing(args.costing_container)
    return 0 if written else 1


if __name__ == "__main__":
    raise SystemExit(main())
