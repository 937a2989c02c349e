#!/usr/bin/env bash
# Prepare a fresh VM to run the Redis + Celery worker tier of the web app.
# Applies the kernel settings Redis warns about at startup and persists them.
set -eu

PROFILE="${PROFILE:-worker}"
SYSCTL_FILE=/etc/sysctl.d/60-webapp-${PROFILE}.conf
THP_CTL=/sys/kernel/mm/transparent_hugepage/enabled
LIMITS_FILE=/etc/security/limits.d/60-celery.conf
CHECK_ONLY=0

[ "${1:-}" = "--check" ] && CHECK_ONLY=1

declare -A WANT=(
    [vm.overcommit_memory]=1
    [net.core.somaxconn]=4096
    [net.ipv4.tcp_max_syn_backlog]=4096
    [fs.file-max]=500000
)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -- "$@"; fi
}

current() { sysctl -n "$1" 2>/dev/null || echo "?"; }

report() {
    local key drift=0
    for key in "${!WANT[@]}"; do
        local have; have=$(current "$key")
        if [ "$have" != "${WANT[$key]}" ]; then
            printf '%-32s have=%-8s want=%s\n' "$key" "$have" "${WANT[$key]}"
            drift=1
        fi
    done
    grep -q '\[never\]' "$THP_CTL" 2>/dev/null || { echo "transparent hugepages not disabled"; drift=1; }
    return $drift
}

if report; then
    echo "kernel already tuned for $PROFILE"
    exit 0
fi
[ "$CHECK_ONLY" -eq 1 ] && exit 1

echo "writing $SYSCTL_FILE"
{
    echo "# managed by worker_kernel_tuning.sh ($PROFILE) - $(date -u +%F)"
    for key in "${!WANT[@]}"; do
        echo "$key = ${WANT[$key]}"
    done
} | as_root tee "$SYSCTL_FILE" >/dev/null

for key in "${!WANT[@]}"; do
    as_root sysctl -q -w "$key=${WANT[$key]}"
done

echo "disabling transparent hugepages"
echo never | as_root tee "$THP_CTL" >/dev/null

echo "raising open file limits for celery"
printf 'celery soft nofile 65535\ncelery hard nofile 65535\n' | as_root tee "$LIMITS_FILE" >/dev/null

if report; then
    echo "done"
else
    echo "some settings did not stick (container or restricted VM?)" >&2
    exit 1
fi
