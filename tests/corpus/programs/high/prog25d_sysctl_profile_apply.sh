#!/usr/bin/env bash
# Apply a network tuning profile (sysctl fragment) to this host.
# Writes the fragment to /etc/sysctl.d, loads tcp_bbr if needed,
# reloads kernel parameters and sets the qdisc on the uplink.

set -euo pipefail

SCRIPT_NAME=${0##*/}
CONF_DIR=${CONF_DIR:-/etc/sysctl.d}
PROFILE=${PROFILE:-balanced}
IFACE=${IFACE:-eth0}
SETTINGS_FILE=${SETTINGS_FILE:-./tuning.conf}
VERBOSE=0

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$SCRIPT_NAME" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "need root or sudo"
    SUDO="sudo -E"
fi
run_as_root() { vlog "+ $*"; $SUDO "$@"; }

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-p profile] [-i iface] [-v]
  -p  profile: balanced | throughput | latency (default: $PROFILE)
  -i  interface for qdisc (default: $IFACE)
  -v  verbose
EOF
}

while getopts ':p:i:vh' opt; do
    case $opt in
        p) PROFILE=$OPTARG ;;
        i) IFACE=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -r $SETTINGS_FILE ]]; then
    # shellcheck source=/dev/null
    . "$SETTINGS_FILE"
fi

detect_host() {
    local distro="unknown"
    if [[ -r /etc/os-release ]]; then
        distro=$(. /etc/os-release && printf '%s-%s' "${ID:-linux}" "${VERSION_ID:-0}")
    fi
    CPUS=$(grep -c '^processor' /proc/cpuinfo || echo 1)
    MEM_KB=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    DISTRO=$distro
}

declare -A VALUES

build_profile() {
    local backlog=$(( CPUS * 1024 ))
    (( backlog < 4096 )) && backlog=4096

    VALUES[net.core.somaxconn]=${EXTRA_BACKLOG:-$backlog}
    VALUES[net.ipv4.tcp_fin_timeout]=30
    VALUES[net.ipv4.ip_local_port_range]="10240 65000"

    case $PROFILE in
        balanced)
            VALUES[net.core.default_qdisc]=fq_codel ;;
        throughput)
            VALUES[net.core.default_qdisc]=fq
            VALUES[net.ipv4.tcp_congestion_control]=bbr
            VALUES[net.core.rmem_max]=$(( MEM_KB > 8000000 ? 67108864 : 16777216 ))
            VALUES[net.core.wmem_max]=${VALUES[net.core.rmem_max]}
            ;;
        latency)
            VALUES[net.core.default_qdisc]=fq_codel
            VALUES[net.ipv4.tcp_low_latency]=1
            VALUES[net.ipv4.tcp_slow_start_after_idle]=0
            ;;
        *) die "unknown profile: $PROFILE" ;;
    esac
}

render() {
    local key
    printf '# Managed by %s - profile=%s distro=%s\n' "$SCRIPT_NAME" "$PROFILE" "$DISTRO"
    for key in $(printf '%s\n' "${!VALUES[@]}" | sort); do
        printf '%s = %s\n' "$key" "${VALUES[$key]}"
    done
}

apply_profile() {
    local target="$CONF_DIR/99-net-tuning.conf"

    if [[ ${VALUES[net.ipv4.tcp_congestion_control]:-} == bbr ]]; then
        if ! grep -qw bbr /proc/sys/net/ipv4/tcp_available_congestion_control; then
            log "loading tcp_bbr module"
            run_as_root modprobe tcp_bbr
        fi
    fi

    log "installing $target"
    render | run_as_root tee "$target" >/dev/null
    run_as_root chmod 0644 "$target"

    log "reloading kernel parameters"
    run_as_root sysctl --system >/dev/null

    if ip link show "$IFACE" >/dev/null 2>&1; then
        log "setting qdisc ${VALUES[net.core.default_qdisc]} on $IFACE"
        run_as_root tc qdisc replace dev "$IFACE" root "${VALUES[net.core.default_qdisc]}"
    else
        log "interface $IFACE not found; skipping qdisc"
    fi
}

main() {
    detect_host
    build_profile
    apply_profile
    log "profile $PROFILE applied (${#VALUES[@]} keys)"
}

main "$@"
