#!/usr/bin/env bash
# depot_node_inventory.sh - record what hardware and OS each depot
# dispatch PC is running, for the IT asset sheet. Writes a JSON record in
# the current directory; the asset sheet importer reads these files.
set -euo pipefail

PROG="${0##*/}"
OUT_DIR="${OUT_DIR:-./inventory}"
BOARD_URL="${BOARD_URL:-https://board.cranehire.example.com/health}"
DEPOT="${DEPOT:-unknown}"
CHECK_BOARD=1

log() { echo "[$PROG] $*" >&2; }

os_field() {
    local key="$1"
    [[ -r /etc/os-release ]] || { echo "unknown"; return; }
    sed -n "s/^${key}=\"\\{0,1\\}\\([^\"]*\\)\"\\{0,1\\}$/\\1/p" /etc/os-release | head -n1
}

cpu_model() {
    awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo "unknown"
}

cpu_count() {
    grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 0
}

mem_total_mb() {
    awk '/^MemTotal:/ { printf "%d", $2/1024 }' /proc/meminfo 2>/dev/null || echo 0
}

disk_free_gb() {
    df -Pk . | awk 'NR==2 { printf "%d", $4/1048576 }'
}

board_status() {
    (( CHECK_BOARD )) || { echo "skipped"; return; }
    local code
    code=$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 5 "$BOARD_URL" || echo "000")
    echo "$code"
}

json_escape() {
    local s="$1"
    s="${s//\\/\\\\}"
    s="${s//\"/\\\"}"
    printf '%s' "$s"
}

build_record() {
    local notes_b64
    # free-text notes are stored base64 so the importer does not choke on quotes
    notes_b64=$(printf '%s' "${NOTES:-}" | base64 | tr -d '\n')
    cat <<EOF
{
  "host": "$(json_escape "$(hostname)")",
  "depot": "$(json_escape "$DEPOT")",
  "os": "$(json_escape "$(os_field PRETTY_NAME)")",
  "os_version": "$(json_escape "$(os_field VERSION_ID)")",
  "kernel": "$(json_escape "$(uname -r)")",
  "cpu": "$(json_escape "$(cpu_model)")",
  "cpus": $(cpu_count),
  "mem_mb": $(mem_total_mb),
  "disk_free_gb": $(disk_free_gb),
  "board_http": "$(board_status)",
  "notes_b64": "$notes_b64",
  "taken": "$(date -Is)"
}
EOF
}

usage() {
    echo "Usage: $PROG [-d depot] [-o out-dir] [-N]"
    echo "  -N  do not check the dispatch board"
}

main() {
    while getopts ":d:o:Nh" o; do
        case "$o" in
            d) DEPOT="$OPTARG" ;;
            o) OUT_DIR="$OPTARG" ;;
            N) CHECK_BOARD=0 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/$(hostname)-$(date +%Y%m%d).json"
    build_record > "$out"
    chmod 600 "$out"
    log "wrote $out"
    if [[ "$(board_status)" != "200" && $CHECK_BOARD -eq 1 ]]; then
        log "note: dispatch board health check did not return 200"
    fi
}

main "$@"
