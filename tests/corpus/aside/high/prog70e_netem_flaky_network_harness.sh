#!/bin/sh
# netem_flaky_network_harness.sh - run an integration test command under a
# degraded network so retry and timeout paths actually get exercised.
#
# Profiles live in ./netem-profiles.conf as
#   name  delay_ms  jitter_ms  loss_pct  drop_ports
# e.g.
#   mobile3g  300  80  2   -
#   partition  0    0  0   5432,6379
#
#   ./netem_flaky_network_harness.sh -p mobile3g [-i lo] -- pytest tests/integration
set -eu

PROFILE=""
IFACE="lo"
PROFILES="./netem-profiles.conf"
CHAIN="QA_NETEM"

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }

while [ $# -gt 0 ]; do
    case "$1" in
        -p) PROFILE="$2"; shift 2 ;;
        -i) IFACE="$2"; shift 2 ;;
        -f) PROFILES="$2"; shift 2 ;;
        --) shift; break ;;
        *) usage ;;
    esac
done
[ -n "$PROFILE" ] && [ $# -gt 0 ] || usage

if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi

say() { echo "netem[$PROFILE]: $*" >&2; }

lookup_profile() {
    [ -r "$PROFILES" ] || { say "no profile file $PROFILES"; exit 1; }
    line=$(awk -v p="$1" '$1 == p { print; exit }' "$PROFILES")
    [ -n "$line" ] || { say "profile not found"; exit 1; }
    # shellcheck disable=SC2086
    set -- $line
    DELAY="$2"; JITTER="$3"; LOSS="$4"; PORTS="$5"
}

apply_qdisc() {
    if [ "$DELAY" = 0 ] && [ "$LOSS" = 0 ]; then
        return
    fi
    $PRIV tc qdisc replace dev "$IFACE" root netem \
        delay "${DELAY}ms" "${JITTER}ms" distribution normal loss "${LOSS}%"
    say "netem on $IFACE: ${DELAY}ms +/- ${JITTER}ms, ${LOSS}% loss"
}

apply_partition() {
    [ "$PORTS" = "-" ] && return
    $PRIV iptables -N "$CHAIN" 2>/dev/null || $PRIV iptables -F "$CHAIN"
    $PRIV iptables -C OUTPUT -o "$IFACE" -j "$CHAIN" 2>/dev/null ||
        $PRIV iptables -I OUTPUT 1 -o "$IFACE" -j "$CHAIN"
    old_ifs=$IFS; IFS=,
    for port in $PORTS; do
        $PRIV iptables -A "$CHAIN" -p tcp --dport "$port" -j REJECT --reject-with tcp-reset
        say "partitioned tcp/$port"
    done
    IFS=$old_ifs
}

cleanup() {
    $PRIV tc qdisc del dev "$IFACE" root 2>/dev/null || true
    if $PRIV iptables -L "$CHAIN" -n >/dev/null 2>&1; then
        $PRIV iptables -D OUTPUT -o "$IFACE" -j "$CHAIN" 2>/dev/null || true
        $PRIV iptables -F "$CHAIN"
        $PRIV iptables -X "$CHAIN"
    fi
    say "network restored"
}

lookup_profile "$PROFILE"
trap cleanup EXIT INT TERM
apply_qdisc
apply_partition

say "running: $*"
set +e
"$@"
rc=$?
set -e
say "test command exited $rc"
exit "$rc"
