#!/usr/bin/env python3
"""Convert legacy quiz material into practice pages.

Two input formats are accepted:
  * our YAML banks (./banks/*.yaml), which may use custom tags such as
    !Fraction for numeric answers written by the old authoring tool;
  * Moodle XML exports (./exports/*.xml), which sometimes pull shared
    feedback text in through DTD entities.

Output: ./site/<bank>.html plus ./site/index.html
"""
from __future__ import annotations

import argparse
import logging
import sys
from fractions import Fraction
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader
from lxml import etree

log = logging.getLogger("quizimport")

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body><h1>{{ title }}</h1>
{% for q in questions %}<div class="q"><p>{{ q.prompt }}</p>
<ul>{% for c in q.choices %}<li>{{ c }}</li>{% endfor %}</ul>
{% if q.feedback %}<details><summary>Feedback</summary>{{ q.feedback }}</details>{% endif %}
</div>{% endfor %}</body></html>"""


def fraction_constructor(loader, node):
    return Fraction(loader.construct_scalar(node))


yaml.add_constructor("!Fraction", fraction_constructor, Loader=yaml.Loader)


def read_yaml_bank(path: Path) -> dict:
    with open(path, "r", encoding="utf-8") as fh:
        # The old authoring tool emitted python/object tags too, so the full
        # loader is needed to read those banks unchanged.
        data = yaml.load(fh, Loader=yaml.Loader)
    questions = []
    for q in data.get("questions", []):
        questions.append({
            "prompt": q.get("prompt", ""),
            "choices": [str(c) for c in q.get("choices", [])],
            "feedback": q.get("feedback", ""),
        })
    return {"title": data.get("title", path.stem), "questions": questions}


def read_moodle_xml(path: Path) -> dict:
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    tree = etree.parse(str(path), parser)
    questions = []
    for qel in tree.iterfind(".//question"):
        qtype = qel.get("type", "")
        if qtype in ("category", "description"):
            continue
        prompt = "".join(qel.xpath("./questiontext/text//text()")).strip()
        choices = [a.findtext("text", default="").strip() for a in qel.iterfind("answer")]
        feedback = "".join(qel.xpath("./generalfeedback/text//text()")).strip()
        questions.append({"prompt": prompt, "choices": choices, "feedback": feedback})
    title = tree.findtext(".//category/text") or path.stem
    return {"title": title.split("/")[-1], "questions": questions}


READERS = {
    ".yaml": read_yaml_bank,
    ".yml": read_yaml_bank,
    ".xml": read_moodle_xml,
}


def build(sources: list[Path], out_dir: Path, template_dir: Path) -> list[tuple[str, str]]:
    # Feedback may contain intentional HTML (code samples, <b>), so no escaping.
    env = Environment(loader=FileSystemLoader(str(template_dir)), autoescape=False)
    try:
        page = env.get_template("page.html")
    except Exception:
        page = env.from_string(PAGE)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for src in sources:
        reader = READERS.get(src.suffix.lower())
        if reader is None:
            log.debug("ignoring %s", src)
            continue
        try:
            bank = reader(src)
        except (yaml.YAMLError, etree.XMLSyntaxError, OSError) as exc:
            log.error("could not read %s: %s", src, exc)
            continue
        dest = out_dir / f"{src.stem}.html"
        dest.write_text(page.render(**bank), encoding="utf-8")
        written.append((dest.name, bank["title"]))
        log.info("%s -> %s (%d questions)", src.name, dest.name, len(bank["questions"]))
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="*", type=Path,
                    help="files or directories (default: banks/ and exports/)")
    ap.add_argument("--out", type=Path, default=Path("site"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    roots = args.inputs or [Path("banks"), Path("exports")]
    sources: list[Path] = []
    for root in roots:
        sources.extend(sorted(root.iterdir()) if root.is_dir() else [root])

    written = build(sources, args.out, args.templates)
    env = Environment(autoescape=False)
    index = env.from_string("<ul>{% for f, t in rows %}<li><a href='{{f}}'>{{t}}</a></li>{% endfor %}</ul>")
    (args.out / "index.html").write_text(index.render(rows=written), encoding="utf-8")
    print(f"converted {len(written)} bank(s)")
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
