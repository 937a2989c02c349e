#!/usr/bin/env bash
# Summarise SSH authentication activity from auth logs for an incident ticket.
# Read-only: nothing under the log directory is modified. Results land in ./triage_out.
set -euo pipefail

LOG_DIR="/var/log"
OUT_DIR="./triage_out"
THRESHOLD=20
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $0 [-d log_dir] [-o out_dir] [-t threshold] [-v]
  -d  directory holding auth.log / secure (default: $LOG_DIR)
  -o  where to write the summary (default: $OUT_DIR)
  -t  failed-attempt count that marks a source as brute forcing (default: $THRESHOLD)
USAGE
}

log() { [ "$VERBOSE" -eq 1 ] && printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2 || true; }

while getopts "d:o:t:vh" opt; do
    case "$opt" in
        d) LOG_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Stream every rotation of the auth log, compressed or not, oldest first.
stream_logs() {
    local f
    for f in $(ls -1tr "$LOG_DIR"/auth.log* "$LOG_DIR"/secure* 2>/dev/null); do
        log "reading $f"
        case "$f" in
            *.gz) zcat -- "$f" ;;
            *)    cat -- "$f" ;;
        esac
    done
}

mkdir -p "$OUT_DIR"
umask 077
combined="$OUT_DIR/auth_combined.txt"
stream_logs > "$combined"

if [ ! -s "$combined" ]; then
    echo "no auth logs found under $LOG_DIR" >&2
    exit 1
fi

# Failed password attempts per source address.
grep -E 'Failed password|Invalid user' "$combined" \
    | grep -oE 'from ([0-9]{1,3}\.){3}[0-9]{1,3}' \
    | awk '{print $2}' | sort | uniq -c | sort -rn \
    | awk -v t="$THRESHOLD" 'BEGIN{print "count,source,flag"} {printf "%d,%s,%s\n", $1, $2, ($1>=t?"bruteforce":"")}' \
    > "$OUT_DIR/failed_by_source.csv"

# Successful logins: user, method, source.
grep -E 'Accepted (password|publickey|keyboard-interactive)' "$combined" \
    | awk '{for(i=1;i<=NF;i++){if($i=="Accepted"){m=$(i+1)} if($i=="for"){u=$(i+1)} if($i=="from"){s=$(i+1)}} print $1" "$2" "$3","u","m","s}' \
    > "$OUT_DIR/accepted_logins.csv"

# Sources that failed many times and then succeeded are the interesting ones.
awk -F, 'NR>1 && $3=="bruteforce"{print $2}' "$OUT_DIR/failed_by_source.csv" > "$OUT_DIR/.bf_sources"
: > "$OUT_DIR/bruteforce_then_success.csv"
while read -r src; do
    grep -F ",$src" "$OUT_DIR/accepted_logins.csv" >> "$OUT_DIR/bruteforce_then_success.csv" || true
done < "$OUT_DIR/.bf_sources"
rm -f "$OUT_DIR/.bf_sources"

# Privilege use and account changes recorded in the same logs.
grep -E 'sudo: .*COMMAND=' "$combined" > "$OUT_DIR/sudo_commands.txt" || true
grep -E 'useradd|usermod|groupadd|passwd\[' "$combined" > "$OUT_DIR/account_changes.txt" || true

{
    echo "host: $(hostname)"
    echo "generated: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "log lines: $(wc -l < "$combined")"
    echo "sources over threshold: $(awk -F, 'NR>1 && $3=="bruteforce"' "$OUT_DIR/failed_by_source.csv" | wc -l)"
    echo "accepted logins: $(wc -l < "$OUT_DIR/accepted_logins.csv")"
    echo "brute force followed by success: $(wc -l < "$OUT_DIR/bruteforce_then_success.csv")"
} > "$OUT_DIR/SUMMARY.txt"

cat "$OUT_DIR/SUMMARY.txt"
