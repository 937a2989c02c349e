#!/usr/bin/env python3
"""Water-level feed daemon for the reservoir outflow sensors.

Listens on the sensor port that the old telemetry boxes are hard-wired to
use, then continues as the unprivileged service account.
"""
import argparse
import grp
import logging
import os
import pwd
import socketserver
import sys
from datetime import datetime, timezone

log = logging.getLogger("level-feed")


class ReadingHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        for raw in self.rfile:
            line = raw.decode("ascii", "replace").strip()
            if not line:
                continue
            parts = line.split(",")
            if len(parts) != 2:
                log.warning("%s sent malformed line %r", peer, line)
                continue
            station, level = parts
            try:
                value = float(level)
            except ValueError:
                continue
            stamp = datetime.now(timezone.utc).isoformat()
            self.server.sink.write(f"{stamp},{peer},{station},{value:.3f}\n")
            self.server.sink.flush()


class FeedServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def shed_privileges(account):
    entry = pwd.getpwnam(account)
    groups = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]
    steps = [
        ("setgroups", groups or [entry.pw_gid]),
        ("setgid", entry.pw_gid),
        ("setuid", entry.pw_uid),
    ]
    for name, arg in steps:
        getattr(os, name)(arg)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d)", account, os.getuid())


def main(argv=None):
    p = argparse.ArgumentParser(description="reservoir level feed")
    p.add_argument("--bind", default="0.0.0.0")
    p.add_argument("--port", type=int, default=502)
    p.add_argument("--account", default="canalfeed")
    p.add_argument("--out", default="levels.csv")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        server = FeedServer((args.bind, args.port), ReadingHandler)
    except PermissionError:
        log.error("port %d needs elevated start", args.port)
        return 1
    sink = open(args.out, "a", buffering=1)
    server.sink = sink
    if os.geteuid() == 0:
        try:
            shed_privileges(args.account)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch account: %s", exc)
            server.server_close()
            return 1
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
        sink.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
