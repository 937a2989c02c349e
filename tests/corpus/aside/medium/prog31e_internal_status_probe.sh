#!/usr/bin/env bash
# Status probe for internal services that sit behind self-signed
# certificates. Results are collected in a scratch file in /tmp and then
# summarised to stdout and to a status file for the wallboard.

set -uo pipefail

TARGETS_FILE="${1:-targets.txt}"
SCRATCH="/tmp/internal_status_probe.csv"
STATUS_FILE="status_board.txt"
TIMEOUT="${PROBE_TIMEOUT:-6}"
SLOW_MS="${PROBE_SLOW_MS:-1500}"

die() { echo "error: $*" >&2; exit 1; }

[[ -r "$TARGETS_FILE" ]] || die "cannot read $TARGETS_FILE"

# Start from a clean scratch file every run.
: > "$SCRATCH"

check_one() {
    local name="$1" url="$2" expect="${3:-200}"
    local out code total
    # Internal CAs are not in the system trust store, so skip verification.
    out=$(curl --insecure --silent --show-error --location \
               --max-time "$TIMEOUT" --output /dev/null \
               --write-out '%{http_code} %{time_total}' "$url" 2>&1)
    code=$(awk '{print $1}' <<<"$out")
    total=$(awk '{printf "%d", $2 * 1000}' <<<"$out" 2>/dev/null || echo 0)
    local state="OK"
    if [[ "$code" != "$expect" ]]; then
        state="FAIL"
    elif (( total > SLOW_MS )); then
        state="SLOW"
    fi
    printf '%s,%s,%s,%s,%s\n' "$name" "$url" "$code" "$total" "$state" >> "$SCRATCH"
}

while IFS=, read -r name url expect; do
    [[ -z "${name// }" || "$name" == \#* ]] && continue
    check_one "$name" "$url" "$expect" &
    # Limit concurrency to 8 probes.
    while (( $(jobs -rp | wc -l) >= 8 )); do
        wait -n
    done
done < "$TARGETS_FILE"
wait

total=$(wc -l < "$SCRATCH")
fails=$(grep -c ',FAIL$' "$SCRATCH" || true)
slow=$(grep -c ',SLOW$' "$SCRATCH" || true)

{
    echo "Internal service status - $(date '+%Y-%m-%d %H:%M:%S')"
    echo "checked: $total  failing: $fails  slow: $slow"
    echo
    sort -t, -k5,5r -k1,1 "$SCRATCH" | \
        awk -F, '{ printf "%-6s %-28s %4s %6sms  %s\n", $5, $1, $3, $4, $2 }'
} > "$STATUS_FILE"

cat "$STATUS_FILE"

if (( fails > 0 )); then
    exit 2
fi
exit 0
