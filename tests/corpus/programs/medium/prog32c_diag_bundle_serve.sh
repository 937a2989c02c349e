#!/usr/bin/env bash
# diag_bundle_serve.sh - gather a diagnostics bundle inside a running
# container and make it downloadable for support.
#
# Run with `kubectl exec -it POD -- /opt/tools/diag_bundle_serve.sh`, then
# `kubectl port-forward POD 9800` and fetch http://localhost:9800/.
# The bundle deliberately contains no environment variables and no
# application config, only process, network and resource information.
#
# options:
#   -o DIR     bundle directory (default /tmp/container-diag)
#   -p PORT    port for the download server (default 9800)
#   -n         collect only, do not start the server
set -uo pipefail

OUT_DIR=/tmp/container-diag
PORT=9800
SERVE=1

while getopts ':o:p:nh' opt; do
    case $opt in
        o) OUT_DIR=$OPTARG ;;
        p) PORT=$OPTARG ;;
        n) SERVE=0 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 64 ;;
    esac
done

log() { echo "[diag] $*" >&2; }

# capture NAME CMD... : run CMD, store its output, never abort the bundle
capture() {
    local name=$1; shift
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "(not available: $1)" > "$OUT_DIR/$name.txt"
        return
    fi
    log "collecting $name"
    timeout 20 "$@" > "$OUT_DIR/$name.txt" 2>&1 || echo "(exit $?)" >> "$OUT_DIR/$name.txt"
}

copy_proc() {
    local src=$1 name=$2
    if [[ -r $src ]]; then
        cat "$src" > "$OUT_DIR/$name.txt"
    fi
}

collect() {
    rm -rf "$OUT_DIR"
    mkdir -p "$OUT_DIR"
    date -u +%FT%TZ > "$OUT_DIR/collected_at.txt"
    hostname > "$OUT_DIR/hostname.txt"

    capture processes   ps -eo pid,ppid,user,stat,rss,etime,args --sort=-rss
    capture disk        df -hT
    capture inodes      df -i
    capture addresses   ip -brief address
    capture routes      ip route
    capture listeners   ss -tln
    capture uptime      uptime
    capture openfiles   sh -c 'ls /proc/self/fd | wc -l'

    copy_proc /proc/self/cgroup     cgroup
    copy_proc /proc/self/mountinfo  mountinfo
    copy_proc /proc/self/limits     limits
    copy_proc /proc/meminfo         meminfo
    copy_proc /proc/loadavg         loadavg
    copy_proc /etc/os-release       os-release

    for f in memory.max memory.current memory.events cpu.max cpu.stat pids.max pids.current; do
        copy_proc "/sys/fs/cgroup/$f" "cgroup-$f"
    done

    ulimit -a > "$OUT_DIR/ulimit.txt"

    tar -C "$(dirname "$OUT_DIR")" -czf "$OUT_DIR.tar.gz" "$(basename "$OUT_DIR")"
    mv "$OUT_DIR.tar.gz" "$OUT_DIR/bundle.tar.gz"
    log "bundle written to $OUT_DIR/bundle.tar.gz ($(du -h "$OUT_DIR/bundle.tar.gz" | cut -f1))"
}

serve() {
    if ! command -v python3 >/dev/null 2>&1; then
        log "python3 missing; copy the bundle with kubectl cp instead"
        return 1
    fi
    log "serving $OUT_DIR on port $PORT (Ctrl-C to stop)"
    cd "$OUT_DIR" || return 1
    python3 -m http.server "$PORT" --bind 0.0.0.0
}

collect
if (( SERVE )); then
    serve
fi
