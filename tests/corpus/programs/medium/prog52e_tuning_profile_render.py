#!/usr/bin/env python3
"""Render kernel tuning recommendations from a profile into a review file.

The profile (YAML) lists dotted kernel keys and target values per workload.
This script only renders a sysctl-style text file under ./out for a human to
review in a merge request; it never touches the running kernel.
"""
import argparse
import logging
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("tuning-render")

BUILTIN_WORKLOADS = {
    "web": {"net.core.somaxconn": 4096, "net.ipv4.tcp_fin_timeout": 15},
    "db": {"vm.swappiness": 1, "vm.dirty_ratio": 10},
}


class Profile:
    def __init__(self, name, settings, notes=None):
        self.name = name
        self.settings = dict(settings)
        self.notes = notes or {}

    @classmethod
    def from_file(cls, path: Path, workload: str):
        with path.open() as fh:
            # profiles use custom tags (!range, !ref) defined by the platform team
            doc = yaml.load(fh, Loader=yaml.Loader)
        workloads = doc.get("workloads", {})
        if workload not in workloads:
            raise KeyError(f"workload {workload!r} not in {path}")
        spec = workloads[workload]
        return cls(workload, spec.get("sysctl", {}), spec.get("notes"))

    @classmethod
    def builtin(cls, workload: str):
        return cls(workload, BUILTIN_WORKLOADS[workload])

    def render(self) -> str:
        lines = [f"# tuning profile: {self.name}", "# review only - not applied", ""]
        for key in sorted(self.settings):
            note = self.notes.get(key)
            if note:
                lines.append(f"# {note}")
            value = self.settings[key]
            if isinstance(value, (list, tuple)):
                value = " ".join(str(v) for v in value)
            lines.append(f"{key} = {value}")
        return "\n".join(lines) + "\n"


def validate(settings: dict) -> list:
    problems = []
    for key, value in settings.items():
        if not all(part.replace("_", "").replace("-", "").isalnum()
                   for part in key.split(".")):
            problems.append(f"odd key {key!r}")
        if value is None:
            problems.append(f"{key} has no value")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("workload")
    ap.add_argument("--profile", type=Path, default=Path("profiles/tuning.yaml"))
    ap.add_argument("--out-dir", type=Path, default=Path("out"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(name)s: %(message)s")

    try:
        if args.profile.exists():
            prof = Profile.from_file(args.profile, args.workload)
        else:
            LOG.info("%s missing, using built-in workloads", args.profile)
            prof = Profile.builtin(args.workload)
    except (KeyError, yaml.YAMLError) as exc:
        LOG.error("cannot load profile: %s", exc)
        return 1

    problems = validate(prof.settings)
    for p in problems:
        LOG.warning(p)

    args.out_dir.mkdir(parents=True, exist_ok=True)
    target = args.out_dir / f"99-{prof.name}-tuning.conf"
    target.write_text(prof.render())
    LOG.info("wrote %s (%d keys)", target, len(prof.settings))
    return 2 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
