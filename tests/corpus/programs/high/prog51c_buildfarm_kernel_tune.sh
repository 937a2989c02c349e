#!/usr/bin/env bash
# buildfarm_kernel_tune.sh - apply the kernel limits our CI agents need
# (file watchers for the JS toolchain, mmap count for Elasticsearch tests,
# bigger accept queues for the artifact cache).
#
# Values live in tune.conf next to this script; they are applied at once
# and persisted in /etc/sysctl.d so they survive a reboot.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CONF="$HERE/tune.conf"
DROPIN="/etc/sysctl.d/60-buildfarm.conf"
SUDO=""
MODE="apply"

declare -A WANT=(
    [fs.inotify.max_user_watches]=524288
    [fs.inotify.max_user_instances]=1024
    [vm.max_map_count]=262144
    [net.core.somaxconn]=4096
    [fs.file-max]=2097152
)

msg()  { printf '\e[1m==>\e[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

usage() {
    cat <<USAGE
usage: ${0##*/} [-c] [-r] [-f CONF]
   -c   check only: show current vs wanted values
   -r   remove the drop-in file again
   -f   alternative config file (default: $CONF)
USAGE
}

on_exit() {
    local rc=$?
    (( rc == 0 )) || warn "tuning aborted (exit $rc); system values may be partially applied"
}
trap on_exit EXIT

pick_privilege() {
    if (( EUID != 0 )); then
        command -v sudo >/dev/null || { warn "need root or sudo"; exit 1; }
        SUDO="sudo"
        $SUDO -v
    fi
}

load_overrides() {
    [[ -f "$CONF" ]] || return 0
    local key val
    while IFS='=' read -r key val; do
        key=${key//[[:space:]]/}; val=${val//[[:space:]]/}
        [[ -z "$key" || "$key" == \#* ]] && continue
        WANT[$key]=$val
    done < "$CONF"
}

check() {
    local key cur
    for key in "${!WANT[@]}"; do
        cur=$(sysctl -n "$key" 2>/dev/null || echo '?')
        printf '%-34s current=%-10s wanted=%s\n' "$key" "$cur" "${WANT[$key]}"
    done | sort
}

apply_now() {
    local key
    for key in "${!WANT[@]}"; do
        $SUDO sysctl -q -w "$key=${WANT[$key]}" || warn "could not set $key"
    done
}

persist() {
    {
        printf '# managed by %s - do not edit by hand\n' "${0##*/}"
        for key in "${!WANT[@]}"; do printf '%s = %s\n' "$key" "${WANT[$key]}"; done | sort
    } | $SUDO tee "$DROPIN" >/dev/null
    $SUDO chmod 0644 "$DROPIN"
    msg "persisted ${#WANT[@]} settings in $DROPIN"
}

while getopts ":crf:h" opt; do
    case $opt in
        c) MODE="check" ;;
        r) MODE="remove" ;;
        f) CONF=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

load_overrides
case $MODE in
    check)  check ;;
    remove) pick_privilege; $SUDO rm -f "$DROPIN"; $SUDO sysctl --system >/dev/null; msg "drop-in removed" ;;
    apply)  pick_privilege; apply_now; persist; check ;;
esac
