#!/bin/sh
# lab_teardown.sh - reset an exploit-dev workstation between lab sessions.
#
# Stops the listeners and helper services started by lab_up.sh (pid files in
# ./run), clears build and crash artefacts, and resets the per-user session
# state so the next student starts from a clean slate.
#
# Usage: lab_teardown.sh [--keep-crashes] [--dry-run]

LAB_ROOT="$(pwd)"
RUN_DIR="$LAB_ROOT/run"
KEEP_CRASHES=0
DRY=0

for arg in "$@"; do
    case "$arg" in
        --keep-crashes) KEEP_CRASHES=1 ;;
        --dry-run)      DRY=1 ;;
        -h|--help)      sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

info() { echo "[teardown] $*"; }

act() {
    if [ "$DRY" -eq 1 ]; then
        info "would run: $*"
    else
        "$@"
    fi
}

stop_services() {
    [ -d "$RUN_DIR" ] || { info "no run dir, nothing to stop"; return 0; }
    for pidfile in "$RUN_DIR"/*.pid; do
        [ -e "$pidfile" ] || continue
        pid=$(cat "$pidfile" 2>/dev/null)
        name=$(basename "$pidfile" .pid)
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
            info "stopping $name ($pid)"
            act kill "$pid"
            i=0
            while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 10 ]; do
                sleep 0.5; i=$((i + 1))
            done
            kill -0 "$pid" 2>/dev/null && act kill -9 "$pid"
        fi
        act rm -f "$pidfile"
    done
}

clean_artifacts() {
    for d in build out .gdb_history_dir __pycache__; do
        [ -e "$LAB_ROOT/$d" ] && act rm -rf "$LAB_ROOT/$d"
    done
    act find "$LAB_ROOT" -maxdepth 2 -name 'core*' -type f -delete
    if [ "$KEEP_CRASHES" -eq 0 ] && [ -d "$LAB_ROOT/crashes" ]; then
        info "removing crash corpus"
        act rm -rf "$LAB_ROOT/crashes"
    fi
}

reset_session() {
    # per-user state left behind by gdb, python, less, the shell
    for f in .gdb_history .python_history .lesshst .viminfo .sqlite_history \
             .mysql_history .psql_history; do
        [ -f "$HOME/$f" ] && act rm -f "$HOME/$f"
    done
    for f in .bash_history .zsh_history; do
        if [ -f "$HOME/$f" ]; then
            act shred -u -z -n 1 "$HOME/$f" 2>/dev/null || act rm -f "$HOME/$f"
            act touch "$HOME/$f"
        fi
    done
    if [ -d "$HOME/.local/share/fish" ]; then
        act sh -c ': > "$HOME/.local/share/fish/fish_history"'
    fi
    logs="$HOME/.local/state/lab/logs"
    if [ -d "$logs" ]; then
        act find "$logs" -type f -exec truncate -s 0 {} +
    fi
    HISTFILE=/dev/null; export HISTFILE
    HISTSIZE=0; export HISTSIZE
}

info "tearing down lab in $LAB_ROOT"
stop_services
clean_artifacts
reset_session
info "done - log out and back in before the next session"
