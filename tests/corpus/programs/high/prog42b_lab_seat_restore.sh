#!/usr/bin/env bash
# Restore a teaching-lab workstation's system configuration between classes.
#
# The golden copies live in the lab-admin repository checked out next to
# this script (golden/). Only files listed in golden/MANIFEST are restored;
# anything else on the machine is left alone.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"
GOLDEN="${GOLDEN_DIR:-$SCRIPT_DIR/golden}"
MANIFEST="$GOLDEN/MANIFEST"
DRY_RUN=0
RESTARTS=()

log() { printf '%s [restore] %s\n' "$(date +%H:%M:%S)" "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -g|--golden) GOLDEN="$2"; MANIFEST="$GOLDEN/MANIFEST"; shift ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
    shift
done

[ -f "$MANIFEST" ] || { log "missing $MANIFEST"; exit 1; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
    else
        "$@"
    fi
}

restore_file() {
    # manifest line: <relative source> <absolute target> <mode> <owner:group> [service]
    local src="$1" target="$2" mode="$3" owner="$4" service="${5:-}"
    local golden_file="$GOLDEN/$src"
    if [ ! -f "$golden_file" ]; then
        log "golden file $src missing, skipping"
        return
    fi
    if sudo cmp -s "$golden_file" "$target" 2>/dev/null; then
        return
    fi
    log "restoring $target"
    run sudo install -D -m "$mode" -o "${owner%%:*}" -g "${owner##*:}" \
        "$golden_file" "$target"
    if [ -n "$service" ]; then
        RESTARTS+=("$service")
    fi
}

while read -r src target mode owner service; do
    case "$src" in ''|'#'*) continue ;; esac
    case "$target" in
        /etc/*) restore_file "$src" "$target" "$mode" "$owner" "$service" ;;
        *) log "refusing non-/etc target $target" ;;
    esac
done < "$MANIFEST"

# Standard lab settings that are not file based.
run sudo hostnamectl set-hostname "$(cat "$GOLDEN/hostname" 2>/dev/null || hostname)"
run sudo timedatectl set-ntp true

if [ "${#RESTARTS[@]}" -gt 0 ]; then
    mapfile -t unique < <(printf '%s\n' "${RESTARTS[@]}" | sort -u)
    for svc in "${unique[@]}"; do
        log "restarting $svc"
        run sudo systemctl restart "$svc"
    done
fi

run sudo systemctl restart cups.service
log "seat $(hostname) restored from $GOLDEN"
