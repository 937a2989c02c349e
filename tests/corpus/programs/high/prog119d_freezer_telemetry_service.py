#!/usr/bin/env python3
"""Prometheus exporter for the parlour's display freezers.

Each cabinet has a DS18B20 probe on the Raspberry Pi's 1-wire bus. The
exporter samples every probe in a background thread and serves the latest
values on /metrics. It is started from the Pi's boot script so it can take
the low port the old shop dashboard expects, and then switches to the
unprivileged service account before handling any request.
"""
import argparse
import ctypes
import ctypes.util
import glob
import grp
import json
import logging
import os
import pwd
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("freezer-exporter")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(user, group=None):
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [gid]
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d, gid %d)", user, pw.pw_uid, gid)


class ProbeSampler(threading.Thread):
    def __init__(self, names, interval):
        super().__init__(name="sampler", daemon=True)
        self.names = names
        self.interval = interval
        self.lock = threading.Lock()
        self.readings = {}
        self.errors = 0

    @staticmethod
    def read_probe(path):
        with open(path) as fh:
            crc_line, data_line = fh.read().strip().splitlines()[:2]
        if not crc_line.endswith("YES"):
            raise ValueError("CRC check failed")
        return int(data_line.rsplit("t=", 1)[1]) / 1000.0

    def sample_once(self):
        fresh = {}
        for path in glob.glob(W1_GLOB):
            probe_id = path.split("/")[-2]
            try:
                fresh[probe_id] = self.read_probe(path)
            except (OSError, ValueError, IndexError) as exc:
                self.errors += 1
                log.warning("probe %s: %s", probe_id, exc)
        with self.lock:
            self.readings = {pid: (t, time.time()) for pid, t in fresh.items()}

    def run(self):
        while True:
            self.sample_once()
            time.sleep(self.interval)

    def metrics(self):
        lines = ["# HELP freezer_temperature_celsius Cabinet probe temperature",
                 "# TYPE freezer_temperature_celsius gauge"]
        with self.lock:
            items = sorted(self.readings.items())
        for pid, (temp, ts) in items:
            cabinet = self.names.get(pid, pid)
            lines.append(f'freezer_temperature_celsius{{cabinet="{cabinet}",probe="{pid}"}} '
                         f"{temp:.3f} {int(ts * 1000)}")
        lines += ["# TYPE freezer_probe_errors_total counter",
                  f"freezer_probe_errors_total {self.errors}", ""]
        return "\n".join(lines)


def make_handler(sampler):
    class Handler(BaseHTTPRequestHandler):
        server_version = "freezer-exporter/0.3"

        def do_GET(self):
            if self.path == "/metrics":
                body = sampler.metrics().encode()
                ctype = "text/plain; version=0.0.4"
            elif self.path == "/healthz":
                body, ctype = b"ok\n", "text/plain"
            else:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug("%s %s", self.address_string(), fmt % args)

    return Handler


def load_names(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except FileNotFoundError:
        log.info("%s not found, using raw probe ids", path)
        return {}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default=os.environ.get("EXPORTER_LISTEN", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("EXPORTER_PORT", 91)))
    ap.add_argument("--user", default=os.environ.get("EXPORTER_USER", "nobody"))
    ap.add_argument("--group", default=os.environ.get("EXPORTER_GROUP", "gpio"))
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--probes", default=os.path.join(here, "probes.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    names = load_names(args.probes)
    server = ThreadingHTTPServer((args.listen, args.port), None)
    try:
        switch_account(args.user, args.group)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        server.server_close()
        return 1

    sampler = ProbeSampler(names, args.interval)
    sampler.sample_once()
    sampler.start()
    server.RequestHandlerClass = make_handler(sampler)
    log.info("serving metrics on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
