#!/usr/bin/env bash
# coredump-capture.sh -- configure the host so that crashing services leave
# core files in a predictable place, then gather existing cores for triage.
#
#   coredump-capture.sh enable   [--persist]
#   coredump-capture.sh collect  [--since HOURS]
#   coredump-capture.sh status

set -euo pipefail

CORE_DIR="/var/crash/cores"
PATTERN="${CORE_DIR}/core.%e.%p.%t"
SYSCTL_DROPIN="/etc/sysctl.d/60-crash-capture.conf"
COLLECT_DIR="./collected-cores"
SINCE_HOURS=24
PERSIST=0

msg() { echo "coredump-capture: $*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -- "$@"
    fi
}

status() {
    printf 'core_pattern   : %s\n' "$(cat /proc/sys/kernel/core_pattern)"
    printf 'core_uses_pid  : %s\n' "$(cat /proc/sys/kernel/core_uses_pid)"
    printf 'ulimit -c      : %s\n' "$(ulimit -c)"
    if [ -d "$CORE_DIR" ]; then
        printf 'cores on disk  : %s\n' "$(find "$CORE_DIR" -maxdepth 1 -name 'core.*' | wc -l)"
    else
        printf 'cores on disk  : (no %s)\n' "$CORE_DIR"
    fi
    [ -f "$SYSCTL_DROPIN" ] && printf 'persisted in   : %s\n' "$SYSCTL_DROPIN"
    return 0
}

enable() {
    current=$(cat /proc/sys/kernel/core_pattern)
    case "$current" in
        \|*) msg "note: replacing piped handler '${current}'" ;;
    esac

    as_root install -d -m 0750 -o root -g adm "$CORE_DIR"
    as_root sysctl -w "kernel.core_pattern=${PATTERN}"
    as_root sysctl -w kernel.core_uses_pid=0

    if [ "$PERSIST" -eq 1 ]; then
        msg "writing ${SYSCTL_DROPIN}"
        printf '# managed by coredump-capture.sh\nkernel.core_pattern = %s\nkernel.core_uses_pid = 0\n' \
            "$PATTERN" | as_root tee "$SYSCTL_DROPIN" >/dev/null
        as_root chmod 0644 "$SYSCTL_DROPIN"
    fi
    msg "cores will be written to ${CORE_DIR}"
    msg "remember: services need LimitCORE=infinity / ulimit -c unlimited"
}

collect() {
    [ -d "$CORE_DIR" ] || { msg "no core directory yet"; exit 0; }
    mkdir -p "$COLLECT_DIR"
    local n=0
    while IFS= read -r -d '' core; do
        base=$(basename "$core")
        exe=$(echo "$base" | cut -d. -f2)
        dest="${COLLECT_DIR}/${base}.zst"
        [ -e "$dest" ] && continue
        as_root cat "$core" | zstd -q -T0 -o "$dest"
        {
            echo "file=${base}"
            echo "exe=${exe}"
            echo "size=$(as_root stat -c %s "$core")"
            echo "mtime=$(as_root stat -c %y "$core")"
            echo "host=$(hostname -f 2>/dev/null || hostname)"
            echo "kernel=$(uname -r)"
        } > "${dest%.zst}.meta"
        n=$((n + 1))
    done < <(as_root find "$CORE_DIR" -maxdepth 1 -type f -name 'core.*' \
                 -mmin "-$((SINCE_HOURS * 60))" -print0)
    msg "collected ${n} new core(s) into ${COLLECT_DIR}"
}

cmd="${1:-status}"
shift || true
while [ $# -gt 0 ]; do
    case "$1" in
        --persist) PERSIST=1 ;;
        --since) shift; SINCE_HOURS="$1" ;;
        *) msg "unknown option $1"; exit 64 ;;
    esac
    shift
done

case "$cmd" in
    enable) enable ;;
    collect) collect ;;
    status) status ;;
    *) msg "unknown command ${cmd}"; exit 64 ;;
esac
