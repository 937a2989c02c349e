#!/usr/bin/env python3
"""Render an index page for the CycloneDX SBOMs in ./sbom-reports and share it on the LAN.

Colleagues can then open http://<this-host>:<port>/ to browse the reports
during a release review.
"""
import argparse
import functools
import html
import json
import logging
import os
from datetime import datetime, timezone
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("sbom-share")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>SBOM reports</title></head><body>
<h1>SBOM reports ({count})</h1><p>generated {stamp}</p>
<table border="1" cellpadding="4"><tr><th>file</th><th>component</th>
<th>version</th><th>components</th><th>tool</th></tr>
{rows}
</table></body></html>"""


def summarise(path):
    with open(path, encoding="utf-8") as fh:
        bom = json.load(fh)
    meta = bom.get("metadata", {})
    comp = meta.get("component", {})
    tools = meta.get("tools", [])
    if isinstance(tools, dict):
        tools = tools.get("components", [])
    tool = ", ".join(t.get("name", "?") for t in tools) or "?"
    return comp.get("name", "?"), comp.get("version", "?"), len(bom.get("components", [])), tool


def build_index(report_dir):
    rows = []
    for name in sorted(os.listdir(report_dir)):
        if not name.endswith((".cdx.json", ".bom.json")):
            continue
        try:
            comp, ver, n, tool = summarise(os.path.join(report_dir, name))
        except (ValueError, OSError) as exc:
            log.warning("skipping %s: %s", name, exc)
            continue
        cells = [f'<a href="{html.escape(name)}">{html.escape(name)}</a>',
                 html.escape(comp), html.escape(ver), str(n), html.escape(tool)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    page = PAGE.format(count=len(rows), rows="\n".join(rows),
                       stamp=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    with open(os.path.join(report_dir, "index.html"), "w", encoding="utf-8") as fh:
        fh.write(page)
    return len(rows)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="sbom-reports")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--no-serve", action="store_true", help="only regenerate index.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isdir(args.dir):
        ap.error(f"{args.dir} does not exist")
    count = build_index(args.dir)
    log.info("indexed %d SBOMs", count)
    if args.no_serve:
        return

    handler = functools.partial(QuietHandler, directory=os.path.abspath(args.dir))
    server = ThreadingHTTPServer(("0.0.0.0", args.port), handler)
    log.info("sharing %s on port %d (Ctrl-C to stop)", args.dir, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
