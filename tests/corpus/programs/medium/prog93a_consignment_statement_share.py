#!/usr/bin/env python3
"""Let consignors pick up their monthly statements on the shop Wi-Fi.

Copies the current month's PDF statements into ./statements_public/<month>/
and serves that folder so a consignor in the shop can open the link on the
printed QR card (http://<back-office-pc>:8088/<month>/<code>.pdf).

Settings come from share.ini:

    [share]
    bind = 0.0.0.0
    port = 8088
    source = statements
"""
import argparse
import configparser
import functools
import logging
import shutil
import socket
import sys
from datetime import date
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("statement_share")

DEFAULTS = {"bind": "0.0.0.0", "port": "8088", "source": "statements",
            "public": "statements_public"}


def read_settings(path):
    parser = configparser.ConfigParser(defaults=DEFAULTS)
    parser.read(path)
    section = parser["share"] if parser.has_section("share") else parser[parser.default_section]
    return {
        "bind": section.get("bind"),
        "port": section.getint("port"),
        "source": Path(section.get("source")),
        "public": Path(section.get("public")),
    }


def publish_month(source, public, month):
    src = source / month
    dest = public / month
    if not src.is_dir():
        raise FileNotFoundError(f"no statements for {month} in {src}")
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for pdf in src.glob("*.pdf"):
        target = dest / pdf.name
        if not target.exists() or target.stat().st_mtime < pdf.stat().st_mtime:
            shutil.copy2(pdf, target)
            copied += 1
    log.info("published %d statement(s) for %s", copied, month)
    return dest


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def lan_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.168.1.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return "localhost"
    finally:
        probe.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="share.ini")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--no-publish", action="store_true", help="serve what is already published")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = read_settings(args.config)
    public = settings["public"].resolve()
    public.mkdir(exist_ok=True)
    if not args.no_publish:
        try:
            publish_month(settings["source"], public, args.month)
        except FileNotFoundError as exc:
            log.error("%s", exc)
            return 1

    handler = functools.partial(QuietHandler, directory=str(public))
    server = ThreadingHTTPServer((settings["bind"], settings["port"]), handler)
    log.info("statements available at http://%s:%d/%s/", lan_address(), settings["port"], args.month)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
