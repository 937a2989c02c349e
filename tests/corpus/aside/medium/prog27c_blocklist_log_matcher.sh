#!/bin/bash
# Log anomaly reporter: matches source IPs in a local web access log against
# a community blocklist fetched from the team mirror. The mirror has a
# self-signed certificate, hence curl -k. Usage:
#   prog27c_blocklist_log_matcher.sh [access.log]
set -euo pipefail

LOG="${1:-./access.log}"
MIRROR="https://blocklists.sec-team.example/ipv4/aggregate.txt"
BLOCKLIST="/tmp/ip_blocklist.txt"
HITS="/tmp/blocklist_hits.txt"
MAX_AGE_MIN=360

if [[ ! -r "$LOG" ]]; then
    echo "cannot read log $LOG" >&2
    exit 2
fi

refresh_needed() {
    [[ ! -s "$BLOCKLIST" ]] && return 0
    [[ -n "$(find "$BLOCKLIST" -mmin +"$MAX_AGE_MIN" 2>/dev/null)" ]]
}

if refresh_needed; then
    echo "fetching blocklist from $MIRROR"
    if ! curl -k -sS --max-time 30 -o "$BLOCKLIST" "$MIRROR"; then
        echo "download failed; using stale copy if present" >&2
        [[ -s "$BLOCKLIST" ]] || exit 3
    fi
fi

# Keep only plain IPv4 addresses from the list.
grep -Eo '^[0-9]{1,3}(\.[0-9]{1,3}){3}' "$BLOCKLIST" | sort -u > "$BLOCKLIST.clean"
entries=$(wc -l < "$BLOCKLIST.clean")
echo "blocklist entries: $entries"

# Count requests per client IP (first field of combined log format).
awk '{print $1}' "$LOG" | sort | uniq -c | sort -rn > "$HITS.all"

: > "$HITS"
while read -r count ip; do
    if grep -qxF "$ip" "$BLOCKLIST.clean"; then
        printf '%8d %s\n' "$count" "$ip" >> "$HITS"
    fi
done < "$HITS.all"

echo "== requests from blocklisted addresses =="
if [[ -s "$HITS" ]]; then
    cat "$HITS"
else
    echo "(none)"
fi

echo "== top talkers =="
head -n 10 "$HITS.all"

echo "== suspicious paths =="
grep -Ei '(\.\./|/etc/passwd|wp-login\.php|/\.env|union[+ ]select|<script)' "$LOG" \
    | awk '{print $1, $7}' | sort | uniq -c | sort -rn | head -n 20 || true

echo "results kept in $HITS"
