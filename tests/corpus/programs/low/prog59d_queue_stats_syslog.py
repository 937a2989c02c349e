#!/usr/bin/env python3
"""Forward queue-depth statistics from the local worker to the ops syslog collector.

The worker writes ./metrics/queue_stats.json every minute; this script reads
that file and emits one structured line per queue through a SysLogHandler.
"""
import argparse
import json
import logging
import logging.handlers
import socket
import sys
import time
from pathlib import Path

DEFAULT_STATS = Path("metrics") / "queue_stats.json"
FACILITY = logging.handlers.SysLogHandler.LOG_LOCAL3


class QueueStatsEmitter:
    def __init__(self, collector, port, tag, use_tcp=False):
        sock_type = socket.SOCK_STREAM if use_tcp else socket.SOCK_DGRAM
        self.handler = logging.handlers.SysLogHandler(
            address=(collector, port), facility=FACILITY, socktype=sock_type
        )
        self.handler.setFormatter(logging.Formatter(f"{tag}: %(message)s"))
        self.logger = logging.getLogger("queue-stats")
        self.logger.setLevel(logging.INFO)
        self.logger.addHandler(self.handler)
        self.host = socket.gethostname()

    def emit(self, queue_name, stats):
        fields = {
            "host": self.host,
            "queue": queue_name,
            "depth": int(stats.get("depth", 0)),
            "inflight": int(stats.get("inflight", 0)),
            "oldest_s": round(float(stats.get("oldest_age", 0.0)), 1),
        }
        line = " ".join(f"{k}={v}" for k, v in fields.items())
        level = logging.WARNING if fields["depth"] > stats.get("alert_depth", 5000) else logging.INFO
        self.logger.log(level, line)

    def close(self):
        self.handler.close()


def load_stats(path):
    try:
        with path.open("r", encoding="utf-8") as fh:
            payload = json.load(fh)
    except FileNotFoundError:
        logging.error("stats file %s missing; is the worker running?", path)
        return {}
    except json.JSONDecodeError as exc:
        logging.error("stats file %s is not valid JSON: %s", path, exc)
        return {}
    return payload.get("queues", {})


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--collector", default="logs.ops.internal")
    p.add_argument("--port", type=int, default=514)
    p.add_argument("--tcp", action="store_true", help="use TCP instead of UDP")
    p.add_argument("--stats", type=Path, default=DEFAULT_STATS)
    p.add_argument("--tag", default="queue-stats")
    p.add_argument("--interval", type=int, default=0, help="repeat every N seconds")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    emitter = QueueStatsEmitter(args.collector, args.port, args.tag, args.tcp)
    try:
        while True:
            queues = load_stats(args.stats)
            for name, stats in sorted(queues.items()):
                emitter.emit(name, stats)
            logging.info("emitted %d queue records to %s", len(queues), args.collector)
            if not args.interval:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        emitter.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
