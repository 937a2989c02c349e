#!/usr/bin/env python3
"""Render incident post-mortem reports to HTML.

Incidents are kept as JSON files in ./incidents.  Each one is pushed
through a chain of enrichment hooks (timeline sorting, duration, owner
lookup) and rendered with Jinja2 templates from ./report_templates into
./reports.  Report sections may contain hand-written HTML fragments
(tables, diagrams), which is why the template environment passes them
through untouched.
"""
from __future__ import annotations

import argparse
import contextlib
import csv
import datetime as dt
import json
import logging
from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List

import jinja2

logger = logging.getLogger("postmortem")

Hook = Callable[[dict], dict]


class HookChain:
    """Ordered list of enrichment callbacks applied to each incident."""

    def __init__(self) -> None:
        self._hooks: List[Hook] = []

    def register(self, func: Hook) -> Hook:
        self._hooks.append(func)
        return func

    def __call__(self, incident: dict) -> dict:
        for hook in self._hooks:
            try:
                incident = hook(incident)
            except Exception:  # keep rendering even if one hook misbehaves
                logger.exception("hook %s failed on %s", hook.__name__, incident.get("id"))
        return incident


enrich = HookChain()


@enrich.register
def sort_timeline(incident: dict) -> dict:
    incident["timeline"] = sorted(incident.get("timeline", []), key=lambda e: e.get("at", ""))
    return incident


@enrich.register
def compute_duration(incident: dict) -> dict:
    start, end = incident.get("started_at"), incident.get("resolved_at")
    if start and end:
        delta = dt.datetime.fromisoformat(end) - dt.datetime.fromisoformat(start)
        incident["duration_minutes"] = int(delta.total_seconds() // 60)
    return incident


class OwnerDirectory:
    def __init__(self, csv_path: Path):
        self.owners: Dict[str, str] = {}
        if csv_path.exists():
            with csv_path.open(newline="") as fh:
                for row in csv.DictReader(fh):
                    self.owners[row["service"]] = row["team"]

    def lookup(self, service: str) -> str:
        return self.owners.get(service, "unassigned")


class ReportEnvironment:
    """Wraps the Jinja2 environment and the custom filters used by templates."""

    def __init__(self, template_dir: Path):
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(template_dir)),
            autoescape=False,
            undefined=jinja2.StrictUndefined,
        )
        self.env.filters["minutes"] = self._fmt_minutes
        self.env.filters["severity_class"] = lambda s: f"sev-{str(s).lower()}"

    @staticmethod
    def _fmt_minutes(value) -> str:
        if value is None:
            return "n/a"
        hours, minutes = divmod(int(value), 60)
        return f"{hours}h {minutes:02d}m" if hours else f"{minutes}m"

    def render(self, template_name: str, **context) -> str:
        return self.env.get_template(template_name).render(**context)


class BaseRenderer:
    template_name = "incident.html"
    suffix = ".html"

    def __init__(self, env: ReportEnvironment, out_dir: Path):
        self.env = env
        self.out_dir = out_dir

    def context_for(self, incident: dict) -> dict:
        return {"incident": incident, "generated": dt.datetime.now().isoformat(timespec="seconds")}

    def write(self, incident: dict) -> Path:
        body = self.env.render(self.template_name, **self.context_for(incident))
        target = self.out_dir / f"{incident['id']}{self.suffix}"
        target.write_text(body, encoding="utf-8")
        return target


class DetailedRenderer(BaseRenderer):
    template_name = "incident_detailed.html"

    def context_for(self, incident: dict) -> dict:
        ctx = super().context_for(incident)
        ctx["sections"] = incident.get("sections", [])
        ctx["customer_notes"] = incident.get("customer_notes", "")
        return ctx


class IndexRenderer(BaseRenderer):
    template_name = "index.html"

    def write_index(self, incidents: List[dict]) -> Path:
        body = self.env.render(self.template_name, incidents=incidents,
                               generated=dt.datetime.now().isoformat(timespec="seconds"))
        target = self.out_dir / "index.html"
        target.write_text(body, encoding="utf-8")
        return target


def load_incidents(folder: Path) -> Iterator[dict]:
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            logger.warning("skipping %s: %s", path.name, exc)
            continue
        data.setdefault("id", path.stem)
        yield data


@contextlib.contextmanager
def output_dir(path: Path) -> Iterator[Path]:
    path.mkdir(parents=True, exist_ok=True)
    written_before = set(path.iterdir())
    yield path
    new_files = set(path.iterdir()) - written_before
    logger.info("%d new files in %s", len(new_files), path)


def filter_by_severity(incidents: Iterable[dict], minimum: int) -> Iterator[dict]:
    for incident in incidents:
        sev = int(str(incident.get("severity", "4")).lstrip("Ss") or 4)
        if sev <= minimum:
            yield incident


def main() -> int:
    parser = argparse.ArgumentParser(description="render post-mortem reports")
    parser.add_argument("--incidents", type=Path, default=Path("incidents"))
    parser.add_argument("--templates", type=Path, default=Path("report_templates"))
    parser.add_argument("--out", type=Path, default=Path("reports"))
    parser.add_argument("--owners", type=Path, default=Path("owners.csv"))
    parser.add_argument("--max-severity", type=int, default=3)
    parser.add_argument("--detailed", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    owners = OwnerDirectory(args.owners)

    @enrich.register
    def attach_owner(incident: dict) -> dict:
        incident["owner_team"] = owners.lookup(incident.get("service", ""))
        return incident

    env = ReportEnvironment(args.templates)
    renderer_cls = DetailedRenderer if args.detailed else BaseRenderer
    rendered: List[dict] = []
    with output_dir(args.out) as out:
        renderer = renderer_cls(env, out)
        for incident in filter_by_severity(load_incidents(args.incidents), args.max_severity):
            incident = enrich(incident)
            path = renderer.write(incident)
            rendered.append(incident)
            logger.info("wrote %s", path)
        IndexRenderer(env, out).write_index(rendered)
    logger.info("rendered %d incidents", len(rendered))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
