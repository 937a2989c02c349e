#!/usr/bin/env bash
# Emulate mobile network profiles for Playwright performance tests.
# Applies netem delay/loss on the test interface, blocks third-party analytics
# hosts so they do not skew timings, and tunes TCP for the run. Everything is
# reverted on exit.
set -uo pipefail

IFACE="${IFACE:-eth0}"
PROFILE="${1:-3g}"
shift || true
BLOCK_HOSTS=(www.google-analytics.com stats.g.doubleclick.net cdn.segment.com)
CHAIN_COMMENT="e2e-netem"
declare -A DELAY=([3g]=300ms [4g]=90ms [edge]=700ms [lossy]=120ms)
declare -A LOSS=([3g]=0.5% [4g]=0.1% [edge]=2% [lossy]=5%)
declare -A RATE=([3g]=1600kbit [4g]=9mbit [edge]=240kbit [lossy]=4mbit)
ORIG_CC=""

say() { echo "netem: $*" >&2; }

apply_qdisc() {
    say "profile $PROFILE on $IFACE: delay ${DELAY[$PROFILE]} loss ${LOSS[$PROFILE]} rate ${RATE[$PROFILE]}"
    sudo tc qdisc replace dev "$IFACE" root netem \
        delay "${DELAY[$PROFILE]}" 20ms distribution normal \
        loss "${LOSS[$PROFILE]}" rate "${RATE[$PROFILE]}"
}

block_trackers() {
    local host ip
    for host in "${BLOCK_HOSTS[@]}"; do
        for ip in $(getent ahostsv4 "$host" | awk '{print $1}' | sort -u); do
            sudo iptables -A OUTPUT -d "$ip" -m comment --comment "$CHAIN_COMMENT" -j REJECT
        done
    done
}

tune_tcp() {
    ORIG_CC="$(sysctl -n net.ipv4.tcp_congestion_control)"
    sudo sysctl -q -w net.ipv4.tcp_congestion_control=cubic
    sudo sysctl -q -w net.ipv4.tcp_slow_start_after_idle=1
}

revert() {
    say "reverting"
    sudo tc qdisc del dev "$IFACE" root 2>/dev/null || true
    sudo iptables -S OUTPUT | grep -- "--comment $CHAIN_COMMENT" | sed 's/^-A/-D/' \
        | while read -r rule; do
            # shellcheck disable=SC2086
            sudo iptables $rule || true
        done
    [[ -n "$ORIG_CC" ]] && sudo sysctl -q -w net.ipv4.tcp_congestion_control="$ORIG_CC"
}

main() {
    if [[ -z "${DELAY[$PROFILE]:-}" ]]; then
        say "unknown profile '$PROFILE' (choose: ${!DELAY[*]})"
        exit 2
    fi
    trap revert EXIT INT TERM
    apply_qdisc
    block_trackers
    tune_tcp
    if (( $# > 0 )); then
        say "running: $*"
        "$@"
    else
        say "applied; press Ctrl-C to revert"
        sleep infinity
    fi
}

main "$@"
