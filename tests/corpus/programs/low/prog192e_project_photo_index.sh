#!/usr/bin/env bash
# Build an index of project photos (before / during / after) with sizes and
# SHA-256 checksums, so the website gallery and the insurance inventory can
# both be generated from one file. Works inside the current directory only.
set -euo pipefail

ROOT="${1:-projects}"
INDEX="photo-index.tsv"
WORK=".photo-index-cache"
exts=(jpg jpeg png heic)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

find_expr() {
    local e first=1
    for e in "${exts[@]}"; do
        (( first )) || printf -- '-o\n'
        printf -- '-iname\n*.%s\n' "$e"
        first=0
    done
}

stage_of() {
    case "${1,,}" in
        *before*) echo before ;;
        *during*|*wip*) echo during ;;
        *after*|*final*) echo after ;;
        *) echo other ;;
    esac
}

hash_all() {
    local -a expr
    mapfile -t expr < <(find_expr)
    find "$ROOT" -type f \( "${expr[@]}" \) -print0 |
        while IFS= read -r -d '' f; do
            local sum size project
            sum="$(sha256sum "$f" | cut -d' ' -f1)"
            size="$(stat -c %s "$f")"
            project="$(cut -d/ -f2 <<<"$f")"
            printf '%s\t%s\t%s\t%s\t%s\n' "$project" "$(stage_of "$f")" "$size" "$sum" "$f"
        done
}

main() {
    [[ -d "$ROOT" ]] || { log "no $ROOT directory here"; exit 1; }
    mkdir -p "$WORK"
    local part="$WORK/index.part"
    printf 'project\tstage\tbytes\tsha256\tpath\n' >"$part"
    hash_all | sort -t$'\t' -k1,1 -k2,2 >>"$part"
    mv "$part" "$INDEX"
    local n dupes
    n=$(( $(wc -l <"$INDEX") - 1 ))
    dupes=$(tail -n +2 "$INDEX" | cut -f4 | sort | uniq -d | wc -l)
    log "indexed $n photos ($dupes duplicate checksums) into $INDEX"
    rm -rf -- "$WORK"
}

main "$@"
