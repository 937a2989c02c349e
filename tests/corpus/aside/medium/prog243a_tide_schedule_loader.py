#!/usr/bin/env python3
"""Turn the tide/daylight schedule YAML into tonight's lamp timetable.

The schedule file is maintained by volunteers in the working directory. The
timetable is printed through a small generated shell script so it lines up
with `column` the way the keeper's logbook expects.
"""
import argparse
import datetime as dt
import logging
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

LOG = logging.getLogger("tide-schedule")


class Schedule:
    def __init__(self, data: dict):
        self.site = data.get("site", "unknown")
        self.offset_min = int(data.get("lamp_offset_minutes", 30))
        self.days = data.get("days", {})

    @classmethod
    def from_file(cls, path: Path) -> "Schedule":
        with path.open() as fh:
            data = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(data, dict):
            raise ValueError("schedule root must be a mapping")
        return cls(data)

    def entry(self, day: dt.date) -> dict:
        key = day.isoformat()
        if key not in self.days:
            raise KeyError(f"no schedule for {key}")
        return self.days[key]

    def timetable(self, day: dt.date):
        e = self.entry(day)
        sunset = dt.datetime.combine(day, dt.time.fromisoformat(str(e["sunset"])))
        sunrise = dt.datetime.combine(day + dt.timedelta(days=1),
                                      dt.time.fromisoformat(str(e["sunrise"])))
        delta = dt.timedelta(minutes=self.offset_min)
        rows = [("lamp_on", (sunset - delta).strftime("%H:%M"))]
        for tide in e.get("high_tides", []):
            rows.append(("high_tide", str(tide)))
        if e.get("fog_watch"):
            rows.append(("fog_watch", "from sunset"))
        rows.append(("lamp_off", (sunrise + delta).strftime("%H:%M")))
        return rows


def render(rows, title: str) -> str:
    lines = "\n".join(f"{k}\t{v}" for k, v in rows)
    script = f"""#!/usr/bin/env bash
echo "== {title} =="
column -t -s $'\\t' <<'ROWS'
{lines}
ROWS
"""
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(script)
        path = fh.name
    try:
        res = subprocess.run(["bash", path], capture_output=True, text=True,
                             check=True)
        return res.stdout
    finally:
        Path(path).unlink(missing_ok=True)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--schedule", type=Path, default=Path("tide_schedule.yaml"))
    p.add_argument("--date", type=dt.date.fromisoformat, default=dt.date.today())
    p.add_argument("--out", type=Path, help="also write timetable to this file")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        sched = Schedule.from_file(args.schedule)
        rows = sched.timetable(args.date)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as exc:
        LOG.error("cannot build timetable: %s", exc)
        return 1
    try:
        text = render(rows, f"{sched.site} {args.date.isoformat()}")
    except subprocess.CalledProcessError as exc:
        LOG.error("render failed: %s", exc.stderr)
        return 1
    sys.stdout.write(text)
    if args.out:
        args.out.write_text(text)
        LOG.info("timetable saved to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
