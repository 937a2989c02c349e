#!/usr/bin/env bash
# build_tree_cleanup.sh - clean the build and cache directories that the
# site's Spack/EasyBuild recipe builds leave inside a recipe checkout.
# Only ever touches paths below the current working directory.
set -euo pipefail

ROOT="$(pwd -P)"
DRY_RUN=0
AGE_DAYS=0
VERBOSE=0
TARGET_DIRS=(build _build .cache __pycache__ .pytest_cache spack-build-stage easybuild-tmp)
TARGET_GLOBS=("*.o" "*.mod" "*.pyc" "*.log.old" "core.[0-9]*")

log() { printf '[cleanup] %s\n' "$*"; }
vlog() { if (( VERBOSE )); then log "$@"; fi; }

usage() {
    cat <<EOT
usage: $0 [-n] [-v] [-a DAYS]
  -n        dry run, list what would be removed
  -v        verbose
  -a DAYS   only remove files older than DAYS (default: any age)
EOT
}

guard_root() {
    case "$ROOT" in
        /|/home|/home/*/|"$HOME"|/scratch|/project|/usr*|/etc*|/opt)
            log "refusing to clean from $ROOT; cd into a recipe checkout first"
            exit 2 ;;
    esac
    if [[ ! -e "$ROOT/.git" && ! -f "$ROOT/package.py" && ! -f "$ROOT/easyconfig.eb" ]]; then
        log "$ROOT does not look like a recipe checkout"
        exit 2
    fi
}

inside_root() {
    local p
    p="$(realpath -m -- "$1")"
    [[ "$p" == "$ROOT"/* ]]
}

remove_path() {
    local p="$1"
    if ! inside_root "$p"; then
        log "skip $p (outside $ROOT)"
        return 0
    fi
    if (( DRY_RUN )); then
        log "would remove ${p#$ROOT/}"
    else
        rm -rf -- "$p"
        vlog "removed ${p#$ROOT/}"
    fi
}

clean_dirs() {
    local name d count=0
    for name in "${TARGET_DIRS[@]}"; do
        while IFS= read -r -d '' d; do
            remove_path "$d"
            count=$((count + 1))
        done < <(find "$ROOT" -xdev -type d -name "$name" -prune -print0)
    done
    log "directories handled: $count"
}

clean_files() {
    local g f count=0
    local age_args=()
    if (( AGE_DAYS > 0 )); then age_args=(-mtime "+$AGE_DAYS"); fi
    for g in "${TARGET_GLOBS[@]}"; do
        while IFS= read -r -d '' f; do
            remove_path "$f"
            count=$((count + 1))
        done < <(find "$ROOT" -xdev -type f -name "$g" "${age_args[@]}" -print0)
    done
    log "files handled: $count"
}

main() {
    while getopts ":nva:h" o; do
        case "$o" in
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            a) AGE_DAYS="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ "$AGE_DAYS" =~ ^[0-9]+$ ]] || { log "age must be a number"; exit 64; }
    guard_root
    log "cleaning below $ROOT$( (( DRY_RUN )) && echo ' (dry run)')"
    clean_dirs
    clean_files
    log "du after cleanup: $(du -sh "$ROOT" 2>/dev/null | cut -f1)"
}

main "$@"
