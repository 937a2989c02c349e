#!/usr/bin/env bash
# weblate_lan_access.sh - open the local Weblate instance to the translators'
# subnet for the length of a translation sprint, and close it again when the
# script is stopped (Ctrl-C).
#
#   ./weblate_lan_access.sh [-s 192.168.40.0/24] [-p 8080] [-t 8h]
set -uo pipefail

SUBNET="${TRANSLATOR_SUBNET:-192.168.40.0/24}"
PORT="${WEBLATE_PORT:-8080}"
DURATION=""
CHAIN="INPUT"
TAG="weblate-sprint"
STATE_FILE=".weblate_lan_access.state"

log() { logger -t "$TAG" -- "$*" 2>/dev/null; echo "$(date '+%F %T') $*"; }

usage() { sed -n '2,6p' "$0" | cut -c3-; exit "${1:-0}"; }

while getopts "s:p:t:h" opt; do
    case "$opt" in
        s) SUBNET="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) DURATION="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

if ! [[ "$SUBNET" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/[0-9]{1,2}$ ]]; then
    echo "invalid subnet: $SUBNET" >&2
    exit 2
fi

if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
    $SUDO -v || { echo "need sudo rights to change firewall rules" >&2; exit 1; }
else
    SUDO=""
fi

IPT="$(command -v iptables || echo /usr/sbin/iptables)"
RULE=(-p tcp -s "$SUBNET" --dport "$PORT" -m conntrack --ctstate NEW
      -m comment --comment "$TAG" -j ACCEPT)

rule_present() {
    $SUDO "$IPT" -C "$CHAIN" "${RULE[@]}" 2>/dev/null
}

open_port() {
    if rule_present; then
        log "rule already present for $SUBNET -> :$PORT"
        return 0
    fi
    $SUDO "$IPT" -I "$CHAIN" 1 "${RULE[@]}" || return 1
    printf '%s %s\n' "$SUBNET" "$PORT" > "$STATE_FILE"
    log "opened tcp/$PORT to $SUBNET"
}

close_port() {
    while rule_present; do
        $SUDO "$IPT" -D "$CHAIN" "${RULE[@]}" || break
    done
    rm -f "$STATE_FILE"
    log "closed tcp/$PORT for $SUBNET"
}

check_weblate() {
    if ! curl -fsS -o /dev/null --max-time 5 "http://127.0.0.1:$PORT/healthz/"; then
        log "warning: Weblate does not answer on 127.0.0.1:$PORT"
    fi
}

trap 'close_port; exit 0' INT TERM

check_weblate
open_port || { echo "could not add firewall rule" >&2; exit 1; }

if [[ -n "$DURATION" ]]; then
    log "access will close after $DURATION"
    sleep "$DURATION"
    close_port
else
    log "press Ctrl-C to close access"
    while sleep 3600; do :; done
fi
