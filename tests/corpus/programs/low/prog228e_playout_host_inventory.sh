#!/usr/bin/env bash
# playout_host_inventory.sh - write a small inventory of this playout host
# into ./inventory/<hostname>.json so the tech team can compare the studio
# machines when one of them misbehaves.
#
# Collects: OS release, CPU model and core count, memory, disk free for the
# working directory, sound cards, and the tail of the local playout log
# (base64-encoded so it survives inside the JSON).
#
#   -o DIR   output directory (default ./inventory)
#   -l FILE  playout log to sample (default ./logs/playout.log)
#   -c       also check the status page is reachable

set -euo pipefail

OUT_DIR="${PWD}/inventory"
PLAYOUT_LOG="${PWD}/logs/playout.log"
CHECK_STATUS=0
STATUS_URL="http://stream.example.org:8000/status-json.xsl"

say() { echo "[inventory] $*" >&2; }

while getopts ":o:l:ch" o; do
    case "$o" in
        o) OUT_DIR="$OPTARG" ;;
        l) PLAYOUT_LOG="$OPTARG" ;;
        c) CHECK_STATUS=1 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) say "bad option"; exit 2 ;;
    esac
done

json_escape() {
    local s="$1"
    s="${s//\\/\\\\}"
    s="${s//\"/\\\"}"
    printf '%s' "$s"
}

os_field() {
    local key="$1" line
    [[ -r /etc/os-release ]] || { echo unknown; return; }
    line="$(grep -E "^${key}=" /etc/os-release | head -n1 || true)"
    line="${line#*=}"
    echo "${line//\"/}"
}

cpu_model() {
    grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' \
        || echo unknown
}

cpu_cores() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 0
}

mem_total_mb() {
    awk '/^MemTotal:/ {printf "%d", $2/1024}' /proc/meminfo 2>/dev/null || echo 0
}

disk_free() {
    df -Pm . | awk 'NR==2 {print $4}'
}

sound_cards() {
    if [[ -r /proc/asound/cards ]]; then
        awk -F'[][]' '/\[/ {gsub(/ +$/, "", $2); printf "%s,", $2}' /proc/asound/cards \
            | sed 's/,$//'
    fi
}

log_sample() {
    if [[ -r "$PLAYOUT_LOG" ]]; then
        tail -n 40 "$PLAYOUT_LOG" | base64 -w0
    fi
}

status_reachable() {
    (( CHECK_STATUS )) || { echo null; return; }
    if curl -fsS -I --max-time 5 "$STATUS_URL" >/dev/null 2>&1; then
        echo true
    else
        echo false
    fi
}

main() {
    mkdir -p "$OUT_DIR"
    local host out
    host="$(hostname -s)"
    out="$OUT_DIR/$host.json"
    cat > "$out" <<EOF
{
  "host": "$(json_escape "$host")",
  "collected": "$(date -u +%FT%TZ)",
  "os": "$(json_escape "$(os_field PRETTY_NAME)")",
  "cpu_model": "$(json_escape "$(cpu_model)")",
  "cpu_cores": $(cpu_cores),
  "mem_mb": $(mem_total_mb),
  "disk_free_mb": $(disk_free),
  "sound_cards": "$(json_escape "$(sound_cards)")",
  "status_page_ok": $(status_reachable),
  "playout_log_b64": "$(log_sample)"
}
EOF
    chmod 0600 "$out"
    say "wrote $out"
}

main
