#!/usr/bin/env bash
# bridge_cache_cleanup.sh - end a debugging session of the BLE wearable
# bridge: stop the bridge daemon started by run_bridge.sh, archive or drop
# its debug output and build cache so the next run starts fresh.
#
#   ./bridge_cache_cleanup.sh            # stop + clean
#   ./bridge_cache_cleanup.sh --keep     # stop, keep debug logs in ./archive
set -euo pipefail

WORKDIR="$(cd "$(dirname "$0")" && pwd)"
PIDFILE="$WORKDIR/run/bridge.pid"
DEBUG_DIR="$WORKDIR/debug"
ARCHIVE_DIR="$WORKDIR/archive"
KEEP=0
CLEAN_BUILD="${CLEAN_BUILD:-1}"

for arg in "$@"; do
    case "$arg" in
        --keep) KEEP=1 ;;
        --no-build-clean) CLEAN_BUILD=0 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 64 ;;
    esac
done

say() { echo "[cleanup] $*"; }

stop_bridge() {
    if [[ ! -f "$PIDFILE" ]]; then
        say "no pidfile, bridge not running"
        return 0
    fi
    local pid
    pid="$(cat "$PIDFILE")"
    if kill -0 "$pid" 2>/dev/null; then
        say "stopping bridge pid $pid"
        kill -TERM "$pid"
        for _ in 1 2 3 4 5; do
            kill -0 "$pid" 2>/dev/null || break
            sleep 1
        done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" || true
    fi
    rm -f "$PIDFILE"
}

handle_debug_output() {
    [[ -d "$DEBUG_DIR" ]] || return 0
    if (( KEEP )); then
        mkdir -p "$ARCHIVE_DIR"
        local stamp; stamp="$(date +%Y%m%d-%H%M%S)"
        tar -czf "$ARCHIVE_DIR/debug-$stamp.tar.gz" -C "$WORKDIR" debug
        say "debug output archived to archive/debug-$stamp.tar.gz"
    fi
    rm -rf "$DEBUG_DIR"
    rm -f "$WORKDIR"/hci-*.btsnoop "$WORKDIR"/gatt-trace-*.log
}

clean_build() {
    local d
    for d in build dist .pytest_cache .mypy_cache; do
        [[ -d "$WORKDIR/$d" ]] && rm -rf "${WORKDIR:?}/$d"
    done
    find "$WORKDIR" -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
    find "$WORKDIR" -name '*.pyc' -type f -delete 2>/dev/null || true
    say "build cache removed"
}

main() {
    stop_bridge
    handle_debug_output
    if (( CLEAN_BUILD )); then
        clean_build
    fi
    say "done"
}

main
