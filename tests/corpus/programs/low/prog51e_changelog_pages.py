#!/usr/bin/env python3
"""Render release notes into static pages.

Stage 1 (``plan``) scans ./releases/*.json and writes a job queue
(./site/.queue.jsonl), one render job per release.  Stage 2 (``render``)
consumes the queue and writes HTML pages from a string.Template, inlining
the project logo as a base64 data URI.
"""
import argparse
import base64
import html
import json
import logging
import platform
import shutil
from pathlib import Path
from string import Template

LOG = logging.getLogger("changelog")
SITE = Path("site")
QUEUE = SITE / ".queue.jsonl"
PAGE = Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>$title</title></head>
<body>
<img alt="logo" src="data:image/png;base64,$logo">
<h1>$title</h1>
<p class="meta">Built on $builder</p>
<ul>
$items
</ul>
</body></html>
""")


def builder_string():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return f"{info.get('PRETTY_NAME', platform.system())} / Python {platform.python_version()}"


def plan(release_dir):
    SITE.mkdir(exist_ok=True)
    jobs = 0
    with QUEUE.open("w", encoding="utf-8") as q:
        for rel in sorted(Path(release_dir).glob("*.json")):
            try:
                meta = json.loads(rel.read_text())
            except ValueError:
                LOG.warning("skip malformed %s", rel)
                continue
            q.write(json.dumps({"source": str(rel), "version": meta.get("version", rel.stem)}) + "\n")
            jobs += 1
    LOG.info("queued %d render jobs", jobs)


def render(logo_path):
    if not QUEUE.exists():
        raise SystemExit("nothing planned")
    logo = base64.b64encode(Path(logo_path).read_bytes()).decode("ascii") if Path(logo_path).exists() else ""
    builder = html.escape(builder_string())
    done = 0
    for line in QUEUE.read_text(encoding="utf-8").splitlines():
        job = json.loads(line)
        meta = json.loads(Path(job["source"]).read_text())
        items = "\n".join(f"<li>{html.escape(str(c))}</li>" for c in meta.get("changes", []))
        out = SITE / f"release-{job['version']}.html"
        out.write_text(PAGE.substitute(title=html.escape(f"Release {job['version']}"),
                                       logo=logo, builder=builder, items=items), encoding="utf-8")
        done += 1
    QUEUE.unlink()
    LOG.info("rendered %d pages into %s", done, SITE)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("stage", choices=["plan", "render", "clean"])
    ap.add_argument("--releases", default="releases")
    ap.add_argument("--logo", default="docs/logo.png")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.stage == "plan":
        plan(args.releases)
    elif args.stage == "render":
        render(args.logo)
    else:
        shutil.rmtree(SITE, ignore_errors=True)
        LOG.info("removed %s", SITE)


if __name__ == "__main__":
    main()
