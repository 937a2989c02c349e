#!/usr/bin/env bash
# Refresh the acquisition agent on a tide gauge station from the update mirror.
# Usage: prog210d_agent_refresh.sh [-c channel] [-s station] [-n]
set -euo pipefail

MIRROR="${TG_MIRROR:-https://updates.example.net/tidegauge}"
CHANNEL="stable"
STATION="${TG_STATION:-$(hostname -s)}"
STATE_DIR="${TG_STATE_DIR:-./agent_state}"
LOGFILE="${TG_LOG:-./agent_refresh.log}"
DRY_RUN=0

usage() {
    echo "usage: $0 [-c channel] [-s station] [-n]" >&2
    exit 64
}

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOGFILE" >&2
}

while getopts ":c:s:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        s) STATION="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$STATE_DIR"
current="none"
[[ -f "$STATE_DIR/version" ]] && current="$(cat "$STATE_DIR/version")"

fetch() {
    curl -fsSL --max-time 30 --retry 3 "$MIRROR/$CHANNEL/$1"
}

log INFO "checking $MIRROR channel=$CHANNEL station=$STATION current=$current"
if ! manifest="$(fetch manifest.json)"; then
    log ERROR "mirror unreachable"
    exit 1
fi

latest="$(printf '%s' "$manifest" | python3 -c '
import json, sys
doc = json.load(sys.stdin)
print(doc.get("agent", {}).get("version", ""))
')"

if [[ -z "$latest" ]]; then
    log ERROR "manifest has no agent version"
    exit 1
fi

if [[ "$latest" == "$current" ]]; then
    log INFO "agent already at $latest"
    exit 0
fi

log INFO "updating agent $current -> $latest"
if (( DRY_RUN )); then
    log INFO "dry run, stopping here"
    exit 0
fi

# The agent is a single python module; it is streamed straight into the
# interpreter so nothing half-written is left on the SD card.
agent_src="$(fetch "agent-${latest}.py")"
printf '%s\n' "$agent_src" | TG_STATION="$STATION" python3 - --install --station "$STATION" \
    || { log ERROR "agent install step failed"; exit 2; }

# Optional post-install hook published alongside each release.
if hook="$(fetch "hooks/post_install-${latest}.sh" 2>/dev/null)"; then
    log INFO "running post-install hook"
    bash -s -- "$STATION" <<<"$hook" || log WARN "post-install hook returned non-zero"
fi

echo "$latest" > "$STATE_DIR/version"
log INFO "agent refreshed to $latest"
