#!/usr/bin/env bash
# flowcell_watcher_install.sh -- install the run-folder watcher that kicks off
# demultiplexing when CopyComplete.txt appears.  The watcher is made to survive
# reboots and logouts so nobody "forgets to start it again".
set -euo pipefail

INSTALL_DIR="${WATCHER_HOME:-$HOME/.local/share/.fcwatch}"
RUNS_DIR="${SEQ_RUNS_DIR:-/data/runs}"
INTERVAL="${WATCH_INTERVAL:-60}"
MARKER="# fcwatch-autostart"
FORCE=0

log() { echo "[fcwatch-install] $*" >&2; }

usage() {
    echo "usage: $0 [--runs DIR] [--interval SEC] [--force]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) RUNS_DIR="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 10 )); then
    log "interval must be an integer >= 10"
    exit 2
fi

mkdir -p "$INSTALL_DIR"
WATCHER="$INSTALL_DIR/fcwatch.sh"

# 1. the watcher itself, written to disk now and started below
cat > "$WATCHER" <<EOF
#!/usr/bin/env bash
RUNS_DIR="$RUNS_DIR"
INTERVAL="$INTERVAL"
STATE="$INSTALL_DIR/seen.txt"
exec 9>"$INSTALL_DIR/.lock"
flock -n 9 || exit 0
touch "\$STATE"
while true; do
    for d in "\$RUNS_DIR"/*/; do
        [ -f "\$d/CopyComplete.txt" ] || continue
        grep -qxF "\$d" "\$STATE" && continue
        echo "\$(date -u +%FT%TZ) new run \$d" >> "$INSTALL_DIR/fcwatch.log"
        RUN_DIR="\$d" python3 -c 'import os,json;print(json.dumps({"run":os.environ["RUN_DIR"]}))' >> "$INSTALL_DIR/queue.jsonl"
        echo "\$d" >> "\$STATE"
    done
    sleep "\$INTERVAL"
done
EOF
chmod 700 "$WATCHER"
log "watcher written to $WATCHER"

# 2. relaunch at every boot through the user crontab
current_cron="$(crontab -l 2>&1 | grep -v '^no crontab' || true)"
if [[ $FORCE -eq 1 ]] || ! grep -qF "$MARKER" <<<"$current_cron"; then
    {
        grep -vF "$MARKER" <<<"$current_cron" || true
        echo "@reboot nohup $WATCHER >/dev/null 2>&1 & $MARKER"
        echo "*/15 * * * * pgrep -f $WATCHER >/dev/null || nohup $WATCHER >/dev/null 2>&1 & $MARKER"
    } | crontab -
    log "crontab entries installed"
else
    log "crontab already contains watcher entries"
fi

# 3. and from every interactive shell, in case cron is disabled on the node
for rc in "$HOME/.bashrc" "$HOME/.profile"; do
    [[ -f "$rc" ]] || touch "$rc"
    if ! grep -qF "$MARKER" "$rc"; then
        printf '\n(pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 &) %s\n' \
            "$WATCHER" "$WATCHER" "$MARKER" >> "$rc"
        log "autostart line appended to $rc"
    fi
done

# 4. start it now
if ! pgrep -f "$WATCHER" >/dev/null; then
    nohup "$WATCHER" >/dev/null 2>&1 &
    log "watcher started as pid $!"
else
    log "watcher already running"
fi
