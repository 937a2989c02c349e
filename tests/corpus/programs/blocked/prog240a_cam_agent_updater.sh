#!/usr/bin/env bash
# Keep the webcam overlay agent up to date.
# Checks the update channel for a newer agent build, downloads the installer
# script with an embedded Python fetcher and runs it straight away so the
# overlay (species name, admission date, donate banner) stays current.
set -uo pipefail

CHANNEL="${AGENT_CHANNEL:-stable}"
UPDATE_BASE="${AGENT_UPDATE_BASE:-http://updates.example.com/cam-agent}"
STATE_DIR="./.cam-agent"
VERSION_FILE="$STATE_DIR/version"
LOG_FILE="$STATE_DIR/update.log"
FORCE=0

mkdir -p "$STATE_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) echo "usage: $0 [-c channel] [-f]"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log "unknown channel $CHANNEL"; exit 2 ;;
esac

installed=$(cat "$VERSION_FILE" 2>/dev/null || echo "0.0.0")

# Ask the update server what the current version is.
latest=$(curl -fsS --max-time 15 "$UPDATE_BASE/$CHANNEL/LATEST" 2>/dev/null | tr -d '[:space:]')
if [[ -z "$latest" ]]; then
    log "update server unreachable; staying on $installed"
    exit 0
fi

newer=$(INSTALLED="$installed" LATEST="$latest" python3 -c '
import os
def v(s):
    return tuple(int(p) for p in s.split(".") if p.isdigit())
print("yes" if v(os.environ["LATEST"]) > v(os.environ["INSTALLED"]) else "no")
')

if [[ "$newer" != "yes" && $FORCE -eq 0 ]]; then
    log "agent $installed is current"
    exit 0
fi

log "updating agent $installed -> $latest ($CHANNEL)"
installer="$STATE_DIR/install-$latest.sh"

# Fetch the installer with Python (the old camera hosts ship a curl without
# the right TLS backend for the CDN), then execute it.
if ! INSTALLER_URL="$UPDATE_BASE/$CHANNEL/install-$latest.sh" OUT="$installer" python3 - <<'PY'
import os
import sys
import urllib.request

url, out = os.environ["INSTALLER_URL"], os.environ["OUT"]
try:
    with urllib.request.urlopen(url, timeout=30) as resp:
        data = resp.read()
except OSError as exc:
    print(f"download failed: {exc}", file=sys.stderr)
    sys.exit(1)
if not data.startswith(b"#!"):
    print("installer does not look like a script", file=sys.stderr)
    sys.exit(1)
with open(out, "wb") as fh:
    fh.write(data)
os.chmod(out, 0o700)
PY
then
    log "could not download installer"
    exit 1
fi

log "running installer $installer"
if AGENT_STATE="$STATE_DIR" bash "$installer" >>"$LOG_FILE" 2>&1; then
    echo "$latest" > "$VERSION_FILE"
    log "agent updated to $latest"
else
    log "installer exited with $?; keeping $installed"
    exit 1
fi

# Keep only the three most recent installers.
ls -1t "$STATE_DIR"/install-*.sh 2>/dev/null | tail -n +4 | xargs -r rm -f
