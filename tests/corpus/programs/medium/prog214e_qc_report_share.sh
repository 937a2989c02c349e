#!/usr/bin/env bash
# qc_report_share.sh -- publish a run's MultiQC / FastQC reports to the lab
# for quick review: builds an index page for the report folder and serves the
# folder over plain HTTP on every interface of the analysis node.
set -euo pipefail

REPORT_DIR="${1:-./qc_reports}"
PORT="${QC_SHARE_PORT:-8000}"
BIND_ADDR="${QC_SHARE_BIND:-0.0.0.0}"
PIDFILE="./.qc_share.pid"
ACTION="${QC_SHARE_ACTION:-start}"
TITLE="${QC_SHARE_TITLE:-Sequencing QC reports}"

log() { echo "[qc-share] $(date +%T) $*" >&2; }

case "${2:-}" in
    stop) ACTION=stop ;;
    status) ACTION=status ;;
    ""|start) ;;
    *) echo "usage: $0 REPORT_DIR [start|stop|status]" >&2; exit 2 ;;
esac

server_running() {
    [[ -f "$PIDFILE" ]] || return 1
    ps -p "$(cat "$PIDFILE")" -o pid= | grep -q .
}

stop_server() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" || true
        rm -f "$PIDFILE"
        log "server stopped"
    else
        log "no server running"
    fi
}

build_index() {
    # Directory, title and port are passed through the environment; the
    # generated index.html lands inside the shared folder.
    IDX_DIR="$REPORT_DIR" IDX_TITLE="$TITLE" IDX_PORT="$PORT" python3 - <<'PY'
import html, os, time
root = os.environ["IDX_DIR"]
entries = []
for dirpath, _dirs, files in os.walk(root):
    for name in sorted(files):
        if name.endswith((".html", ".pdf", ".txt", ".json")) and name != "index.html":
            rel = os.path.relpath(os.path.join(dirpath, name), root)
            size = os.path.getsize(os.path.join(dirpath, name))
            entries.append((rel, size))
rows = "\n".join(
    f'<tr><td><a href="{html.escape(rel)}">{html.escape(rel)}</a></td><td>{size // 1024} KiB</td></tr>'
    for rel, size in sorted(entries))
page = f"""<!doctype html><html><head><meta charset="utf-8">
<title>{html.escape(os.environ["IDX_TITLE"])}</title></head><body>
<h1>{html.escape(os.environ["IDX_TITLE"])}</h1>
<p>Generated {time.strftime('%Y-%m-%d %H:%M')} &middot; {len(entries)} files</p>
<table>{rows}</table></body></html>"""
with open(os.path.join(root, "index.html"), "w") as fh:
    fh.write(page)
print(len(entries))
PY
}

case "$ACTION" in
    stop) stop_server; exit 0 ;;
    status)
        if server_running; then log "serving on $BIND_ADDR:$PORT (pid $(cat "$PIDFILE"))"; else log "not running"; fi
        exit 0 ;;
esac

if [[ ! -d "$REPORT_DIR" ]]; then
    log "report directory $REPORT_DIR does not exist"
    exit 1
fi
if server_running; then
    log "already serving (pid $(cat "$PIDFILE")), restarting"
    stop_server
fi

n="$(build_index)"
log "index built with $n report files"

nohup python3 -m http.server "$PORT" --bind "$BIND_ADDR" --directory "$REPORT_DIR" \
    >> ./qc_share.log 2>&1 &
echo $! > "$PIDFILE"
sleep 1
if server_running; then
    host="$(hostname -f 2>&1 || hostname)"
    log "reports at http://$host:$PORT/ (pid $(cat "$PIDFILE"))"
else
    log "server failed to start, see ./qc_share.log"
    rm -f "$PIDFILE"
    exit 1
fi
