#!/usr/bin/env bash
# Collect a hardware/OS inventory snapshot of this Raspberry Pi into
# ./inventory/<hostname>.json and check that the local dashboard answers.
# Read-only: only reads /etc/os-release, /proc and writes into the working dir.
set -euo pipefail

OUT_DIR="${OUT_DIR:-./inventory}"
DASHBOARD_URL="${DASHBOARD_URL:-http://homepage.lan:3000/api/healthcheck}"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-o DIR] [-u URL] [-v] [--clean]
  -o DIR    output directory (default: $OUT_DIR)
  -u URL    dashboard health URL to probe (default: $DASHBOARD_URL)
  -v        verbose
  --clean   remove previous snapshots in the output directory first
EOF
}

log() { [[ $VERBOSE -eq 1 ]] && printf '[inv] %s\n' "$*" >&2 || true; }

json_escape() {
    local s=${1//\\/\\\\}
    s=${s//\"/\\\"}
    printf '%s' "$s"
}

os_field() {
    # read a key out of /etc/os-release without sourcing it
    local key=$1
    awk -F= -v k="$key" '$1==k { gsub(/"/, "", $2); print $2 }' /etc/os-release
}

cpu_model() {
    local model
    model=$(awk -F': ' '/^Model/ {print $2; exit}' /proc/cpuinfo)
    if [[ -z $model ]]; then
        model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
    fi
    printf '%s' "${model:-unknown}"
}

cpu_count() { grep -c '^processor' /proc/cpuinfo; }

mem_total_mb() { awk '/^MemTotal/ {printf "%d", $2/1024}' /proc/meminfo; }

uptime_hours() { awk '{printf "%.1f", $1/3600}' /proc/uptime; }

root_usage() { df -P / | awk 'NR==2 {gsub(/%/, "", $5); print $5}'; }

dashboard_status() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$DASHBOARD_URL" || true)
    printf '%s' "${code:-000}"
}

CLEAN=0
while [[ $# -gt 0 ]]; do
    case $1 in
        -o) OUT_DIR=$2; shift 2 ;;
        -u) DASHBOARD_URL=$2; shift 2 ;;
        -v) VERBOSE=1; shift ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage; exit 64 ;;
    esac
done

mkdir -p "$OUT_DIR"
if [[ $CLEAN -eq 1 ]]; then
    log "removing old snapshots in $OUT_DIR"
    find "$OUT_DIR" -maxdepth 1 -name '*.json' -type f -delete
fi

host=$(hostname -s)
log "collecting for $host"
out_file="$OUT_DIR/$host.json"

cat > "$out_file" <<EOF
{
  "host": "$(json_escape "$host")",
  "collected": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "os": "$(json_escape "$(os_field PRETTY_NAME)")",
  "os_version": "$(json_escape "$(os_field VERSION_ID)")",
  "kernel": "$(uname -r)",
  "arch": "$(uname -m)",
  "cpu_model": "$(json_escape "$(cpu_model)")",
  "cpu_count": $(cpu_count),
  "mem_total_mb": $(mem_total_mb),
  "uptime_hours": $(uptime_hours),
  "root_used_pct": $(root_usage),
  "dashboard_http": "$(dashboard_status)"
}
EOF

log "wrote $out_file"
printf '%s: %s, %s CPUs, %s MB RAM\n' "$host" "$(os_field PRETTY_NAME)" "$(cpu_count)" "$(mem_total_mb)"
