"""Live preview server for the docs team.

Writers POST a markdown snippet plus some front-matter fields and get
back the rendered HTML page exactly as the static site generator would
produce it.  Templates live in ./templates next to this file.
"""
import argparse
import asyncio
import logging
import pathlib
import subprocess

import markdown
from aiohttp import web
from jinja2 import Environment, FileSystemLoader, TemplateNotFound

HERE = pathlib.Path(__file__).resolve().parent
TEMPLATE_DIR = HERE / "templates"
DEFAULT_LAYOUT = "page.html"
MD_EXTENSIONS = ["fenced_code", "tables", "toc"]

log = logging.getLogger("preview")

# The site generator renders with autoescape disabled because the body is
# already HTML produced by python-markdown; keep the preview identical.
env = Environment(
    loader=FileSystemLoader(str(TEMPLATE_DIR)),
    autoescape=False,
    trim_blocks=True,
    lstrip_blocks=True,
)


def site_revision() -> str:
    """Return the short git hash of the docs checkout for the footer."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=HERE,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def render_page(title: str, author: str, body_md: str, layout: str, revision: str) -> str:
    html_body = markdown.markdown(body_md, extensions=MD_EXTENSIONS)
    template = env.get_template(layout)
    return template.render(
        title=title,
        author=author,
        content=html_body,
        revision=revision,
    )


async def handle_preview(request: web.Request) -> web.Response:
    data = await request.post()
    title = str(data.get("title", "Untitled"))
    author = str(data.get("author", ""))
    body_md = str(data.get("body", ""))
    layout = str(data.get("layout", DEFAULT_LAYOUT))
    if "/" in layout or layout.startswith("."):
        raise web.HTTPBadRequest(text="layout must be a bare template name")
    try:
        html = render_page(title, author, body_md, layout, request.app["revision"])
    except TemplateNotFound:
        raise web.HTTPNotFound(text=f"no such layout: {layout}")
    log.info("rendered preview %r (%d bytes)", title, len(html))
    return web.Response(text=html, content_type="text/html")


async def handle_layouts(request: web.Request) -> web.Response:
    names = sorted(p.name for p in TEMPLATE_DIR.glob("*.html"))
    return web.json_response({"layouts": names, "default": DEFAULT_LAYOUT})


async def handle_health(request: web.Request) -> web.Response:
    return web.json_response({"ok": True, "revision": request.app["revision"]})


async def on_startup(app: web.Application) -> None:
    loop = asyncio.get_running_loop()
    app["revision"] = await loop.run_in_executor(None, site_revision)
    log.info("docs revision %s", app["revision"])


def build_app() -> web.Application:
    app = web.Application(client_max_size=512 * 1024)
    app.on_startup.append(on_startup)
    app.router.add_post("/preview", handle_preview)
    app.router.add_get("/layouts", handle_layouts)
    app.router.add_get("/healthz", handle_health)
    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8700)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    web.run_app(build_app(), host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
