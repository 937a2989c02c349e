"""SSH key hygiene audit.

A streaming pipeline built from small generators: discover key files,
inspect each one locally (permissions, passphrase protection), and fold
the results into counts. Only the counts are sent to the team's audit
API, with the audit API's own key.
"""
import http.client
import json
import os
import stat
import sys
from pathlib import Path

AUDIT_HOST = "audit.acme-internal.com"
AUDIT_PATH = "/api/v1/ssh-hygiene"
SKIP_NAMES = {"known_hosts", "known_hosts.old", "authorized_keys", "config"}


def discover(root: Path):
    if not root.is_dir():
        return
    for entry in sorted(root.iterdir()):
        if entry.is_file() and entry.name not in SKIP_NAMES \
                and not entry.name.endswith(".pub"):
            yield entry


def inspect(paths):
    for path in paths:
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
            head = path.read_bytes()[:4096]
        except OSError:
            continue
        encrypted = b"ENCRYPTED" in head or b"aes256-ctr" in head \
            or b"bcrypt" in head
        yield {
            "name": path.name,
            "loose_permissions": bool(mode & 0o077),
            "encrypted": encrypted,
        }


def warn(findings):
    for finding in findings:
        if finding["loose_permissions"]:
            print(f"warning: {finding['name']} is readable by others")
        if not finding["encrypted"]:
            print(f"warning: {finding['name']} has no passphrase")
        yield finding


def summarise(findings) -> dict:
    summary = {"keys": 0, "loose_permissions": 0, "unencrypted": 0}
    for finding in findings:
        summary["keys"] += 1
        summary["loose_permissions"] += int(finding["loose_permissions"])
        summary["unencrypted"] += int(not finding["encrypted"])
    return summary


class Reporter:
    def __init__(self, host: str, path: str):
        self.host = host
        self.path = path

    def __call__(self, summary: dict) -> int:
        api_key = os.environ.get("AUDIT_API_KEY")
        if not api_key:
            return 0
        connection = http.client.HTTPSConnection(self.host, timeout=20)
        try:
            connection.request(
                "POST", self.path, body=json.dumps(summary),
                headers={"Content-Type": "application/json",
                         "Authorization": f"Bearer {api_key}"},
            )
            response = connection.getresponse()
            response.read()
            return response.status
        finally:
            connection.close()


def build_pipeline(root: Path):
    stage = discover(root)
    stage = inspect(stage)
    stage = warn(stage)
    return stage


def main(argv) -> int:
    root = Path(argv[0]).expanduser() if argv else Path.home() / ".ssh"
    summary = summarise(build_pipeline(root))
    print(json.dumps(summary))
    status = Reporter(AUDIT_HOST, AUDIT_PATH)(summary)
    print(f"audit report status: {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
