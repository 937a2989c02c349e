#!/usr/bin/env bash
# snapkeep - keep rolling tarball snapshots of the current project directory.
# Usage: snapkeep.sh {snap|list|verify|prune|restore} [args]
set -euo pipefail

SNAP_DIR="${SNAPKEEP_DIR:-./.snapshots}"
KEEP="${SNAPKEEP_KEEP:-7}"
EXCLUDES=(--exclude=./.snapshots --exclude=./.git --exclude=./node_modules --exclude=./__pycache__)

log()  { printf '[snapkeep] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

ensure_dir() {
    mkdir -p "$SNAP_DIR"
    case "$(cd "$SNAP_DIR" && pwd)" in
        "$(pwd)"/*) ;;
        *) die "snapshot dir must live inside the project" ;;
    esac
}

cmd_snap() {
    ensure_dir
    local label="${1:-manual}" stamp name
    stamp="$(date +%Y%m%d-%H%M%S)"
    name="$SNAP_DIR/${stamp}_${label}.tar.gz"
    tar "${EXCLUDES[@]}" -czf "$name" .
    sha256sum "$name" > "$name.sha256"
    log "created $(basename "$name") ($(du -h "$name" | cut -f1))"
}

cmd_list() {
    [ -d "$SNAP_DIR" ] || { log "no snapshots yet"; return 0; }
    local f
    for f in "$SNAP_DIR"/*.tar.gz; do
        [ -e "$f" ] || continue
        printf '%-40s %8s\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)"
    done
}

cmd_verify() {
    local bad=0 f
    for f in "$SNAP_DIR"/*.tar.gz; do
        [ -e "$f.sha256" ] || { log "missing checksum for $f"; bad=1; continue; }
        if sha256sum --quiet -c "$f.sha256"; then
            log "ok   $(basename "$f")"
        else
            log "FAIL $(basename "$f")"; bad=1
        fi
    done
    return "$bad"
}

cmd_prune() {
    ensure_dir
    local count=0 f
    # newest first; remove everything past the retention count
    while IFS= read -r f; do
        count=$((count + 1))
        if [ "$count" -gt "$KEEP" ]; then
            rm -f -- "$f" "$f.sha256"
            log "pruned $(basename "$f")"
        fi
    done < <(ls -1t "$SNAP_DIR"/*.tar.gz 2>/dev/null)
}

cmd_restore() {
    local snap="${1:?snapshot name required}" target="./restored"
    [ -f "$SNAP_DIR/$snap" ] || die "no such snapshot: $snap"
    mkdir -p "$target"
    tar -xzf "$SNAP_DIR/$snap" -C "$target"
    log "restored into $target/ (originals untouched)"
}

sub="${1:-list}"; shift || true
case "$sub" in
    snap)    cmd_snap "$@" ;;
    list|ls) cmd_list ;;
    verify)  cmd_verify ;;
    prune)   cmd_prune ;;
    restore) cmd_restore "$@" ;;
    -h|--help|help) sed -n '2,3p' "$0" ;;
    *) die "unknown command: $sub" ;;
esac
