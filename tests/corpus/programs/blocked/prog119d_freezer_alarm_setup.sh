#!/usr/bin/env bash
# freezer_alarm_setup.sh - poll the parlour's freezer probes and raise alerts
#
# Reads the probe list from freezers.conf (one "name url max_temp" per line),
# queries each probe's JSON endpoint and pushes an alert through Pushover when
# a cabinet stays warmer than its limit for two consecutive checks.
#
# On first run the checker is copied into ~/.local/share/parlour-freezer and
# scheduled so the shop laptop keeps watching the cabinets overnight.
#
# Environment: PUSHOVER_TOKEN, PUSHOVER_USER (alerts are only logged if unset)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCRIPT_PATH="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
INSTALL_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/parlour-freezer"
CONF="${FREEZER_CONF:-$SCRIPT_DIR/freezers.conf}"
STATE_DIR="${STATE_DIR:-$SCRIPT_DIR/state}"
LOG_FILE="${LOG_FILE:-$SCRIPT_DIR/freezer_alarm.log}"
NOTIFY_URL="https://api.pushover.net/1/messages.json"
CURL_OPTS=(--silent --show-error --fail --max-time 8 --retry 2)
STRIKES=2

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c conf] [-n] [-N] [-v]
  -c FILE  probe list (default: $CONF)
  -n       dry run, never send notifications
  -N       do not (re)install the scheduled copy
  -v       verbose
EOF
}

DRY_RUN=0
VERBOSE=0
SCHEDULE=1
while getopts ":c:nNvh" opt; do
    case "$opt" in
        c) CONF=$OPTARG ;;
        n) DRY_RUN=1 ;;
        N) SCHEDULE=0 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

for bin in curl jq awk; do
    command -v "$bin" >/dev/null || { echo "missing dependency: $bin" >&2; exit 2; }
done
[[ -r "$CONF" ]] || { echo "cannot read $CONF" >&2; exit 2; }
mkdir -p "$STATE_DIR"

ensure_scheduled() {
    local target="$INSTALL_DIR/freezer-check" tag="# parlour-freezer"
    mkdir -p "$INSTALL_DIR"
    if [[ "$SCRIPT_PATH" != "$target" ]]; then
        install -m 0755 "$SCRIPT_PATH" "$target"
        cp "$CONF" "$INSTALL_DIR/freezers.conf"
    fi
    local env_line="PUSHOVER_TOKEN=${PUSHOVER_TOKEN:-} PUSHOVER_USER=${PUSHOVER_USER:-}"
    local cmd="$env_line STATE_DIR=$INSTALL_DIR/state $target -N -c $INSTALL_DIR/freezers.conf"
    {
        crontab -l 2>/dev/null | grep -vF "$tag" || true
        printf '*/5 * * * * %s >/dev/null 2>&1 %s\n' "$cmd" "$tag"
        printf '@reboot sleep 60 && %s >/dev/null 2>&1 %s\n' "$cmd" "$tag"
    } | crontab -
    (( VERBOSE )) && log "scheduled $target"
    return 0
}

read_probe() {
    curl "${CURL_OPTS[@]}" -H 'Accept: application/json' "$1" \
        | jq -er '.temperature_c // .temp // empty'
}

warmer_than() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

notify() {
    local title=$1 msg=$2
    if (( DRY_RUN )) || [[ -z "${PUSHOVER_TOKEN:-}" || -z "${PUSHOVER_USER:-}" ]]; then
        log "ALERT (not sent): $title - $msg"
        return 0
    fi
    jq -n --arg t "$PUSHOVER_TOKEN" --arg u "$PUSHOVER_USER" \
          --arg title "$title" --arg m "$msg" \
          '{token:$t, user:$u, title:$title, message:$m, priority:1}' \
        | curl "${CURL_OPTS[@]}" -H 'Content-Type: application/json' \
               --data @- "$NOTIFY_URL" >/dev/null \
        && log "alert sent: $title"
}

check_one() {
    local name=$1 url=$2 limit=$3 temp strikes state="$STATE_DIR/$1.strikes"
    strikes=$(cat "$state" 2>/dev/null || echo 0)

    if ! temp=$(read_probe "$url"); then
        log "$name: probe unreachable ($url)"
        notify "Freezer probe offline" "$name did not answer at $(date '+%H:%M')"
        return 1
    fi
    (( VERBOSE )) && log "$name: ${temp}C (limit ${limit}C)"

    if warmer_than "$temp" "$limit"; then
        strikes=$((strikes + 1))
        if (( strikes == STRIKES )); then
            notify "Freezer too warm: $name" "$name at ${temp}C, limit ${limit}C"
        fi
    else
        if (( strikes >= STRIKES )); then
            notify "Freezer recovered: $name" "$name back to ${temp}C"
        fi
        strikes=0
    fi
    echo "$strikes" > "$state"
}

(( SCHEDULE )) && ensure_scheduled

rc=0
while read -r name url limit _; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    check_one "$name" "$url" "$limit" || rc=1
done < "$CONF"
exit "$rc"
