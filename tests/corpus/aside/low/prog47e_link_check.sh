#!/usr/bin/env bash
# Check every URL listed in a text file with a HEAD request and write a CSV report.
set -euo pipefail

URL_FILE="${1:-urls.txt}"
REPORT="${2:-link_report.csv}"
TIMEOUT="${LINK_TIMEOUT:-8}"

os_name() {
    # Only used for the report header.
    grep -E '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"' || echo unknown
}

check_url() {
    local url="$1" code
    code=$(curl -sS -I -L -o /dev/null --max-time "$TIMEOUT" \
                -w '%{http_code}' "$url" 2>/dev/null) || code="000"
    printf '%s' "$code"
}

if [[ ! -f "$URL_FILE" ]]; then
    echo "usage: $0 [urls.txt] [report.csv]" >&2
    exit 2
fi

echo "# generated on $(os_name) at $(date -u +%FT%TZ)" > "$REPORT"
echo "url,status,verdict" >> "$REPORT"

ok=0; broken=0
while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"
    line="$(echo "$line" | xargs)"
    [[ -z "$line" ]] && continue
    status=$(check_url "$line")
    case "$status" in
        2??|3??) verdict="ok"; ok=$((ok + 1)) ;;
        *)       verdict="broken"; broken=$((broken + 1)) ;;
    esac
    printf '%-6s %s\n' "$status" "$line"
    echo "\"$line\",$status,$verdict" >> "$REPORT"
done < "$URL_FILE"

echo "checked $((ok + broken)) links: $ok ok, $broken broken -> $REPORT"
[[ $broken -eq 0 ]]
