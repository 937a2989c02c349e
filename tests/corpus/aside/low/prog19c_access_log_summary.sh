#!/bin/bash
# Summarise nginx access logs (combined format) into a markdown report.
#   ./access_log_summary.sh [logfile...]
# Defaults to ./logs/access.log* ; rotated .gz files are read with zcat.
set -euo pipefail

TOP_N="${TOP_N:-10}"
REPORT_DIR="./reports"
REPORT="$REPORT_DIR/access-summary-$(date +%F).md"

shopt -s nullglob
FILES=("$@")
if (( ${#FILES[@]} == 0 )); then
    FILES=(./logs/access.log*)
fi
if (( ${#FILES[@]} == 0 )); then
    echo "no log files given and none found under ./logs" >&2
    exit 1
fi

# Stream every file, decompressing rotated ones.
read_logs() {
    local f
    for f in "${FILES[@]}"; do
        case "$f" in
            *.gz) zcat -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done
}

top_ips() {
    read_logs | awk '{print $1}' | sort | uniq -c | sort -rn | head -n "$TOP_N"
}

status_codes() {
    read_logs | awk '{print $9}' | grep -E '^[0-9]{3}$' | sort | uniq -c | sort -rn
}

top_paths() {
    # strip query strings so /search?q=a and /search?q=b collapse
    read_logs | awk '{split($7, p, "?"); print p[1]}' | sort | uniq -c | sort -rn | head -n "$TOP_N"
}

error_rate() {
    read_logs | awk '
        { total++ }
        $9 ~ /^5/ { err++ }
        END { if (total) printf "%.2f%% (%d of %d)\n", 100*err/total, err, total; else print "n/a" }'
}

as_table() {
    echo "| count | value |"
    echo "|------:|-------|"
    while read -r count value; do
        echo "| $count | \`$value\` |"
    done
}

mkdir -p "$REPORT_DIR"
cat > "$REPORT" <<EOF
# Access log summary - $(date '+%F %H:%M')

Files: ${FILES[*]}

5xx error rate: $(error_rate)

## Top $TOP_N client IPs
$(top_ips | as_table)

## Status codes
$(status_codes | as_table)

## Top $TOP_N paths
$(top_paths | as_table)
EOF

echo "wrote $REPORT ($(wc -l < "$REPORT") lines)"
