#!/usr/bin/env bash
# netperf_profile.sh -- apply a named kernel network tuning profile.
# Profiles are compact "key:value" tables; dots in sysctl keys are written as
# slashes in the table so they can double as /proc/sys paths.
set -euo pipefail
shopt -s nullglob

CONF_DIR=/etc/sysctl.d
CONF_FILE=$CONF_DIR/90-netperf-profile.conf
declare -A PROFILES=(
  [throughput]="net/core/rmem_max:134217728 net/core/wmem_max:134217728 net/ipv4/tcp_rmem:4096~87380~134217728 net/ipv4/tcp_wmem:4096~65536~134217728 net/core/netdev_max_backlog:250000 net/ipv4/tcp_congestion_control:bbr"
  [latency]="net/ipv4/tcp_low_latency:1 net/core/busy_poll:50 net/core/busy_read:50 net/ipv4/tcp_fastopen:3"
  [conservative]="net/core/somaxconn:4096 net/ipv4/tcp_max_syn_backlog:8192 net/ipv4/tcp_slow_start_after_idle:0"
)

usage() {
    echo "usage: ${0##*/} {${!PROFILES[*]}} [--dry-run] | --show | --remove" | tr ' ' '|' | sed 's/|\[/ [/g'
    exit 2
}

as_root() { if (( EUID == 0 )); then "$@"; else sudo -- "$@"; fi; }

render() {
    local entry key val
    printf '# netperf profile "%s" -- generated %s\n' "$1" "$(date -u +%F)"
    for entry in ${PROFILES[$1]}; do
        key=${entry%%:*}; val=${entry#*:}
        printf '%s = %s\n' "${key//\//.}" "${val//\~/ }"
    done
}

check_keys() {
    local entry key missing=0
    for entry in ${PROFILES[$1]}; do
        key=${entry%%:*}
        if [[ ! -e /proc/sys/$key ]]; then
            echo "warning: kernel has no ${key//\//.}, it will be ignored" >&2
            missing=$((missing + 1))
        fi
    done
    return 0
}

[[ $# -ge 1 ]] || usage
case $1 in
    --show)
        [[ -f $CONF_FILE ]] && cat "$CONF_FILE" || echo "no profile installed"
        exit 0 ;;
    --remove)
        as_root rm -f -- "$CONF_FILE"
        as_root sysctl --system >/dev/null
        echo "profile removed; defaults restored on next boot"
        exit 0 ;;
    [a-z]*)
        [[ -n ${PROFILES[$1]+set} ]] || usage ;;
    *) usage ;;
esac

profile=$1
dry_run=0
[[ ${2:-} == --dry-run ]] && dry_run=1

check_keys "$profile"
if (( dry_run )); then
    render "$profile"
    exit 0
fi

render "$profile" | as_root tee "$CONF_FILE" >/dev/null
as_root chmod 0644 "$CONF_FILE"
echo "wrote $CONF_FILE"
as_root sysctl -p "$CONF_FILE"
echo "profile '$profile' active"
