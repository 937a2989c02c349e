#!/usr/bin/env bash
# Rotate and deduplicate the clip history store kept in the project's
# ./cliphist directory (one entry per file, named <epoch>-<n>.txt).
# Keeps the newest N entries, drops exact duplicates, and rebuilds the
# plain-text menu file the picker reads.
set -euo pipefail

STORE="${CLIPHIST_STORE:-./cliphist}"
KEEP=200
MAX_BYTES=65536
MENU_FILE="menu.txt"
DRY=0

usage() {
    cat <<USAGE
usage: ${0##*/} [-k KEEP] [-m MAX_BYTES] [-n] [-s STORE]
  -k  number of entries to keep (default $KEEP)
  -m  drop entries larger than this many bytes (default $MAX_BYTES)
  -n  dry run, only report
  -s  store directory (default $STORE)
USAGE
}

log() { printf '[rotate] %s\n' "$*" >&2; }

while getopts ':k:m:ns:h' opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        m) MAX_BYTES="$OPTARG" ;;
        n) DRY=1 ;;
        s) STORE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$STORE" ]] || { log "no store at $STORE"; exit 0; }
case "$KEEP" in ''|*[!0-9]*) log "KEEP must be a number"; exit 2 ;; esac

remove() {
    if (( DRY )); then
        log "would remove $1"
    else
        rm -f -- "$1"
    fi
}

# 1. oversize entries
while IFS= read -r -d '' f; do
    remove "$f"
done < <(find "$STORE" -maxdepth 1 -type f -name '*.txt' -size +"${MAX_BYTES}"c -print0)

# 2. duplicates: keep the newest copy of each checksum
declare -A seen=()
dups=0
while read -r sum path; do
    if [[ -n "${seen[$sum]:-}" ]]; then
        remove "$path"; dups=$((dups + 1))
    else
        seen[$sum]=1
    fi
done < <(find "$STORE" -maxdepth 1 -type f -name '*.txt' -printf '%f\n' \
            | sort -t- -k1,1nr \
            | while read -r name; do cksum "$STORE/$name" | awk '{print $1"-"$2, $3}'; done)
log "duplicates: $dups"

# 3. keep newest KEEP
mapfile -t entries < <(find "$STORE" -maxdepth 1 -type f -name '*.txt' -printf '%f\n' | sort -t- -k1,1nr)
if (( ${#entries[@]} > KEEP )); then
    for name in "${entries[@]:KEEP}"; do
        remove "$STORE/$name"
    done
    log "trimmed $(( ${#entries[@]} - KEEP )) old entries"
fi

# 4. rebuild menu (first line of each entry, truncated)
if (( ! DRY )); then
    tmp_menu="$STORE/.${MENU_FILE}.new"
    : > "$tmp_menu"
    find "$STORE" -maxdepth 1 -type f -name '*.txt' -printf '%f\n' | sort -t- -k1,1nr \
        | while read -r name; do
            first=$(head -n1 -- "$STORE/$name" | cut -c1-80)
            printf '%s\t%s\n' "${name%.txt}" "$first" >> "$tmp_menu"
        done
    mv -f -- "$tmp_menu" "$STORE/$MENU_FILE"
    log "menu rebuilt: $(wc -l < "$STORE/$MENU_FILE") entries"
fi
