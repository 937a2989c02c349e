#!/usr/bin/env bash
# Share exports on the LAN.
# The dental lab technician comes by with a laptop to pick up the STL
# scans and treatment-plan PDFs for this week's crowns. Instead of USB
# sticks, the front desk runs this: it builds an index page of the
# export folder and serves it on the clinic LAN for a limited time.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./lab-exports}"
PORT="${PORT:-8000}"
MINUTES="${MINUTES:-30}"
LOG_FILE="${LOG_FILE:-./share_exports.log}"

usage() {
    cat <<EOF
usage: $0 [-d dir] [-p port] [-m minutes]
Serves $EXPORT_DIR on all interfaces, port $PORT, for $MINUTES minutes.
EOF
}

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":d:p:m:h" opt; do
    case "$opt" in
        d) EXPORT_DIR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        m) MINUTES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -d "$EXPORT_DIR" ]] || { log "export dir $EXPORT_DIR missing"; exit 1; }
[[ "$PORT" =~ ^[0-9]+$ && "$PORT" -ge 1024 ]] || { log "use an unprivileged port"; exit 1; }

# Build index.html from the folder listing; python reads the folder name
# from the environment and writes the page to stdout.
build_index() {
    EXPORT_DIR="$EXPORT_DIR" python3 - <<'PY'
import html, os, time
root = os.environ["EXPORT_DIR"]
rows = []
for name in sorted(os.listdir(root)):
    path = os.path.join(root, name)
    if name == "index.html" or not os.path.isfile(path):
        continue
    st = os.stat(path)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime))
    rows.append(f'<tr><td><a href="{html.escape(name)}">{html.escape(name)}</a></td>'
                f'<td>{st.st_size // 1024} KB</td><td>{when}</td></tr>')
print("<!doctype html><title>Lab exports</title><h1>Lab exports</h1>")
print("<table><tr><th>File</th><th>Size</th><th>Modified</th></tr>")
print("\n".join(rows) or "<tr><td colspan=3>empty</td></tr>")
print("</table>")
PY
}

lan_address() {
    hostname -I 2>/dev/null | awk '{print $1}'
}

SERVER_PID=""
stop_server() {
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
        log "share stopped"
    fi
}
trap stop_server EXIT INT TERM

build_index >"$EXPORT_DIR/index.html"
count="$(find "$EXPORT_DIR" -maxdepth 1 -type f ! -name index.html | wc -l)"
log "indexed $count files in $EXPORT_DIR"

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$EXPORT_DIR" \
    >>"$LOG_FILE" 2>&1 &
SERVER_PID=$!
sleep 1
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    log "server failed to start, see $LOG_FILE"
    exit 2
fi

addr="$(lan_address)"
log "sharing at http://${addr:-this-pc}:$PORT/ for $MINUTES minutes (pid $SERVER_PID)"
echo "Give the lab technician this address: http://${addr:-this-pc}:$PORT/"

end=$(( $(date +%s) + MINUTES * 60 ))
while (( $(date +%s) < end )); do
    kill -0 "$SERVER_PID" 2>/dev/null || { log "server exited early"; exit 3; }
    sleep 10
done
log "time is up"
