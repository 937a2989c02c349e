#!/usr/bin/env python3
"""Summarise roast profile JSON exports into an HTML report.

Each profile is a JSON file with "samples": [[seconds, bean_temp_c], ...] and
optional "events" (charge, dry_end, first_crack, drop). The report embeds the
raw CSV as a base64 data: link so the QC team can download it from the page.
"""
import argparse
import base64
import html
import io
import json
import logging
import os
import platform
from pathlib import Path

log = logging.getLogger("profile_report")


class Profile:
    def __init__(self, name, samples, events):
        self.name = name
        self.samples = samples
        self.events = events

    @classmethod
    def load(cls, path):
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls(Path(path).stem, data.get("samples", []), data.get("events", {}))

    @property
    def total_time(self):
        return self.events.get("drop") or (self.samples[-1][0] if self.samples else 0)

    def development_ratio(self):
        fc = self.events.get("first_crack")
        if not fc or not self.total_time:
            return None
        return (self.total_time - fc) / self.total_time

    def max_ror(self, window=30):
        best = 0.0
        for i, (t, temp) in enumerate(self.samples):
            for t2, temp2 in self.samples[i + 1:]:
                if t2 - t >= window:
                    best = max(best, (temp2 - temp) / (t2 - t) * 60)
                    break
        return best

    def as_csv(self):
        buf = io.StringIO()
        buf.write("seconds,bean_temp_c\n")
        for t, temp in self.samples:
            buf.write(f"{t},{temp}\n")
        return buf.getvalue()


def os_label():
    """Read the distro name for the report footer."""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


def render(profiles):
    rows = []
    for p in profiles:
        dtr = p.development_ratio()
        blob = base64.b64encode(p.as_csv().encode()).decode("ascii")
        rows.append(
            "<tr><td>{n}</td><td>{t:.0f}s</td><td>{d}</td><td>{r:.1f}</td>"
            "<td><a download='{n}.csv' href='data:text/csv;base64,{b}'>csv</a></td></tr>".format(
                n=html.escape(p.name), t=p.total_time,
                d=f"{dtr * 100:.1f}%" if dtr is not None else "-",
                r=p.max_ror(), b=blob))
    return ("<html><body><h1>Roast profiles</h1><table>"
            "<tr><th>Profile</th><th>Time</th><th>DTR</th><th>Max RoR</th><th>Data</th></tr>"
            + "".join(rows) + f"</table><p>generated on {html.escape(os_label())}</p></body></html>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("profile_dir", nargs="?", default="profiles")
    ap.add_argument("-o", "--output", default="profile_report.html")
    ap.add_argument("--min-dtr", type=float, default=0.0, help="skip profiles below this DTR")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    profiles = []
    for path in sorted(Path(args.profile_dir).glob("*.json")):
        try:
            prof = Profile.load(path)
        except (ValueError, OSError) as exc:
            log.warning("skipping %s: %s", path, exc)
            continue
        dtr = prof.development_ratio() or 0.0
        if dtr < args.min_dtr:
            log.info("%s below DTR threshold", prof.name)
            continue
        profiles.append(prof)

    out = Path(args.output)
    out.write_text(render(profiles), encoding="utf-8")
    os.chmod(out, 0o600)  # report includes unreleased blends
    log.info("wrote %s with %d profiles", out, len(profiles))


if __name__ == "__main__":
    main()
