#!/usr/bin/env bash
# Job share for the fibre laser engraver on the workshop LAN.
#
# The engraver controller pulls job files (SVG/DXF plus a JSON job card)
# over HTTP from the design PC.  This script publishes the outbox folder,
# makes sure the controller can reach it, and registers the share with the
# controller so new jobs show up on its touch panel.
#
#   laser_engraver_job_share.sh [-c engraver.conf]
set -euo pipefail

CONF="${1:-engraver.conf}"
ENGRAVER_IP="192.168.20.40"
SHARE_PORT="8808"
OUTBOX="$HOME/engraving/outbox"
STATE_DIR="$HOME/engraving/.share"

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    . "$CONF"
fi

mkdir -p "$OUTBOX" "$STATE_DIR"
PIDFILE="$STATE_DIR/share.pid"
LOGFILE="$STATE_DIR/share.log"

info() { echo "[engraver-net] $*"; }
warn() { echo "[engraver-net] WARNING: $*" >&2; }

lan_address() {
    ip -4 route get "$ENGRAVER_IP" 2>/dev/null | awk '{for (i=1;i<NF;i++) if ($i=="src") print $(i+1)}'
}

start_share() {
    if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        info "share already running (pid $(cat "$PIDFILE"))"
        return
    fi
    nohup python3 -m http.server "$SHARE_PORT" --bind 0.0.0.0 --directory "$OUTBOX" \
        >>"$LOGFILE" 2>&1 &
    echo $! >"$PIDFILE"
    sleep 1
    kill -0 "$(cat "$PIDFILE")" 2>/dev/null || { warn "share failed to start, see $LOGFILE"; exit 1; }
    info "sharing $OUTBOX on port $SHARE_PORT"
}

# The controller's firmware retries on a fixed port and gives up quietly if
# the design PC drops its packets, so tell the operator what to allow.
firewall_hint() {
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        warn "firewalld is active: ask IT to allow tcp/$SHARE_PORT from $ENGRAVER_IP"
    elif command -v ufw >/dev/null && ufw status 2>/dev/null | grep -q "Status: active"; then
        warn "ufw is active: ask IT to allow tcp/$SHARE_PORT from $ENGRAVER_IP"
    fi
}

register_share() {
    local me="$1" body
    body=$(printf '{"name":"design-pc","url":"http://%s:%s/","poll_seconds":20}' "$me" "$SHARE_PORT")
    curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        -d "$body" "http://$ENGRAVER_IP/api/v1/sources" >/dev/null
}

check_controller() {
    local tries=0
    until curl -fsS --max-time 5 "http://$ENGRAVER_IP/api/v1/status" >"$STATE_DIR/status.json"; do
        tries=$((tries + 1))
        (( tries >= 5 )) && return 1
        sleep 3
    done
    info "controller: $(jq -r '.model + " fw " + .firmware' "$STATE_DIR/status.json" 2>/dev/null || echo online)"
}

main() {
    check_controller || { warn "engraver at $ENGRAVER_IP not answering"; exit 1; }
    local me
    me="$(lan_address)"
    [[ -n "$me" ]] || { warn "no route to $ENGRAVER_IP"; exit 1; }

    start_share
    firewall_hint
    if register_share "$me"; then
        info "registered http://$me:$SHARE_PORT/ with the controller"
    else
        warn "controller refused registration; add the source by hand on the panel"
    fi
}

main
