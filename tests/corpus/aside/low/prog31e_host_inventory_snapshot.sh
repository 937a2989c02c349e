#!/bin/sh
# Produce a small JSON inventory of this host for the asset spreadsheet.
# Reads only world-readable files (/etc/os-release, /proc/*) and writes
# ./inventory/<hostname>.json. A scratch cache in ./.inv-cache is cleaned up.

set -eu

OUT_DIR="${INVENTORY_DIR:-./inventory}"
CACHE_DIR="./.inv-cache"
KEEP_CACHE=0

while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT_DIR="$2"; shift 2 ;;
        --keep-cache) KEEP_CACHE=1; shift ;;
        -h|--help)
            echo "usage: $0 [--out DIR] [--keep-cache]"
            exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

json_escape() {
    printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'
}

os_field() {
    # $1 = key in /etc/os-release
    if [ -r /etc/os-release ]; then
        sed -n "s/^$1=//p" /etc/os-release | tr -d '"' | head -n 1
    fi
}

cpu_model() {
    awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown
}

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 0
}

mem_total_kb() {
    awk '/^MemTotal:/ { print $2 }' /proc/meminfo
}

uptime_seconds() {
    awk '{ printf "%d", $1 }' /proc/uptime
}

mkdir -p "$OUT_DIR" "$CACHE_DIR"

HOST=$(cat /proc/sys/kernel/hostname)
KERNEL=$(cat /proc/sys/kernel/osrelease)
OS_ID=$(os_field ID)
OS_VERSION=$(os_field VERSION_ID)
OS_PRETTY=$(os_field PRETTY_NAME)
MODEL=$(cpu_model)
NCPU=$(cpu_count)
MEM_KB=$(mem_total_kb)
UP=$(uptime_seconds)
COLLECTED=$(date -u +%Y-%m-%dT%H:%M:%SZ)

# Block devices from sysfs (read-only).
DISKS=""
for dev in /sys/block/*; do
    [ -e "$dev/size" ] || continue
    name=$(basename "$dev")
    case "$name" in loop*|ram*) continue ;; esac
    sectors=$(cat "$dev/size")
    gb=$(awk -v s="$sectors" 'BEGIN { printf "%.1f", s * 512 / 1e9 }')
    entry="{\"name\": \"$name\", \"size_gb\": $gb}"
    if [ -z "$DISKS" ]; then DISKS="$entry"; else DISKS="$DISKS, $entry"; fi
done

TMP_JSON="$CACHE_DIR/$HOST.json.partial"
cat > "$TMP_JSON" <<EOF
{
  "hostname": "$(json_escape "$HOST")",
  "collected_at": "$COLLECTED",
  "os": {
    "id": "$(json_escape "$OS_ID")",
    "version": "$(json_escape "$OS_VERSION")",
    "pretty_name": "$(json_escape "$OS_PRETTY")",
    "kernel": "$(json_escape "$KERNEL")"
  },
  "cpu": { "model": "$(json_escape "$MODEL")", "count": $NCPU },
  "memory_kb": $MEM_KB,
  "uptime_seconds": $UP,
  "disks": [ $DISKS ]
}
EOF

mv "$TMP_JSON" "$OUT_DIR/$HOST.json"
echo "inventory written to $OUT_DIR/$HOST.json"

if [ "$KEEP_CACHE" -eq 0 ]; then
    rm -rf "$CACHE_DIR"
fi
