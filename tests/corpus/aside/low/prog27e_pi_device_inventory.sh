#!/usr/bin/env bash
# Build a small inventory of this Raspberry Pi and the smart devices it polls.
# Reads /etc/os-release and /proc/cpuinfo, queries each device's read-only
# status URL, and writes ./inventory.txt in the working directory.
set -u

DEVICES_FILE="${1:-devices.txt}"
OUT="inventory.txt"

os_name="unknown"
if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    os_name="${PRETTY_NAME:-unknown}"
fi

model="unknown"
if [ -r /proc/cpuinfo ]; then
    model=$(grep -m1 '^Model' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
    [ -z "$model" ] && model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
fi

cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?")

{
    echo "# Inventory generated $(date '+%Y-%m-%d %H:%M')"
    echo "host:  $(hostname)"
    echo "os:    $os_name"
    echo "model: $model"
    echo "cores: $cores"
    echo
    echo "# Devices"
} > "$OUT"

if [ ! -f "$DEVICES_FILE" ]; then
    echo "no $DEVICES_FILE found; expected lines of: name url" >&2
    echo "(no devices listed)" >> "$OUT"
    exit 0
fi

ok=0
bad=0
while read -r name url; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    if body=$(curl -fsS --max-time 5 "$url"); then
        fw=$(printf '%s' "$body" | grep -o '"fw":"[^"]*"' | head -n1 | cut -d'"' -f4)
        printf '%-20s up    fw=%s\n' "$name" "${fw:-?}" >> "$OUT"
        ok=$((ok + 1))
    else
        printf '%-20s DOWN  %s\n' "$name" "$url" >> "$OUT"
        bad=$((bad + 1))
    fi
done < "$DEVICES_FILE"

echo >> "$OUT"
echo "summary: $ok up, $bad down" >> "$OUT"
echo "wrote $OUT ($ok up, $bad down)"
