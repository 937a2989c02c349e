#!/usr/bin/env python3
"""Life-support metrics exporter for the aquarium PLCs.

Polls holding registers (water temperature, dissolved oxygen, ORP, pH,
salinity, pump state) from each tank's PLC over Modbus/TCP and serves the
latest readings in Prometheus text format for the LSS dashboard.  Alarm
thresholds are checked on every poll and written to alarms.log.
"""
import argparse
import configparser
import logging
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("lss-exporter")

# register map shared by all tank PLCs (scaled integers, x10 unless noted)
REGISTERS = [
    ("water_temp_c", 0, 10.0),
    ("dissolved_oxygen_mgl", 1, 100.0),
    ("orp_mv", 2, 1.0),
    ("ph", 3, 100.0),
    ("salinity_ppt", 4, 10.0),
    ("pump_running", 5, 1.0),
]

READINGS = {}
READINGS_LOCK = threading.Lock()


def read_holding(host, port, unit, start, count, timeout=3.0, tid=1):
    """Modbus/TCP function 0x03 without pulling in pymodbus."""
    pdu = struct.pack(">BHH", 0x03, start, count)
    mbap = struct.pack(">HHHB", tid, 0, len(pdu) + 1, unit)
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(mbap + pdu)
        header = s.recv(9)
        if len(header) < 9:
            raise IOError("short Modbus reply")
        _, _, _, _, func, nbytes = struct.unpack(">HHHBBB", header)
        if func & 0x80:
            raise IOError(f"Modbus exception code {nbytes}")
        data = b""
        while len(data) < nbytes:
            chunk = s.recv(nbytes - len(data))
            if not chunk:
                raise IOError("connection closed mid-frame")
            data += chunk
    return list(struct.unpack(f">{count}H", data))


def poll_tank(name, tank_cfg, alarms):
    host = tank_cfg["plc_host"]
    port = int(tank_cfg.get("plc_port", 502))
    unit = int(tank_cfg.get("unit_id", 1))
    raw = read_holding(host, port, unit, 0, len(REGISTERS))
    values = {metric: raw[off] / scale for metric, off, scale in REGISTERS}
    with READINGS_LOCK:
        READINGS[name] = (time.time(), values)
    for metric, value in values.items():
        lo = tank_cfg.get(f"{metric}_min")
        hi = tank_cfg.get(f"{metric}_max")
        if (lo and value < float(lo)) or (hi and value > float(hi)):
            alarms.warning("%s %s=%.2f outside [%s, %s]", name, metric, value, lo, hi)


def poll_loop(tanks, interval, alarms):
    while True:
        for name, cfg in tanks.items():
            try:
                poll_tank(name, cfg, alarms)
            except (OSError, IOError, struct.error) as exc:
                log.warning("poll %s failed: %s", name, exc)
        time.sleep(interval)


class MetricsHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/metrics":
            self.send_error(404)
            return
        lines = []
        with READINGS_LOCK:
            for tank, (ts, values) in sorted(READINGS.items()):
                for metric, value in values.items():
                    lines.append(f'lss_{metric}{{tank="{tank}"}} {value}')
                lines.append(f'lss_last_poll_timestamp{{tank="{tank}"}} {ts:.0f}')
        body = ("\n".join(lines) + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("metrics %s", fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll aquarium LSS PLCs and serve metrics")
    ap.add_argument("-c", "--config", default="lss_poller.ini")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    main_cfg = cfg["poller"] if cfg.has_section("poller") else {}
    tanks = {s[5:]: dict(cfg[s]) for s in cfg.sections() if s.startswith("tank:")}
    if not tanks:
        log.error("no [tank:...] sections in %s", args.config)
        return 2

    alarms = logging.getLogger("lss-alarms")
    alarms.addHandler(logging.FileHandler(main_cfg.get("alarm_log", "alarms.log")))

    port = args.port or int(main_cfg.get("metrics_port", 9502))
    server = ThreadingHTTPServer((args.listen, port), MetricsHandler)

    interval = float(main_cfg.get("interval", 15))
    threading.Thread(target=poll_loop, args=(tanks, interval, alarms), daemon=True).start()
    log.info("polling %d tank(s) every %.0fs, metrics on %s:%d", len(tanks), interval, args.listen, port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
