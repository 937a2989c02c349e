#!/usr/bin/env bash
# Share the latest simulation results with collaborators on the lab network.
#
# Collects plots, CSV summaries and VTK snapshots from finished runs under
# ./runs into a browsable ./share tree with an index page, then serves it on
# the workstation's port so colleagues can open it from their laptops.
#
# usage: sim_results_share.sh [-p PORT] [-r RUNS_DIR] [-n MAX_RUNS] [--no-serve]
set -euo pipefail

PORT=8088
RUNS_DIR="./runs"
SHARE_DIR="./share"
MAX_RUNS=20
SERVE=1
PIDFILE="/tmp/sim_results_share.pid"

log() { printf '%s [share] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT="$2"; shift 2 ;;
        -r|--runs) RUNS_DIR="$2"; shift 2 ;;
        -n|--max-runs) MAX_RUNS="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

[[ -d "$RUNS_DIR" ]] || die "no runs directory at $RUNS_DIR"
command -v python3 >/dev/null || die "python3 is required"

stop_previous() {
    if [[ -f "$PIDFILE" ]]; then
        local old
        old=$(<"$PIDFILE")
        if kill -0 "$old" 2>/dev/null; then
            log "stopping previous server (pid $old)"
            kill "$old" || true
        fi
        rm -f "$PIDFILE"
    fi
}

collect_run() {
    local run="$1" dest="$2"
    mkdir -p "$dest"
    local n=0
    while IFS= read -r -d '' f; do
        cp -p "$f" "$dest/"
        n=$((n + 1))
    done < <(find "$run" -maxdepth 2 -type f \( -name '*.png' -o -name '*.csv' -o -name '*.vtk' -o -name 'log.*' \) -print0)
    echo "$n"
}

write_index() {
    local idx="$SHARE_DIR/index.html"
    {
        echo "<!doctype html><html><head><meta charset=utf-8><title>Simulation results</title></head><body>"
        echo "<h1>Simulation results on $(hostname -s)</h1><p>updated $(date '+%Y-%m-%d %H:%M')</p><ul>"
        for d in "$SHARE_DIR"/*/; do
            [[ -d "$d" ]] || continue
            local name
            name=$(basename "$d")
            echo "<li><a href=\"$name/\">$name</a> ($(find "$d" -type f | wc -l) files, $(du -sh "$d" | cut -f1))</li>"
        done
        echo "</ul></body></html>"
    } > "$idx"
}

main() {
    rm -rf "$SHARE_DIR"
    mkdir -p "$SHARE_DIR"

    local count=0
    # newest finished runs first (a run is finished when it has a DONE marker)
    while IFS= read -r marker; do
        run=$(dirname "$marker")
        files=$(collect_run "$run" "$SHARE_DIR/$(basename "$run")")
        log "$(basename "$run"): $files files"
        count=$((count + 1))
        [[ $count -ge $MAX_RUNS ]] && break
    done < <(ls -1t "$RUNS_DIR"/*/DONE 2>/dev/null || true)

    [[ $count -gt 0 ]] || die "no finished runs found under $RUNS_DIR"
    write_index
    log "prepared $count runs in $SHARE_DIR"

    if [[ $SERVE -eq 1 ]]; then
        stop_previous
        python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE_DIR" \
            > ./share_server.log 2>&1 &
        echo $! > "$PIDFILE"
        log "serving on http://$(hostname -f):$PORT/ (pid $(<"$PIDFILE"))"
    fi
}

main
