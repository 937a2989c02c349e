#!/usr/bin/env bash
# tvm_fleet_status.sh - quick reachability check of the depot's ticket
# vending machines. Sends a HEAD request to each machine's status page,
# records HTTP code and response time, and prints a summary table.

set -uo pipefail

HOSTS_FILE="${HOSTS_FILE:-./tvm_hosts.txt}"
TIMEOUT="${TIMEOUT:-5}"
SLOW_MS="${SLOW_MS:-1500}"
REPORT="./tvm_status_$(date +%Y%m%d_%H%M).tsv"
HEADERS_FILE="./.tvm_last_headers"

log() { echo "[$(date '+%T')] $*" >&2; }

usage() {
    echo "usage: $0 [-f hosts_file] [-t timeout_s] [-s slow_ms]"
    echo "hosts file: one name per line, e.g. tvm-n01.depot.example.com"
}

while getopts ":f:t:s:h" opt; do
    case "$opt" in
        f) HOSTS_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        s) SLOW_MS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -r "$HOSTS_FILE" ]]; then
    log "no hosts file at $HOSTS_FILE, using the default depot list"
    printf '%s\n' tvm-n01.depot.example.com tvm-n02.depot.example.com \
        tvm-n03.depot.example.com tvm-s01.depot.example.com > "$HOSTS_FILE"
fi

os_name="$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
os_name="${os_name:-unknown}"
log "checking from $(hostname) ($os_name)"

probe() {
    local host="$1" out
    out="$(curl -s -o "$HEADERS_FILE" -I --max-time "$TIMEOUT" \
        -w '%{http_code} %{time_total}' "https://${host}/status")" \
        || out="000 ${TIMEOUT}"
    printf '%s\t%s\n' "$host" "$out"
}

results=""
while IFS= read -r host; do
    host="${host%%#*}"
    host="$(echo "$host" | tr -d '[:space:]')"
    [[ -z "$host" ]] && continue
    results+="$(probe "$host")"$'\n'
done < "$HOSTS_FILE"

printf '%s' "$results" | SLOW_MS="$SLOW_MS" python3 -c '
import os, sys
slow = int(os.environ["SLOW_MS"])
rows, down, slow_n = [], 0, 0
for line in sys.stdin:
    parts = line.split()
    if len(parts) != 3:
        continue
    host, code, secs = parts[0], parts[1], float(parts[2])
    ms = int(secs * 1000)
    if not code.startswith(("2", "3")):
        state = "DOWN"; down += 1
    elif ms > slow:
        state = "SLOW"; slow_n += 1
    else:
        state = "OK"
    rows.append((host, code, ms, state))
print("host\tcode\tms\tstate")
for r in sorted(rows, key=lambda r: (r[3] != "DOWN", r[0])):
    print("%s\t%s\t%d\t%s" % r)
print(f"# {len(rows)} machines, {down} down, {slow_n} slow", file=sys.stderr)
' > "$REPORT"

rm -f "$HEADERS_FILE"
if command -v column >&2; then
    column -t -s $'\t' "$REPORT"
else
    cat "$REPORT"
fi
log "report saved to $REPORT"
