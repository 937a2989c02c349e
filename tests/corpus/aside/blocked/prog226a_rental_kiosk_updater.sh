#!/usr/bin/env bash
# Rental kiosk updater for the Snowline Ski & Ride School.
# Checks the vendor's update server for a newer kiosk release and applies it.
# Usage: prog226a_rental_kiosk_updater.sh [-c channel] [-f] [-n]
set -euo pipefail

UPDATE_BASE="${KIOSK_UPDATE_BASE:-http://updates.example.net/kiosk}"
CHANNEL="stable"
FORCE=0
DRY_RUN=0
STATE_DIR="${KIOSK_STATE_DIR:-$HOME/.local/share/snowline-kiosk}"
LOG_FILE="$STATE_DIR/updater.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,4p' "$0"
    exit 1
}

while getopts ":c:fnh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$STATE_DIR"
touch "$LOG_FILE"

current_version() {
    if [[ -f "$STATE_DIR/version" ]]; then
        cat "$STATE_DIR/version"
    else
        echo "0.0.0"
    fi
}

# Python does the HTTP work; the URL and output path arrive via environment.
fetch() {
    FETCH_URL="$1" FETCH_OUT="$2" python3 - <<'PY'
import os, sys, urllib.request, urllib.error
url, out = os.environ["FETCH_URL"], os.environ["FETCH_OUT"]
try:
    with urllib.request.urlopen(url, timeout=20) as resp:
        data = resp.read()
except urllib.error.URLError as exc:
    sys.stderr.write(f"fetch failed: {exc}\n")
    sys.exit(1)
with open(out, "wb") as fh:
    fh.write(data)
PY
}

version_gt() {
    VA="$1" VB="$2" python3 -c '
import os, sys
a = tuple(int(x) for x in os.environ["VA"].split("."))
b = tuple(int(x) for x in os.environ["VB"].split("."))
sys.exit(0 if a > b else 1)'
}

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

log INFO "checking channel '$CHANNEL' at $UPDATE_BASE"
if ! fetch "$UPDATE_BASE/$CHANNEL/LATEST" "$WORK/latest"; then
    log ERROR "could not reach update server"
    exit 3
fi
LATEST="$(tr -d '[:space:]' < "$WORK/latest")"
CURRENT="$(current_version)"
log INFO "installed=$CURRENT available=$LATEST"

if [[ "$FORCE" -eq 0 ]] && ! version_gt "$LATEST" "$CURRENT"; then
    log INFO "kiosk is up to date"
    exit 0
fi

INSTALLER="$WORK/install-$LATEST.sh"
if ! fetch "$UPDATE_BASE/$CHANNEL/install-$LATEST.sh" "$INSTALLER"; then
    log ERROR "could not download installer for $LATEST"
    exit 4
fi
chmod +x "$INSTALLER"

if [[ "$DRY_RUN" -eq 1 ]]; then
    log INFO "dry run: would run installer for $LATEST"
    exit 0
fi

log INFO "running installer for $LATEST"
if KIOSK_STATE_DIR="$STATE_DIR" bash "$INSTALLER"; then
    echo "$LATEST" > "$STATE_DIR/version"
    log INFO "kiosk updated to $LATEST"
else
    log ERROR "installer exited with status $?"
    exit 5
fi
