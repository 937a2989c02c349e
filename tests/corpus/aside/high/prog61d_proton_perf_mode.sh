#!/usr/bin/env bash
# Toggle a "game session" performance profile before launching heavy
# Proton titles: raises vm.max_map_count, switches the CPU governor and
# disables split-lock mitigation slowdowns; "off" restores saved values.
set -uo pipefail

STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/perfmode"
SAVED="$STATE_DIR/saved.env"
MAP_COUNT=2147483642

declare -A SYSCTLS=(
    [vm.max_map_count]=$MAP_COUNT
    [kernel.split_lock_mitigate]=0
    [vm.swappiness]=10
)

msg() { printf '\033[1;36m[perfmode]\033[0m %s\n' "$*"; }

governor_files() {
    ls /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor 2>/dev/null
}

save_current() {
    mkdir -p "$STATE_DIR"
    : > "$SAVED"
    for key in "${!SYSCTLS[@]}"; do
        val=$(sysctl -n "$key" 2>/dev/null) || continue
        echo "SYSCTL $key $val" >> "$SAVED"
    done
    first=$(governor_files | head -n1)
    [[ -n "$first" ]] && echo "GOV $(cat "$first")" >> "$SAVED"
    msg "saved current settings to $SAVED"
}

set_governor() {
    local gov="$1"
    for f in $(governor_files); do
        echo "$gov" | sudo tee "$f" >/dev/null
    done
    msg "cpu governor -> $gov"
}

enable() {
    [[ -f "$SAVED" ]] || save_current
    for key in "${!SYSCTLS[@]}"; do
        if sudo sysctl -q -w "$key=${SYSCTLS[$key]}"; then
            msg "$key = ${SYSCTLS[$key]}"
        else
            msg "skipped $key (not supported by this kernel)"
        fi
    done
    set_governor performance
}

disable() {
    if [[ ! -f "$SAVED" ]]; then
        msg "nothing saved; leaving settings alone"
        return
    fi
    while read -r kind a b; do
        case "$kind" in
            SYSCTL) sudo sysctl -q -w "$a=$b" && msg "restored $a = $b" ;;
            GOV) set_governor "$a" ;;
        esac
    done < "$SAVED"
    rm -f "$SAVED"
}

status() {
    for key in "${!SYSCTLS[@]}"; do
        printf '  %-28s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo n/a)"
    done
    printf '  %-28s %s\n' governor "$(cat "$(governor_files | head -n1)" 2>/dev/null || echo n/a)"
}

case "${1:-status}" in
    on) enable ;;
    off) disable ;;
    status) status ;;
    *) echo "usage: $0 on|off|status" >&2; exit 1 ;;
esac
