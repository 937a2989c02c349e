"""Renders the weekly newsletter from templates."""
import logging
import sys

from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("newsletter")


def environment(path: str = "templates") -> Environment:
    return Environment(loader=FileSystemLoader(path), trim_blocks=True)


def render(items) -> str:
    env = environment()
    tmpl = env.get_template("newsletter.html")
    return tmpl.render(items=items, title="Weekly")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    sys.stdout.write(render([{"title": t} for t in sys.argv[1:]]))
