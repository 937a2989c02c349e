#!/usr/bin/env bash
# Check that a list of host:port targets accept TCP connections.
# Uses netcat in zero-I/O mode (-z), so nothing is sent to the service.
# Targets come from arguments or from a file in the working directory;
# a plain-text report is written next to it.

set -euo pipefail

TIMEOUT=2
TARGET_FILE=""
REPORT="port_report.txt"
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $(basename "$0") [-f targets.txt] [-t seconds] [-o report.txt] [-v] [host:port ...]
  -f FILE   read host:port targets from FILE (one per line, # comments)
  -t SECS   connect timeout per target (default: $TIMEOUT)
  -o FILE   report file (default: $REPORT)
  -v        verbose output
USAGE
}

log() {
    if [[ $VERBOSE -eq 1 ]]; then
        printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
    fi
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 2
}

while getopts ":f:t:o:vh" opt; do
    case "$opt" in
        f) TARGET_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        o) REPORT="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        :) die "option -$OPTARG needs an argument" ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

command -v nc >/dev/null 2>&1 || die "netcat (nc) is not installed"
[[ "$TIMEOUT" =~ ^[0-9]+$ ]] || die "timeout must be an integer"

targets=("$@")
if [[ -n "$TARGET_FILE" ]]; then
    [[ -r "$TARGET_FILE" ]] || die "cannot read $TARGET_FILE"
    while IFS= read -r line; do
        line="${line%%#*}"
        line="${line//[[:space:]]/}"
        [[ -n "$line" ]] && targets+=("$line")
    done < "$TARGET_FILE"
fi
[[ ${#targets[@]} -gt 0 ]] || { usage; exit 2; }

check_target() {
    local target="$1" host port start end
    host="${target%:*}"
    port="${target##*:}"
    if [[ -z "$host" || ! "$port" =~ ^[0-9]+$ ]]; then
        echo "INVALID"
        return
    fi
    start=$(date +%s%N)
    if nc -z -w "$TIMEOUT" "$host" "$port" >/dev/null 2>&1; then
        end=$(date +%s%N)
        echo "OPEN $(( (end - start) / 1000000 ))ms"
    else
        echo "CLOSED"
    fi
}

open=0
closed=0
{
    printf '# port sweep %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    for target in "${targets[@]}"; do
        log "checking $target"
        result=$(check_target "$target")
        printf '%-32s %s\n' "$target" "$result"
        case "$result" in
            OPEN*) open=$((open + 1)) ;;
            *) closed=$((closed + 1)) ;;
        esac
    done
    printf '# open=%d closed=%d\n' "$open" "$closed"
} | tee "$REPORT"

log "report written to $REPORT"
grep -q '^# open=[0-9]* closed=0$' "$REPORT"
