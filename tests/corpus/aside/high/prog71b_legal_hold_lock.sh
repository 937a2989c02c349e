#!/usr/bin/env bash
# legal_hold_lock.sh - place or release a legal hold on files in the records share
#
#   legal_hold_lock.sh apply   HOLD-ID  paths.txt
#   legal_hold_lock.sh release HOLD-ID
#   legal_hold_lock.sh verify  HOLD-ID
#
# Held files are fingerprinted and marked immutable so neither users nor the
# retention sweep can change or dispose of them until counsel lifts the hold.
# The hold register lives in ./holds/<HOLD-ID>.tsv.

set -euo pipefail

REGISTER_DIR="${REGISTER_DIR:-./holds}"
AS_ROOT="${AS_ROOT:-sudo -n}"
LOG="${REGISTER_DIR}/holds.log"

die() { echo "legal_hold: $*" >&2; exit 1; }
note() { echo "$(date -u +%FT%TZ) $*" | tee -a "$LOG"; }

[[ $# -ge 2 ]] || die "usage: $0 apply|release|verify HOLD-ID [paths.txt]"
ACTION="$1"
HOLD_ID="$2"
[[ "$HOLD_ID" =~ ^HOLD-[0-9]{4}-[0-9]{3,}$ ]] || die "hold id must look like HOLD-2024-017"
REGISTER="${REGISTER_DIR}/${HOLD_ID}.tsv"
mkdir -p "$REGISTER_DIR"

set_flag() {
    # set_flag +i|-i file
    $AS_ROOT chattr "$1" -- "$2"
}

apply_hold() {
    local list="$1" count=0 missing=0
    [[ -f "$list" ]] || die "path list $list not found"
    [[ -f "$REGISTER" ]] && die "$HOLD_ID already registered; release it first"
    printf 'path\tsha256\tsize\tapplied\n' > "$REGISTER"
    while IFS= read -r path; do
        [[ -z "$path" || "$path" == \#* ]] && continue
        if [[ ! -f "$path" ]]; then
            note "$HOLD_ID missing $path"
            missing=$((missing + 1))
            continue
        fi
        local sum size
        sum="$(sha256sum -- "$path" | awk '{print $1}')"
        size="$(stat -c %s -- "$path")"
        set_flag +i "$path"
        printf '%s\t%s\t%s\t%s\n' "$path" "$sum" "$size" "$(date -u +%FT%TZ)" >> "$REGISTER"
        count=$((count + 1))
    done < "$list"
    note "$HOLD_ID applied to $count files ($missing missing)"
}

release_hold() {
    [[ -f "$REGISTER" ]] || die "no register for $HOLD_ID"
    local count=0
    tail -n +2 "$REGISTER" | while IFS=$'\t' read -r path _ _ _; do
        [[ -f "$path" ]] && set_flag -i "$path"
    done
    count=$(($(wc -l < "$REGISTER") - 1))
    mv "$REGISTER" "${REGISTER%.tsv}.released-$(date +%Y%m%d).tsv"
    note "$HOLD_ID released ($count files)"
}

verify_hold() {
    [[ -f "$REGISTER" ]] || die "no register for $HOLD_ID"
    local bad=0
    while IFS=$'\t' read -r path sum _ _; do
        [[ "$path" == path ]] && continue
        if [[ "$(sha256sum -- "$path" 2>/dev/null | awk '{print $1}')" != "$sum" ]]; then
            echo "CHANGED  $path"; bad=$((bad + 1))
        elif ! lsattr -d -- "$path" 2>/dev/null | awk '{print $1}' | grep -q i; then
            echo "UNLOCKED $path"; bad=$((bad + 1))
        fi
    done < "$REGISTER"
    note "$HOLD_ID verify: $bad problems"
    [[ $bad -eq 0 ]]
}

case "$ACTION" in
    apply)   [[ $# -eq 3 ]] || die "apply needs a path list"; apply_hold "$3" ;;
    release) release_hold ;;
    verify)  verify_hold ;;
    *)       die "unknown action $ACTION" ;;
esac
