#!/bin/sh
# agent_port_prepare.sh - prepare a host for the metrics agent:
# open its scrape port to the monitoring subnet only and raise the
# connection-tracking limits it needs. Idempotent; run as root.
set -eu

AGENT_PORT="${AGENT_PORT:-9100}"
SCRAPE_NET="${SCRAPE_NET:-10.20.0.0/16}"
CONNTRACK_MAX="${CONNTRACK_MAX:-262144}"
SYSCTL_FILE="/etc/sysctl.d/60-metrics-agent.conf"
CHAIN="METRICS_AGENT"

info() { echo "[prepare] $*"; }
die() { echo "[prepare] error: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must run as root"
command -v iptables >/dev/null 2>&1 || die "iptables not found"

case "$AGENT_PORT" in
    ''|*[!0-9]*) die "AGENT_PORT must be numeric" ;;
esac

ensure_chain() {
    if ! iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        info "creating chain $CHAIN"
        iptables -N "$CHAIN"
    fi
    if ! iptables -C INPUT -p tcp --dport "$AGENT_PORT" -j "$CHAIN" 2>/dev/null; then
        iptables -I INPUT 1 -p tcp --dport "$AGENT_PORT" -j "$CHAIN"
    fi
}

ensure_rules() {
    if ! iptables -C "$CHAIN" -s "$SCRAPE_NET" -j ACCEPT 2>/dev/null; then
        info "allow $SCRAPE_NET -> :$AGENT_PORT"
        iptables -A "$CHAIN" -s "$SCRAPE_NET" -j ACCEPT
    fi
    if ! iptables -C "$CHAIN" -j DROP 2>/dev/null; then
        iptables -A "$CHAIN" -j DROP
    fi
}

ensure_sysctl() {
    want="net.netfilter.nf_conntrack_max = ${CONNTRACK_MAX}"
    if [ -f "$SYSCTL_FILE" ] && grep -qxF "$want" "$SYSCTL_FILE"; then
        info "sysctl already configured"
    else
        info "writing $SYSCTL_FILE"
        umask 022
        {
            echo "# managed by agent_port_prepare.sh"
            echo "$want"
        } > "$SYSCTL_FILE"
    fi
    sysctl -q -w "net.netfilter.nf_conntrack_max=${CONNTRACK_MAX}" \
        || info "conntrack module not loaded; value applies at next load"
}

show_state() {
    info "current rules:"
    iptables -n -L "$CHAIN" --line-numbers | sed 's/^/    /'
    info "conntrack max: $(sysctl -n net.netfilter.nf_conntrack_max 2>/dev/null || echo n/a)"
}

ensure_chain
ensure_rules
ensure_sysctl
show_state
info "done"
