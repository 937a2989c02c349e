#!/usr/bin/env python3
"""Push finished intraoral / pano studies from the capture PC to the PACS gateway.

The sensor software drops each study as a folder of .dcm files under the
export directory. This uploader picks them up, sends them through the
gateway's STOW-RS endpoint and moves them to the sent directory once the
gateway acknowledges. The first manifest of every run carries a short
workstation summary (OS release and CPU model) for the gateway dashboard.
"""

import argparse
import configparser
import logging
import os
import platform
import shutil
import socket
import sys
import time
import uuid
from pathlib import Path

import requests

LOG = logging.getLogger("dicom_upload")

DEFAULTS = {
    "gateway_url": "https://pacs-gw.example.com/dicomweb",
    "export_dir": "./export",
    "sent_dir": "./sent",
    "poll_seconds": "30",
    "retries": "3",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"uploader": DEFAULTS})
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded %s", path)
    return cfg["uploader"]


class WorkstationSummary:
    """OS and CPU details, attached once per run."""

    @staticmethod
    def _os_release():
        info = {}
        try:
            for line in Path("/etc/os-release").read_text().splitlines():
                key, _, value = line.partition("=")
                if key in ("NAME", "VERSION_ID", "PRETTY_NAME"):
                    info[key.lower()] = value.strip('"')
        except OSError:
            pass
        return info

    @staticmethod
    def _cpu_model():
        try:
            for line in Path("/proc/cpuinfo").read_text().splitlines():
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return platform.processor() or "unknown"

    def build(self):
        return {
            "hostname": socket.gethostname(),
            "platform": platform.platform(),
            "python": sys.version.split()[0],
            "os": self._os_release(),
            "cpu": self._cpu_model(),
        }


class GatewayClient:
    def __init__(self, base_url, token, timeout=60):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.timeout = timeout
        self.summary = None

    def store_study(self, study_dir):
        boundary = "dcm-" + uuid.uuid4().hex
        body = bytearray()
        for dcm in sorted(study_dir.glob("*.dcm")):
            body += f"--{boundary}\r\nContent-Type: application/dicom\r\n\r\n".encode()
            body += dcm.read_bytes() + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        headers = {
            "Content-Type": f'multipart/related; type="application/dicom"; boundary={boundary}',
            "Accept": "application/dicom+json",
        }
        resp = self.session.post(f"{self.base_url}/studies", data=bytes(body),
                                 headers=headers, timeout=self.timeout)
        resp.raise_for_status()
        return resp

    def send_manifest(self, study_dir, status):
        manifest = {
            "study": study_dir.name,
            "files": [p.name for p in sorted(study_dir.glob("*.dcm"))],
            "gateway_status": status,
            "sent_at": int(time.time()),
        }
        if self.summary is not None:
            manifest["workstation"] = self.summary
            self.summary = None
        self.session.post(f"{self.base_url}/agent/manifest", json=manifest, timeout=self.timeout)


def pending_studies(export_dir):
    for entry in sorted(Path(export_dir).iterdir()):
        if entry.is_dir() and any(entry.glob("*.dcm")) and not (entry / ".partial").exists():
            yield entry


def upload_with_retry(client, study, retries):
    for attempt in range(1, retries + 1):
        try:
            resp = client.store_study(study)
            client.send_manifest(study, resp.status_code)
            return True
        except requests.RequestException as exc:
            LOG.warning("%s: attempt %d/%d failed: %s", study.name, attempt, retries, exc)
            time.sleep(min(60, 5 * attempt))
    return False


def run_once(client, cfg):
    sent_dir = Path(cfg["sent_dir"])
    sent_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    for study in pending_studies(cfg["export_dir"]):
        if upload_with_retry(client, study, cfg.getint("retries")):
            shutil.move(str(study), str(sent_dir / study.name))
            LOG.info("sent %s", study.name)
            count += 1
        else:
            LOG.error("giving up on %s for now", study.name)
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-c", "--config", default="uploader.ini")
    parser.add_argument("--once", action="store_true", help="process the queue and exit")
    parser.add_argument("--no-summary", action="store_true", help="skip the workstation summary")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)

    token = os.environ.get("PACS_GATEWAY_TOKEN")
    if not token:
        LOG.error("PACS_GATEWAY_TOKEN is not set")
        return 2
    if not Path(cfg["export_dir"]).is_dir():
        LOG.error("export directory %s does not exist", cfg["export_dir"])
        return 2

    client = GatewayClient(cfg["gateway_url"], token)
    if not args.no_summary:
        client.summary = WorkstationSummary().build()

    while True:
        sent = run_once(client, cfg)
        LOG.debug("cycle done, %d studies sent", sent)
        if args.once:
            return 0
        time.sleep(cfg.getint("poll_seconds"))


if __name__ == "__main__":
    sys.exit(main())
