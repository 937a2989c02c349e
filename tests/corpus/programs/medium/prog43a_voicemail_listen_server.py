#!/usr/bin/env python3
"""Quick voicemail review server for the helpdesk.

Serves an exported voicemail tree (INBOX/Old folders with .wav and .txt
metadata) over HTTP so agents can click through messages in a browser.
Adds a generated index.html per mailbox with caller ID and duration."""

import argparse
import configparser
import functools
import html
import logging
import os
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("vm-listen")


def read_msg_meta(txt: Path) -> dict:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(txt.read_text(errors="replace"))
    except configparser.Error:
        return {}
    return dict(parser["message"]) if parser.has_section("message") else {}


def build_index(mailbox: Path) -> None:
    rows = []
    for folder in ("INBOX", "Old", "Urgent"):
        fdir = mailbox / folder
        if not fdir.is_dir():
            continue
        for txt in sorted(fdir.glob("msg*.txt")):
            meta = read_msg_meta(txt)
            wav = txt.with_suffix(".wav")
            if not wav.exists():
                continue
            rows.append(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}s</td>"
                "<td><audio controls preload='none' src='{}'></audio></td></tr>".format(
                    folder,
                    html.escape(meta.get("callerid", "unknown")),
                    html.escape(meta.get("origdate", "")),
                    html.escape(meta.get("duration", "?")),
                    html.escape(f"{folder}/{wav.name}"),
                )
            )
    page = ("<html><head><meta charset='utf-8'><title>Mailbox {}</title></head><body>"
            "<table border=1><tr><th>Folder</th><th>Caller</th><th>Date</th>"
            "<th>Len</th><th></th></tr>{}</table></body></html>").format(
        html.escape(mailbox.name), "\n".join(rows))
    (mailbox / "index.html").write_text(page, encoding="utf-8")


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=os.environ.get("VM_EXPORT_DIR", "vm-export/default"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8088)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root).resolve()
    if not root.is_dir():
        raise SystemExit(f"{root} is not a directory")
    boxes = [d for d in root.iterdir() if d.is_dir() and d.name.isdigit()]
    for box in boxes:
        build_index(box)
    log.info("indexed %d mailboxes under %s", len(boxes), root)

    handler = functools.partial(QuietHandler, directory=str(root))
    with ThreadingHTTPServer((args.bind, args.port), handler) as httpd:
        log.info("serving %s on http://%s:%d/", root, args.bind, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")


if __name__ == "__main__":
    main()
