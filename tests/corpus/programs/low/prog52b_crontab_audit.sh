#!/usr/bin/env bash
# crontab_audit.sh - read the current user's crontab and produce a
# human-readable report of scheduled jobs (read-only; never edits cron).
#
# Usage: crontab_audit.sh [-o REPORT_DIR] [-f CRONTAB_FILE] [-q]
set -euo pipefail

REPORT_DIR="./reports"
SOURCE_FILE=""
QUIET=0
STAMP="$(date +%Y%m%d-%H%M%S)"

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ':o:f:qh' opt; do
    case "$opt" in
        o) REPORT_DIR="$OPTARG" ;;
        f) SOURCE_FILE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage ;;
        *) usage ;;
    esac
done

# Fetch the crontab text, either from a saved file or from `crontab -l`.
read_crontab() {
    if [ -n "$SOURCE_FILE" ]; then
        [ -r "$SOURCE_FILE" ] || die "cannot read $SOURCE_FILE"
        cat -- "$SOURCE_FILE"
    elif command -v crontab >/dev/null 2>&1; then
        crontab -l 2>/dev/null || true
    else
        die "crontab command not available"
    fi
}

# Translate the five schedule fields into a short description.
describe_schedule() {
    awk '
    function field(v, unit) {
        if (v == "*") return "every " unit
        if (v ~ /^\*\/[0-9]+$/) { sub(/^\*\//, "", v); return "every " v " " unit "s" }
        return unit " " v
    }
    {
        if ($1 ~ /^@/) { print $1; next }
        printf "%s, %s, %s, %s, %s\n", field($1,"minute"), field($2,"hour"),
               field($3,"day"), field($4,"month"), field($5,"weekday")
    }'
}

mkdir -p -- "$REPORT_DIR"
report="$REPORT_DIR/crontab-audit-$STAMP.txt"
raw="$(read_crontab)"

if [ -z "$raw" ]; then
    log "no crontab entries found"
    printf 'No crontab for %s\n' "$(id -un)" >"$report"
    exit 0
fi

total=0
env_lines=0
warnings=0
{
    printf 'Crontab audit for %s on %s (%s)\n\n' "$(id -un)" "$(hostname)" "$STAMP"
    while IFS= read -r line; do
        case "$line" in
            ''|'#'*) continue ;;
        esac
        if printf '%s' "$line" | grep -Eq '^[A-Za-z_][A-Za-z0-9_]*='; then
            env_lines=$((env_lines + 1))
            printf 'ENV    %s\n' "${line%%=*}"
            continue
        fi
        total=$((total + 1))
        sched="$(printf '%s\n' "$line" | describe_schedule)"
        cmd="$(printf '%s\n' "$line" | awk '{ if ($1 ~ /^@/) $1=""; else { for (i=1;i<=5;i++) $i="" } sub(/^ +/, ""); print }')"
        printf 'JOB %-3d %s\n        -> %s\n' "$total" "$sched" "$cmd"
        if ! printf '%s' "$cmd" | grep -q '>'; then
            warnings=$((warnings + 1))
            printf '        ! output not redirected; cron will mail it\n'
        fi
    done <<<"$raw"
    printf '\n%d job(s), %d environment line(s), %d warning(s)\n' \
        "$total" "$env_lines" "$warnings"
} >"$report"

chmod 600 -- "$report"
log "report written to $report"
[ "$QUIET" -eq 1 ] || cat -- "$report"
