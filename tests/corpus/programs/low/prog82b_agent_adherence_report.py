#!/usr/bin/env python3
"""Schedule adherence report for contact-centre agents.

Compares the WFM schedule export (planned activity blocks) with the ACD
agent-state log (what agents were actually doing) and reports, per agent,
the share of scheduled time spent in the right state, plus the biggest
out-of-adherence stretches.

Inputs (CSV):
    schedule.csv   agent,activity,start,end          activity: phone|break|lunch|training
    states.csv     agent,state,timestamp             state: available|on_call|acw|break|lunch|offline|...
"""
import argparse
import csv
import json
import logging
import sys
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("adherence")

# which ACD states count as "in adherence" for each scheduled activity
ACCEPTED = {
    "phone": {"available", "on_call", "acw", "ringing", "outbound"},
    "break": {"break", "offline"},
    "lunch": {"lunch", "offline", "break"},
    "training": {"training", "offline"},
    "meeting": {"meeting", "offline"},
}
TS_FORMAT = "%Y-%m-%d %H:%M:%S"


def parse_ts(text):
    return datetime.strptime(text.strip(), TS_FORMAT)


def read_schedule(path):
    blocks = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            blocks[row["agent"]].append((parse_ts(row["start"]), parse_ts(row["end"]),
                                         row["activity"].lower()))
    for agent in blocks:
        blocks[agent].sort()
    return blocks


def read_states(path, day_end):
    """Turn the state-change log into (start, end, state) intervals."""
    events = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            events[row["agent"]].append((parse_ts(row["timestamp"]), row["state"].lower()))
    intervals = {}
    for agent, evs in events.items():
        evs.sort()
        spans = []
        for (t0, st), (t1, _) in zip(evs, evs[1:] + [(day_end, None)]):
            if t1 > t0:
                spans.append((t0, t1, st))
        intervals[agent] = spans
    return intervals


def overlap(a0, a1, b0, b1):
    start, end = max(a0, b0), min(a1, b1)
    return max((end - start).total_seconds(), 0.0)


def agent_adherence(schedule, states, min_gap):
    scheduled = in_adh = 0.0
    gaps = []
    for s0, s1, activity in schedule:
        accepted = ACCEPTED.get(activity, {activity})
        scheduled += (s1 - s0).total_seconds()
        for t0, t1, state in states:
            secs = overlap(s0, s1, t0, t1)
            if not secs:
                continue
            if state in accepted:
                in_adh += secs
            elif secs >= min_gap:
                gaps.append({"from": max(s0, t0).strftime("%H:%M"),
                             "to": min(s1, t1).strftime("%H:%M"),
                             "scheduled": activity, "actual": state,
                             "minutes": round(secs / 60, 1)})
    pct = 100.0 * in_adh / scheduled if scheduled else 0.0
    gaps.sort(key=lambda g: g["minutes"], reverse=True)
    return round(pct, 1), round(scheduled / 3600, 2), gaps[:5]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("schedule")
    ap.add_argument("states")
    ap.add_argument("-o", "--out-dir", default="reports")
    ap.add_argument("--target", type=float, default=90.0, help="adherence target %%")
    ap.add_argument("--min-gap", type=int, default=120, help="ignore gaps shorter than N seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        schedule = read_schedule(args.schedule)
        last_end = max(b[1] for blocks in schedule.values() for b in blocks)
        states = read_states(args.states, last_end + timedelta(minutes=1))
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not read inputs: %s", exc)
        return 2

    results = []
    for agent in sorted(schedule):
        if agent not in states:
            log.warning("no state data for %s", agent)
            continue
        pct, hours, gaps = agent_adherence(schedule[agent], states[agent], args.min_gap)
        results.append({"agent": agent, "scheduled_hours": hours, "adherence_pct": pct,
                        "meets_target": pct >= args.target, "worst_gaps": gaps})

    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    day = last_end.strftime("%Y-%m-%d")
    with open(out / f"adherence_{day}.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["agent", "scheduled_hours", "adherence_pct", "meets_target"])
        for r in results:
            w.writerow([r["agent"], r["scheduled_hours"], r["adherence_pct"], r["meets_target"]])
    (out / f"adherence_{day}.json").write_text(json.dumps(results, indent=2))

    below = [r for r in results if not r["meets_target"]]
    log.info("%d agents, %d below %.0f%% target", len(results), len(below), args.target)
    for r in sorted(below, key=lambda r: r["adherence_pct"])[:10]:
        log.info("  %-20s %5.1f%%", r["agent"], r["adherence_pct"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
