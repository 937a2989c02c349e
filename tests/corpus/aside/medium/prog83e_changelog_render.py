#!/usr/bin/env python3
"""Render CHANGELOG fragments into the release notes page.

Contributors drop one YAML fragment per change into ``changelog.d/``
(type, summary, optional PR number and migration notes). At release time
this collects them, groups by type and renders the notes through the
site's Jinja2 template, writing both the docs page and a plain markdown
copy for the GitHub release.
"""
import argparse
import collections
import datetime
import logging
import sys
from pathlib import Path

import jinja2
import yaml

log = logging.getLogger("changelog")

SECTION_ORDER = ["breaking", "feature", "fix", "docs", "internal"]
SECTION_TITLES = {
    "breaking": "Breaking changes",
    "feature": "New features",
    "fix": "Bug fixes",
    "docs": "Documentation",
    "internal": "Internal",
}

DEFAULT_TEMPLATE = """\
<section class="release" id="v{{ version }}">
<h2>{{ version }} <small>{{ date }}</small></h2>
{% for section, items in sections %}
<h3>{{ titles[section] }}</h3>
<ul>
{% for item in items %}  <li>{{ item.summary }}{% if item.pr %} (<a href="{{ repo_url }}/pull/{{ item.pr }}">#{{ item.pr }}</a>){% endif %}
{% if item.migration %}    <div class="migration">{{ item.migration }}</div>{% endif %}</li>
{% endfor %}</ul>
{% endfor %}
</section>
"""


class FragmentStore:
    def __init__(self, directory):
        self.directory = Path(directory)

    def __iter__(self):
        for path in sorted(self.directory.glob("*.y*ml")):
            with path.open(encoding="utf-8") as fh:
                data = yaml.load(fh, Loader=yaml.Loader)
            if not isinstance(data, dict) or "summary" not in data:
                log.warning("ignoring %s: no summary", path.name)
                continue
            data.setdefault("type", "internal")
            data["_path"] = path
            yield data

    def grouped(self):
        groups = collections.defaultdict(list)
        for frag in self:
            groups[frag["type"]].append(frag)
        return [(s, groups[s]) for s in SECTION_ORDER if groups.get(s)]


def make_env(template_dir):
    loader = jinja2.ChoiceLoader([
        jinja2.FileSystemLoader(template_dir),
        jinja2.DictLoader({"release.html.j2": DEFAULT_TEMPLATE}),
    ])
    return jinja2.Environment(loader=loader, autoescape=False, trim_blocks=True, lstrip_blocks=True)


def to_markdown(version, sections):
    out = [f"## {version}", ""]
    for section, items in sections:
        out += [f"### {SECTION_TITLES[section]}", ""]
        out += [f"- {i['summary']}" + (f" (#{i['pr']})" if i.get("pr") else "") for i in items]
        out.append("")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("version")
    ap.add_argument("--fragments", default="changelog.d")
    ap.add_argument("--templates", default="docs/_templates")
    ap.add_argument("--repo-url", default="https://github.com/acme/sdk-python")
    ap.add_argument("--out", default="docs/releases")
    ap.add_argument("--consume", action="store_true", help="delete fragments after rendering")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = FragmentStore(args.fragments)
    sections = store.grouped()
    if not sections:
        log.error("no fragments found in %s", args.fragments)
        return 1

    env = make_env(args.templates)
    html = env.get_template("release.html.j2").render(
        version=args.version,
        date=datetime.date.today().isoformat(),
        sections=sections,
        titles=SECTION_TITLES,
        repo_url=args.repo_url,
    )
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{args.version}.html").write_text(html, encoding="utf-8")
    (out_dir / f"{args.version}.md").write_text(to_markdown(args.version, sections), encoding="utf-8")
    log.info("rendered %d sections for %s", len(sections), args.version)

    if args.consume:
        for _, items in sections:
            for item in items:
                item["_path"].unlink()
        log.info("removed consumed fragments")
    return 0


if __name__ == "__main__":
    sys.exit(main())
