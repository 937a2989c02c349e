#!/usr/bin/env bash
# Copies the show playlists (SPLs), cue files and macro exports from the
# booth working folder into dated backup folders, with a checksum list, and
# keeps only the most recent backups. The originals are never touched.
set -euo pipefail

SRC_DIR="${PLAYLIST_DIR:-./playlists}"
DEST_ROOT="${BACKUP_DIR:-./backups}"
KEEP="${BACKUP_KEEP:-14}"
PATTERNS=("*.xml" "*.spl" "*.cue" "*.macro.json")

info() { printf '%s backup: %s\n' "$(date '+%F %T')" "$*"; }

stamp() { date '+%Y%m%d-%H%M%S'; }

hash_tool() {
    local t
    for t in sha256sum "shasum -a 256"; do
        if command -v "${t%% *}" >/dev/null 2>&1; then
            printf '%s' "$t"
            return 0
        fi
    done
    return 1
}

collect() {
    local pat
    for pat in "${PATTERNS[@]}"; do
        find "$SRC_DIR" -type f -name "$pat" -print
    done | sort -u
}

copy_set() {
    local dest="$1" n=0 f rel
    while IFS= read -r f; do
        rel="${f#"$SRC_DIR"/}"
        mkdir -p "$dest/$(dirname "$rel")"
        cp -p -- "$f" "$dest/$rel"
        n=$((n + 1))
    done < <(collect)
    printf '%s' "$n"
}

write_manifest() {
    local dest="$1" tool
    tool=$(hash_tool) || { info "no sha256 tool, skipping manifest"; return 0; }
    (
        cd "$dest"
        find . -type f ! -name MANIFEST.sha256 -print0 | sort -z | xargs -0 -r $tool > MANIFEST.sha256
    )
}

verify_copy() {
    local dest="$1" tool
    tool=$(hash_tool) || return 0
    ( cd "$dest" && ${tool} -c --quiet MANIFEST.sha256 )
}

prune_old() {
    local old=()
    mapfile -t old < <(find "$DEST_ROOT" -mindepth 1 -maxdepth 1 -type d -name 'spl-*' | sort -r | tail -n +"$((KEEP + 1))")
    local d
    for d in "${old[@]}"; do
        case "$d" in
            "$DEST_ROOT"/spl-*) rm -rf -- "$d"; info "pruned $(basename "$d")" ;;
        esac
    done
}

main() {
    [ -d "$SRC_DIR" ] || { info "no playlist folder at $SRC_DIR"; exit 1; }
    mkdir -p "$DEST_ROOT"
    local dest count
    dest="$DEST_ROOT/spl-$(stamp)"
    mkdir -p "$dest"
    count=$(copy_set "$dest")
    if [ "$count" -eq 0 ]; then
        rmdir "$dest"
        info "nothing to back up"
        exit 0
    fi
    write_manifest "$dest"
    if verify_copy "$dest"; then
        info "backed up $count file(s) to $dest"
    else
        info "checksum verification failed for $dest"
        exit 1
    fi
    prune_old
}

main "$@"
