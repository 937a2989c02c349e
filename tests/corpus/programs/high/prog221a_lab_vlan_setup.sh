#!/usr/bin/env bash
# lab_vlan_setup.sh - bring up the S1/X2/OAM VLAN sub-interfaces on the
# provisioning lab host so a test eNodeB can be attached.
#
# Usage: lab_vlan_setup.sh -i PARENT_IF -p PLAN.json [-d]   (-d tears down)
set -euo pipefail

PARENT_IF=""
PLAN_FILE=""
TEARDOWN=0
LOG_FILE="./vlan_setup.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 -i PARENT_IF -p PLAN.json [-d]" >&2
    exit 2
}

while getopts ":i:p:d" opt; do
    case "$opt" in
        i) PARENT_IF="$OPTARG" ;;
        p) PLAN_FILE="$OPTARG" ;;
        d) TEARDOWN=1 ;;
        *) usage ;;
    esac
done

[[ -n "$PARENT_IF" && -n "$PLAN_FILE" ]] || usage
[[ -r "$PLAN_FILE" ]] || { log "cannot read $PLAN_FILE"; exit 1; }

if ! ip link show "$PARENT_IF" >/dev/null 2>&1; then
    log "parent interface $PARENT_IF not found"
    exit 1
fi

# plan format: {"vlans": [{"name": "s1", "id": 310, "cidr": "198.51.100.10/26"}, ...]}
read_plan() {
    PLAN_JSON="$(cat "$PLAN_FILE")" PARENT="$PARENT_IF" python3 -c '
import ipaddress, json, os, sys
plan = json.loads(os.environ["PLAN_JSON"])
for v in plan.get("vlans", []):
    vid = int(v["id"])
    if not 2 <= vid <= 4094:
        sys.exit(f"bad vlan id {vid}")
    iface = ipaddress.ip_interface(v["cidr"])
    parent = os.environ["PARENT"]
    label = v.get("name", vid)
    print(f"{parent}.{vid} {vid} {iface.with_prefixlen} {label}")
'
}

bring_up() {
    local ifname="$1" vid="$2" cidr="$3" label="$4"
    if ip link show "$ifname" >/dev/null 2>&1; then
        log "$ifname ($label) already exists, skipping create"
    else
        sudo ip link add link "$PARENT_IF" name "$ifname" type vlan id "$vid"
        log "created $ifname ($label)"
    fi
    sudo ip addr replace "$cidr" dev "$ifname"
    sudo ip link set "$ifname" up
    log "$ifname up with $cidr"
}

tear_down() {
    local ifname="$1" label="$4"
    if ip link show "$ifname" >/dev/null 2>&1; then
        sudo ip link delete "$ifname"
        log "deleted $ifname ($label)"
    fi
}

main() {
    local entries
    if ! entries="$(read_plan)"; then
        log "plan validation failed"
        exit 1
    fi
    sudo -v || { log "sudo credentials required"; exit 1; }

    local ifname vid cidr label
    while read -r ifname vid cidr label; do
        [[ -n "$ifname" ]] || continue
        if (( TEARDOWN )); then
            tear_down "$ifname" "$vid" "$cidr" "$label"
        else
            bring_up "$ifname" "$vid" "$cidr" "$label"
        fi
    done <<< "$entries"

    log "done ($( (( TEARDOWN )) && echo teardown || echo setup ))"
    ip -br addr show | grep "^${PARENT_IF}\." || true
}

main
