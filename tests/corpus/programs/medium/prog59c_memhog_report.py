#!/usr/bin/env python3
"""Report processes whose resident memory is above a threshold.

Wraps the old pipeline
    ps -eo pid,rss,comm --sort=-rss | awk -v t=$T 'NR>1 && $2/1024 > t'
and keeps the previous snapshot around so growth between runs shows up.
"""
import argparse
import configparser
import json
import logging
import shlex
import subprocess
import time

STATE_FILE = "/tmp/memhog_last.json"
log = logging.getLogger("memhog")

AWK_PROG = r"""NR > 1 && $2 / 1024 > t { printf "%s\t%d\t%s\n", $1, $2 / 1024, $3 }"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"memhog": {"threshold_mb": "500", "ignore": "Xorg gnome-shell"}})
    if path:
        cfg.read(path)
    sect = cfg["memhog"]
    return sect.getint("threshold_mb"), set(sect.get("ignore", "").split())


def snapshot(threshold_mb):
    pipeline = "ps -eo pid,rss,comm --sort=-rss | awk -v t={} {}".format(
        int(threshold_mb), shlex.quote(AWK_PROG))
    proc = subprocess.run(pipeline, shell=True, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "ps/awk failed")
    rows = {}
    for line in proc.stdout.splitlines():
        pid, mb, comm = line.split("\t", 2)
        rows[pid] = {"mb": int(mb), "comm": comm}
    return rows


def load_previous():
    try:
        with open(STATE_FILE) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"taken": None, "rows": {}}


def save(rows):
    with open(STATE_FILE, "w") as fh:
        json.dump({"taken": time.time(), "rows": rows}, fh)


def render(rows, prev, ignore):
    out = [f"{'PID':>7}  {'RSS MB':>7}  {'DELTA':>7}  COMMAND"]
    for pid, row in sorted(rows.items(), key=lambda kv: -kv[1]["mb"]):
        if row["comm"] in ignore:
            continue
        before = prev.get(pid, {}).get("mb")
        delta = "new" if before is None else f"{row['mb'] - before:+d}"
        out.append(f"{pid:>7}  {row['mb']:>7}  {delta:>7}  {row['comm']}")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", help="ini file with a [memhog] section")
    ap.add_argument("-t", "--threshold", type=int, help="override threshold in MB")
    ap.add_argument("--watch", type=int, metavar="SECONDS", help="repeat every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    threshold, ignore = load_config(args.config)
    if args.threshold:
        threshold = args.threshold

    while True:
        prev = load_previous()
        try:
            rows = snapshot(threshold)
        except RuntimeError as exc:
            log.error("snapshot failed: %s", exc)
            return 1
        print(render(rows, prev["rows"], ignore))
        save(rows)
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    raise SystemExit(main())
