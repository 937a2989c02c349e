#!/usr/bin/env python3
"""Invoice render server for the depot handhelds.

The supervisors' handhelds send a finished job over the depot wifi; this
server listens on 8515, takes one JSON job per connection
(client, visits, salt used) and renders a plain-text invoice into ./spool
where the accounts PC picks it up.

Job format (one line):
    {"client": "Tesco Gosforth", "account": "C-0193", "visits": [
        {"date": "2024-12-02", "type": "car_park", "salt_t": 0.8}, ...]}
"""

import argparse
import configparser
import json
import logging
import socketserver
import sys
from datetime import date
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("invoice-render")

RATES = {
    "car_park": Decimal("68.00"),
    "access_road": Decimal("95.00"),
    "footpath": Decimal("42.50"),
}
SALT_PER_TONNE = Decimal("110.00")
VAT = Decimal("0.20")


def money(x):
    return x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def next_number(spool):
    counter = spool / ".counter"
    n = int(counter.read_text()) + 1 if counter.exists() else 1001
    counter.write_text(str(n))
    return f"NVG-{date.today():%y}{n:05d}"


def render(job, number):
    lines = [
        "NORTHVALE GRITTING LTD",
        f"Invoice {number}    {date.today():%d %b %Y}",
        f"Client: {job['client']}  (account {job['account']})",
        "-" * 56,
    ]
    net = Decimal("0")
    for v in job["visits"]:
        rate = RATES.get(v["type"])
        if rate is None:
            raise ValueError(f"unknown visit type {v['type']!r}")
        salt = money(Decimal(str(v.get("salt_t", 0))) * SALT_PER_TONNE)
        lines.append(f"{v['date']}  {v['type']:<12} visit {rate:>8}  salt {salt:>8}")
        net += rate + salt
    vat = money(net * VAT)
    lines += ["-" * 56, f"{'Net':>44} {money(net):>10}", f"{'VAT 20%':>44} {vat:>10}",
              f"{'Total':>44} {money(net + vat):>10}", ""]
    return "\n".join(lines)


class JobHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        raw = self.rfile.readline(64 * 1024)
        try:
            job = json.loads(raw)
            number = next_number(self.server.spool)
            text = render(job, number)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("bad job from %s: %s", peer, exc)
            self.wfile.write(f"ERR {exc}\n".encode())
            return
        out = self.server.spool / f"{number}.txt"
        out.write_text(text, encoding="utf-8")
        log.info("%s printed %s for %s", peer, number, job["client"])
        self.wfile.write(f"OK {number}\n".encode())


class PrintServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, spool):
        self.spool = spool
        super().__init__(addr, JobHandler)


def main():
    ap = argparse.ArgumentParser(description="Invoice render server for handheld jobs")
    ap.add_argument("-c", "--config", default="printd.ini")
    ap.add_argument("--listen", default=None)
    ap.add_argument("--port", type=int, default=None)
    ap.add_argument("--spool", default="spool")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    # handhelds connect over the depot wifi, so listen on every interface
    listen = args.listen or cfg.get("printd", "listen", fallback="0.0.0.0")
    port = args.port or cfg.getint("printd", "port", fallback=8515)

    spool = Path(args.spool).resolve()
    spool.mkdir(exist_ok=True)

    try:
        server = PrintServer((listen, port), spool)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", listen, port, exc)
        return 1

    log.info("accepting jobs on %s:%d, spooling to %s", listen, port, spool)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
