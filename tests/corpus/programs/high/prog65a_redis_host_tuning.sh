#!/usr/bin/env bash
# redis_host_tuning.sh - apply the kernel settings Redis asks for in its
# startup warnings on the broker host used by Celery/RQ:
#
#   WARNING overcommit_memory is set to 0! Background save may fail...
#   WARNING you have Transparent Huge Pages (THP) support enabled...
#   WARNING: The TCP backlog setting of 511 cannot be enforced...
#
# Applies the values now and writes a sysctl.d drop-in so they survive a
# reboot. Pass --check to only report the current values.

set -euo pipefail

DROPIN=/etc/sysctl.d/60-redis-broker.conf
THP_ENABLED=/sys/kernel/mm/transparent_hugepage/enabled
THP_DEFRAG=/sys/kernel/mm/transparent_hugepage/defrag

declare -A WANT=(
    [vm.overcommit_memory]=1
    [net.core.somaxconn]=1024
    [net.ipv4.tcp_max_syn_backlog]=1024
    [vm.swappiness]=1
)

CHECK_ONLY=0
[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1

current() {
    sysctl -n "$1" 2>/dev/null || echo "?"
}

thp_state() {
    sed -n 's/.*\[\(.*\)\].*/\1/p' "$1" 2>/dev/null || echo "?"
}

report() {
    local key
    for key in "${!WANT[@]}"; do
        printf '  %-32s now=%-6s want=%s\n' "$key" "$(current "$key")" "${WANT[$key]}"
    done
    printf '  %-32s now=%-6s want=never\n' "thp.enabled" "$(thp_state "$THP_ENABLED")"
    printf '  %-32s now=%-6s want=never\n' "thp.defrag" "$(thp_state "$THP_DEFRAG")"
}

echo "redis host tuning on $(hostname)"
report
if (( CHECK_ONLY )); then
    exit 0
fi

if [[ $EUID -ne 0 ]]; then
    echo "re-running with elevated rights..."
    if command -v pkexec >/dev/null 2>&1; then
        exec pkexec --disable-internal-agent "$(readlink -f "$0")" "$@"
    fi
    exec sudo -E "$0" "$@"
fi

apply_sysctl() {
    local key
    for key in "${!WANT[@]}"; do
        if [[ "$(current "$key")" != "${WANT[$key]}" ]]; then
            sysctl -q -w "$key=${WANT[$key]}"
            echo "  set $key=${WANT[$key]}"
        fi
    done
}

write_dropin() {
    local tmp key
    tmp="$(mktemp "${DROPIN}.XXXX")"
    {
        echo "# managed by redis_host_tuning.sh - $(date -u +%F)"
        for key in "${!WANT[@]}"; do
            echo "$key = ${WANT[$key]}"
        done
    } > "$tmp"
    chmod 0644 "$tmp"
    mv -f "$tmp" "$DROPIN"
    echo "  wrote $DROPIN"
}

disable_thp() {
    local f
    for f in "$THP_ENABLED" "$THP_DEFRAG"; do
        [[ -w "$f" ]] || continue
        echo never > "$f"
    done
    echo "  THP set to never"
}

apply_sysctl
write_dropin
disable_thp
sysctl --system > /dev/null
echo "after:"
report
if command -v redis-cli >/dev/null 2>&1; then
    redis-cli ping >/dev/null 2>&1 && echo "redis is answering" || echo "redis not answering"
fi
