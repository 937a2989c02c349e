#!/usr/bin/env bash
# search_itest_host_prep.sh — prepare a runner host for the OpenSearch /
# Elasticsearch integration test suite: kernel map count, file descriptor
# limits, and a restarted container runtime so the new limits apply.
set -euo pipefail

MIN_MAP_COUNT=262144
MIN_NOFILE=65536
PERSIST=0
CHECK_ONLY=0
RESTART_RUNTIME=1

msg()  { echo "[search-prep] $*"; }
fail() { echo "[search-prep] ERROR: $*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-p] [-c] [-R]
  -p   persist settings across reboots (/etc/sysctl.d, /etc/security/limits.d)
  -c   check only, change nothing
  -R   do not restart the container runtime
EOF
}

while getopts ":pcRh" opt; do
    case "$opt" in
        p) PERSIST=1 ;;
        c) CHECK_ONLY=1 ;;
        R) RESTART_RUNTIME=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ $EUID -eq 0 ]]; then
    SUDO=()
else
    command -v sudo >/dev/null || fail "need root or sudo"
    SUDO=(sudo -n)
fi

as_root() { "${SUDO[@]}" "$@"; }

current_map_count() { cat /proc/sys/vm/max_map_count; }

check() {
    local ok=0 mc nofile
    mc="$(current_map_count)"
    nofile="$(ulimit -n)"
    printf '  %-22s %s (need >= %s)\n' vm.max_map_count "$mc" "$MIN_MAP_COUNT"
    printf '  %-22s %s (need >= %s)\n' "nofile (this shell)" "$nofile" "$MIN_NOFILE"
    (( mc >= MIN_MAP_COUNT )) || ok=1
    return $ok
}

tune_kernel() {
    msg "setting vm.max_map_count=$MIN_MAP_COUNT"
    as_root sysctl -w "vm.max_map_count=${MIN_MAP_COUNT}" >/dev/null
    if [[ $PERSIST -eq 1 ]]; then
        as_root tee /etc/sysctl.d/60-ci-search.conf >/dev/null <<EOF
# managed by search_itest_host_prep.sh
vm.max_map_count = ${MIN_MAP_COUNT}
EOF
        as_root chmod 0644 /etc/sysctl.d/60-ci-search.conf
    fi
}

raise_limits() {
    [[ $PERSIST -eq 1 ]] || return 0
    msg "writing /etc/security/limits.d/60-ci-search.conf"
    as_root tee /etc/security/limits.d/60-ci-search.conf >/dev/null <<EOF
# managed by search_itest_host_prep.sh
*    soft    nofile    ${MIN_NOFILE}
*    hard    nofile    ${MIN_NOFILE}
*    soft    memlock   unlimited
*    hard    memlock   unlimited
EOF
}

restart_runtime() {
    [[ $RESTART_RUNTIME -eq 1 ]] || return 0
    local unit
    for unit in docker containerd; do
        if systemctl list-unit-files "${unit}.service" >/dev/null 2>&1 \
           && systemctl is-active --quiet "$unit"; then
            msg "restarting $unit"
            as_root systemctl restart "$unit"
            break
        fi
    done
}

msg "current settings:"
if check; then
    msg "host already satisfies the requirements"
    [[ $CHECK_ONLY -eq 1 || $PERSIST -eq 0 ]] && exit 0
elif [[ $CHECK_ONLY -eq 1 ]]; then
    fail "host does not meet the requirements"
fi

tune_kernel
raise_limits
restart_runtime

msg "settings after changes:"
check || fail "vm.max_map_count is still too low"
msg "host ready for search integration tests"
