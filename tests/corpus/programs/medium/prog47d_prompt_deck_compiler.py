#!/usr/bin/env python3
"""Compile a prompt deck (YAML) into chat-message JSON plus an HTML review page.

Decks may use YAML tags for reusable snippets, e.g. `!!python/name:` style
references to shared guardrail strings, so the full loader is used.
    name: support-triage
    system: "You are a triage assistant for {{ team }}."
    turns:
      - role: user
        template: "Ticket: {{ ticket.body }}"
"""
import argparse
import base64
import json
import logging
import mimetypes
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined

logger = logging.getLogger("prompt-deck")

REVIEW_TEMPLATE = "review.html.j2"


def image_part(path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}


def load_yaml(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


class PromptDeck:
    def __init__(self, deck_file):
        self.path = Path(deck_file)
        self.spec = load_yaml(self.path)
        if "turns" not in self.spec:
            raise ValueError(f"{deck_file}: missing 'turns'")
        self.env = Environment(undefined=StrictUndefined)

    def _render(self, source, variables):
        return self.env.from_string(source).render(**variables)

    def compile(self, variables):
        messages = []
        if self.spec.get("system"):
            messages.append({"role": "system", "content": self._render(self.spec["system"], variables)})
        for turn in self.spec["turns"]:
            parts = [{"type": "text", "text": self._render(turn["template"], variables)}]
            for img in turn.get("images", []):
                parts.append(image_part(self.path.parent / img))
            messages.append({"role": turn.get("role", "user"), "content": parts})
        return messages


def render_review(messages, template_dir, out_file, title):
    env = Environment(loader=FileSystemLoader(template_dir), autoescape=False)
    html = env.get_template(REVIEW_TEMPLATE).render(messages=messages, title=title)
    Path(out_file).write_text(html, encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="compile a prompt deck")
    ap.add_argument("deck")
    ap.add_argument("--vars", default="vars.yaml", help="YAML file with template variables")
    ap.add_argument("--out-dir", default="compiled")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--strict", action="store_true", help="fail on empty turns")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    variables = load_yaml(args.vars) if Path(args.vars).exists() else {}
    deck = PromptDeck(args.deck)
    messages = deck.compile(variables)
    if args.strict and any(not m["content"] for m in messages):
        logger.error("deck %s produced an empty turn", args.deck)
        raise SystemExit(1)

    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    name = deck.spec.get("name", deck.path.stem)
    (out_dir / f"{name}.messages.json").write_text(json.dumps(messages, indent=2))
    render_review(messages, args.templates, out_dir / f"{name}.html", title=name)
    logger.info("compiled %d messages for %s", len(messages), name)


if __name__ == "__main__":
    main()
